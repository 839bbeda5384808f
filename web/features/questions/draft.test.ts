import { describe, expect, it } from 'vitest';
import { QUESTION_MESSAGES } from '@common/schemas/questions';
import { ApiError } from '../../api/client';
import { draftPath, draftSchema, emptyDraft, onDraftFields, type QuestionDraft } from './draft';

const step1: Partial<QuestionDraft> = {
  grade: '7',
  type: 'Multiple Choice',
  category: ['00000000-0000-4000-8000-000000000001'],
  focus: ['00000000-0000-4000-8000-000000000002'],
};
const problems = (draft: QuestionDraft) => {
  const checked = draftSchema.safeParse(draft);
  return checked.success ? [] : checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the question forms’ schema', () => {
  it('reports every broken rule at once, each on the draft field that shows it', () => {
    expect(problems({ ...emptyDraft(), ...step1 })).toEqual([
      ['questionText', QUESTION_MESSAGES.questionText],
      ['options.0', QUESTION_MESSAGES.fillOption('A')],
    ]);
    expect(
      problems({ ...emptyDraft(), ...step1, grade: '', questionText: '<p>Which?</p>', options: ['1', '2'] }),
    ).toEqual([
      ['grade', QUESTION_MESSAGES.requiredFields],
      ['correct', QUESTION_MESSAGES.correctAnswer],
    ]);
    expect(
      problems({
        ...emptyDraft(),
        ...step1,
        type: 'Fill in the Blank',
        questionText: '<p>___1___</p>',
        blanks: [['2'], ['']],
      }),
    ).toEqual([['blanks.1', QUESTION_MESSAGES.blankAnswers]]);
    expect(
      problems({ ...emptyDraft(), ...step1, questionText: '<p>Which?</p>', options: ['1', '2'], correct: ['B'] }),
    ).toEqual([]);
  });

  it('moves the server’s issues onto the same fields', () => {
    expect(draftPath(['options', 'C'], 'Multiple Choice')).toEqual(['options', '2']);
    expect(draftPath(['answer'], 'Calculation')).toEqual(['blanks']);
    const moved = onDraftFields(
      new ApiError('Refused', 422, undefined, [{ path: 'answer', message: QUESTION_MESSAGES.correctAnswer }]),
      'Multiple Choice',
    );
    expect(moved).toMatchObject({
      status: 422,
      issues: [{ path: 'correct', message: QUESTION_MESSAGES.correctAnswer }],
    });
  });
});
