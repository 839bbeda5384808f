import { optionLetter, readOptions } from '@common/schemas/questions';
import { keyDraft } from '../keys';
import { OptionsEditor } from '../OptionsEditor';
import type { KeyEditorProps, QuestionTypeKey } from '../types';

/** The options with their correct marks: the key is the marks. */
function MultipleChoiceKeyEditor({ draft, onChange, errors }: KeyEditorProps) {
  return (
    <OptionsEditor
      options={draft.options}
      correct={draft.correct}
      onChange={onChange}
      error={errors.options?.message ?? errors.correct?.message}
      optionErrors={draft.options.map((_, i) => errors.options?.[i]?.message)}
    />
  );
}

/** Options lettered in order; the key `{a1: [...]}` holds the correct letters, shown on the correct marks. */
export const multipleChoiceKey: QuestionTypeKey = {
  Editor: MultipleChoiceKeyEditor,
  fields: (draft) => ({
    options: Object.fromEntries(draft.options.map((text, i) => [optionLetter(i), text])),
    answer: { a1: draft.correct },
    // The letters chosen take no form.
    answerForms: [],
  }),
  draft: keyDraft,
  answerPath: () => ['correct'],
  shownOptions: readOptions,
};
