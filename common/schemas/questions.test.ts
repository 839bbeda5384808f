import { describe, expect, it } from 'vitest';
import {
  isBlankRichText,
  placeholdersIn,
  QUESTION_MESSAGES,
  questionBody,
  readAnswerKey,
  readAttachments,
  readOptions,
  removeOption,
} from './questions';

describe('removing an option', () => {
  it('re-letters the options after it and remaps the correct marks', () => {
    expect(removeOption(['1', '2', '3', '4'], ['B', 'D'], 0)).toEqual({
      options: ['2', '3', '4'],
      correct: ['A', 'C'],
    });
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

  it('reads the HTML of the TipTap editor: its empty documents are blank, math alone is not', () => {
    for (const empty of ['', '<p></p>', '<p></p><p></p>', '<p><br></p>', '<p>&nbsp; &nbsp;</p>'])
      expect(isBlankRichText(empty), empty).toBe(true);
    expect(isBlankRichText('<p><span data-math="inline">$x$</span></p>')).toBe(false);
  });

  it('gives the form and the server the same first message', () => {
    const result = questionBody.safeParse({ grade: '5', type: 'Multiple Choice', focus: [], category: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Please fill in all required fields');
  });
});

describe('questions written in the rich-text editor', () => {
  const ids = { focus: ['00000000-0000-4000-8000-000000000001'], category: ['00000000-0000-4000-8000-000000000002'] };
  const firstMessage = (fields: Record<string, unknown>) => {
    const result = questionBody.safeParse({ grade: '4', ...ids, ...fields });
    return result.success ? null : result.error.issues[0].message;
  };

  it('counts an empty editor as no question text and no option', () => {
    expect(
      firstMessage({
        type: 'Multiple Choice',
        questionText: '<p></p>',
        options: { A: 'a', B: 'b' },
        answer: { a1: ['A'] },
      }),
    ).toBe('Please fill in the question text');
    expect(
      firstMessage({
        type: 'Multiple Choice',
        questionText: '<p>Pick</p>',
        options: { A: '<p></p>', B: 'b' },
        answer: { a1: ['A'] },
      }),
    ).toBe('Please fill in option A or remove it');
  });

  it('finds the ___N___ placeholders typed between math nodes', () => {
    const questionText =
      '<p>E2E: <span data-math="inline">$\\frac{1}{2} =$</span> ___1___ and <span data-math="inline">$3 \\times 4 =$</span> ___2___</p>';
    expect(firstMessage({ type: 'Fill in the Blank', questionText, answer: [['1/2']] })).toBe(
      'The question text has ___2___ but there is no blank 2',
    );
    expect(firstMessage({ type: 'Fill in the Blank', questionText, answer: [['1/2'], ['12']] })).toBeNull();
  });
});

describe('parts of a question that may arrive as JSON strings', () => {
  const image = { filename: `${'a'.repeat(32)}.png`, originalname: 'figure.png' };

  it('are read as values or as JSON strings', () => {
    expect(readAttachments([image])).toEqual([image]);
    expect(readAttachments(JSON.stringify([image]))).toEqual([image]);
    expect(readOptions({ B: 'two', A: 'one' })).toEqual([
      ['A', 'one'],
      ['B', 'two'],
    ]);
    expect(readOptions('{"A":"$\\\\frac{1}{2}$","B":3}')).toEqual([
      ['A', '$\\frac{1}{2}$'],
      ['B', '3'],
    ]);
    expect(readAnswerKey('{"a1":["B"]}')).toEqual({ a1: ['B'] });
    expect(readAnswerKey([['4', 'four']])).toEqual([['4', 'four']]);
  });

  it('are null when the string does not parse or the value has another shape', () => {
    for (const unreadable of ['[{"filename":', '{"filename":"x"}', '"x"', 42, null])
      expect(readAttachments(unreadable)).toBeNull();
    for (const unreadable of ['{not json', ['A'], null, '{"A":{"text":"x"}}'])
      expect(readOptions(unreadable)).toBeNull();
    for (const unreadable of ['{"a1":', '{"a1":"B"}', [['x'], 'y'], undefined])
      expect(readAnswerKey(unreadable)).toBeNull();
  });
});

describe('the bulk delete message', () => {
  it('says "N questions deleted successfully", in the singular for one question only', () => {
    expect(QUESTION_MESSAGES.bulkDeleted(2)).toBe('2 questions deleted successfully');
    expect(QUESTION_MESSAGES.bulkDeleted(37)).toBe('37 questions deleted successfully');
    expect(QUESTION_MESSAGES.bulkDeleted(1)).toBe('1 question deleted successfully');
  });
});
