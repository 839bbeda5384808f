import { describe, expect, it } from 'vitest';
import { courseProgressText, questionStatus } from './progress';

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
