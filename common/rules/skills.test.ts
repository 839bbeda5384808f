import { describe, expect, it } from 'vitest';
import { skillGradeBand, skillName } from './skills';

describe('skill names and grade bands', () => {
  it('names a skill by its focus area, narrowed by its category', () => {
    expect(skillName('Computation', null)).toBe('Computation');
    expect(skillName('Computation', 'Fractions')).toBe('Computation: Fractions');
  });

  it('says a grade band as people say it, and nothing for every grade', () => {
    expect(skillGradeBand({ gradeMin: 3, gradeMax: 6 })).toBe('Grades 3-6');
    expect(skillGradeBand({ gradeMin: 4, gradeMax: 4 })).toBe('Grade 4');
    expect(skillGradeBand({ gradeMin: 5, gradeMax: null })).toBe('Grade 5 and up');
    expect(skillGradeBand({ gradeMin: null, gradeMax: 6 })).toBe('Up to grade 6');
    expect(skillGradeBand({ gradeMin: null, gradeMax: null })).toBeNull();
  });
});
