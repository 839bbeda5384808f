import { describe, expect, it } from 'vitest';
import { averagePercent, courseProgressText, questionStatus, sectionPercent, unitDifficulty } from './progress';

describe('progress in words', () => {
  it('counts done sections among those with exercises', () => {
    expect(courseProgressText(undefined)).toBe('No exercises yet');
    expect(courseProgressText({ sectionsDone: 0, sectionsWithExercises: 0 })).toBe('No exercises yet');
    expect(courseProgressText({ sectionsDone: 1, sectionsWithExercises: 1 })).toBe('1 of 1 section done');
    expect(courseProgressText({ sectionsDone: 2, sectionsWithExercises: 5 })).toBe('2 of 5 sections done');
  });

  it('tells a question solved and on which try, or the tries so far', () => {
    expect(questionStatus(undefined)).toBeNull();
    expect(questionStatus({ tries: 0, solvedOnTry: null })).toBeNull();
    expect(questionStatus({ tries: 3, solvedOnTry: 1 })).toEqual({ solved: true, text: 'Solved on the first try' });
    expect(questionStatus({ tries: 3, solvedOnTry: 3 })).toEqual({ solved: true, text: 'Solved on try 3' });
    expect(questionStatus({ tries: 1, solvedOnTry: null })).toEqual({ solved: false, text: 'Not solved yet · 1 try' });
    expect(questionStatus({ tries: 4, solvedOnTry: null })).toEqual({
      solved: false,
      text: 'Not solved yet · 4 tries',
    });
  });
});

describe('the units and sections pages', () => {
  it('measures a section by its solved exercises, and a unit by the rounded average of its sections', () => {
    expect(sectionPercent({ solved: 1, questions: 3 })).toBe(33);
    expect(sectionPercent({ solved: 2, questions: 3 })).toBe(67);
    expect(sectionPercent({ solved: 0, questions: 0 })).toBe(0);
    expect(averagePercent([100, 0, 50])).toBe(50);
    expect(averagePercent([67, 0])).toBe(34);
    expect(averagePercent([])).toBe(0);
  });

  it("badges a unit by its grade: a level's color, any other grade in grey, none without a grade", () => {
    expect(unitDifficulty('Beginner')).toEqual({ label: 'Beginner', tone: 'beginner' });
    expect(unitDifficulty(' intermediate ')).toEqual({ label: 'intermediate', tone: 'intermediate' });
    expect(unitDifficulty('ADVANCED')?.tone).toBe('advanced');
    expect(unitDifficulty('Mixed')?.tone).toBe('mixed');
    expect(unitDifficulty('Grade 5')).toEqual({ label: 'Grade 5', tone: 'other' });
    expect(unitDifficulty('other')).toEqual({ label: 'other', tone: 'other' });
    expect(unitDifficulty('  ')).toBeNull();
  });
});
