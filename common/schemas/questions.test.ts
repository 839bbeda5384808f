import { describe, expect, it } from 'vitest';
import { isBlankRichText, placeholdersIn, questionBody, removeOption } from './questions';

describe('removing an option', () => {
  it('re-letters the options after it and remaps the correct marks', () => {
    expect(removeOption(['1', '2', '3', '4'], ['B', 'D'], 0)).toEqual({ options: ['2', '3', '4'], correct: ['A', 'C'] });
    expect(removeOption(['1', '2', '3', '4'], ['B', 'D'], 1)).toEqual({ options: ['1', '3', '4'], correct: ['C'] });
    expect(removeOption(['1', '2', '3'], ['A'], 2)).toEqual({ options: ['1', '2'], correct: ['A'] });
  });
});

describe('question text helpers', () => {
  it('finds the blank placeholders and blank rich text', () => {
    expect(placeholdersIn('a ___2___ b ___1___ c ___2___')).toEqual([2, 1]);
    expect(isBlankRichText('<p> &nbsp;</p><p></p>')).toBe(true);
    expect(isBlankRichText('<p><img src="/x.png"></p>')).toBe(false);
  });

  it('gives the form and the server the same first message', () => {
    const result = questionBody.safeParse({ grade: '5', type: 'Multiple Choice', focus: [], category: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Please fill in all required fields');
  });
});
