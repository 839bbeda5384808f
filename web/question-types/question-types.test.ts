import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ComponentType } from 'react';
import { QUESTION_TYPES, type QuestionType } from '@common/schemas/questions';
import { ANSWER_INPUTS } from './answering';
import { QUESTION_TYPE_KEYS } from './authoring';
import type { AnswerInputProps, QuestionTypeKey } from './types';

describe('the web registries of the question types', () => {
  it('name every type, so a new type does not compile without its answer control and key editor', () => {
    // Full records, not partial ones or lookups with a fallback.
    expectTypeOf(ANSWER_INPUTS).toEqualTypeOf<Record<QuestionType, ComponentType<AnswerInputProps>>>();
    expectTypeOf(QUESTION_TYPE_KEYS).toEqualTypeOf<Record<QuestionType, QuestionTypeKey>>();
    // @ts-expect-error: a registry missing a type's answer control is refused.
    const noInput: Record<QuestionType, ComponentType<AnswerInputProps>> = {
      'Multiple Choice': ANSWER_INPUTS['Multiple Choice'],
      'Short Answer': ANSWER_INPUTS['Short Answer'],
      Calculation: ANSWER_INPUTS.Calculation,
    };
    // @ts-expect-error: a registry missing a type's key is refused.
    const noKey: Record<QuestionType, QuestionTypeKey> = {
      'Multiple Choice': QUESTION_TYPE_KEYS['Multiple Choice'],
      'Short Answer': QUESTION_TYPE_KEYS['Short Answer'],
      Calculation: QUESTION_TYPE_KEYS.Calculation,
    };
    expect([noInput, noKey]).toBeDefined();
    expect(Object.keys(ANSWER_INPUTS).sort()).toEqual([...QUESTION_TYPES].sort());
    expect(Object.keys(QUESTION_TYPE_KEYS).sort()).toEqual([...QUESTION_TYPES].sort());
  });

  it('read a stored key into the draft and write it back as the type stores it', () => {
    const empty = { options: [], correct: [], blanks: [['']], forms: [] };
    const choice = QUESTION_TYPE_KEYS['Multiple Choice'];
    expect(choice.draft({ a1: ['A', 'C'] })).toEqual({ correct: ['A', 'C'], blanks: [['']] });
    expect(choice.fields({ ...empty, options: ['1', '2'], correct: ['B'] })).toEqual({
      options: { A: '1', B: '2' },
      answer: { a1: ['B'] },
      answerForms: [],
    });
    expect(choice.answerPath(['0'])).toEqual(['correct']);
    const calculation = QUESTION_TYPE_KEYS.Calculation;
    expect(calculation.draft({ a1: ['3/4', '0.75'] })).toEqual({ correct: ['3/4', '0.75'], blanks: [['3/4', '0.75']] });
    expect(calculation.fields({ ...empty, blanks: [['42']], forms: [[{ kind: 'whole' }]] })).toEqual({
      options: {},
      answer: { a1: ['42'] },
      answerForms: [[{ kind: 'whole' }]],
    });
    expect(QUESTION_TYPE_KEYS['Short Answer'].fields({ ...empty, blanks: [['Paris']] })).toEqual({
      options: {},
      answer: [['Paris']],
      answerForms: [[]],
    });
    // Each blank's forms beside it; a blank without forms has none.
    expect(
      QUESTION_TYPE_KEYS['Fill in the Blank'].fields({
        ...empty,
        blanks: [['3/4'], ['2']],
        forms: [[{ kind: 'simplest' }]],
      }),
    ).toEqual({ options: {}, answer: [['3/4'], ['2']], answerForms: [[{ kind: 'simplest' }], []] });
    expect(QUESTION_TYPE_KEYS['Short Answer'].draft({ a1: ['Paris'] })).toEqual({ correct: ['Paris'], blanks: [['']] });
    expect(QUESTION_TYPE_KEYS['Fill in the Blank'].draft([['1'], ['2', 'two']])).toEqual({
      correct: [],
      blanks: [['1'], ['2', 'two']],
    });
    expect(QUESTION_TYPE_KEYS['Fill in the Blank'].answerPath(['1', '0'])).toEqual(['blanks', '1', '0']);
    expect(QUESTION_TYPE_KEYS['Fill in the Blank'].shownOptions({ A: 'x' })).toEqual([]);
    expect(choice.shownOptions('{"A":')).toBeNull();
  });
});
