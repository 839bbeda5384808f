import { AcceptedAnswersEditor } from '../AcceptedAnswersEditor';
import { blankForms, blanksPath, keyDraft, noOptions } from '../keys';
import type { KeyEditorProps, QuestionTypeKey } from '../types';

function CalculationKeyEditor(props: KeyEditorProps) {
  return <AcceptedAnswersEditor {...props} single />;
}

/** One list of accepted answers, stored as `{a1: [...]}`. */
export const calculationKey: QuestionTypeKey = {
  Editor: CalculationKeyEditor,
  fields: (draft) => ({ options: {}, answer: { a1: draft.blanks[0] ?? [] }, answerForms: blankForms(draft, 1) }),
  draft: (key) => (Array.isArray(key) ? keyDraft(key) : { correct: [...key.a1], blanks: [[...key.a1]] }),
  answerPath: blanksPath,
  shownOptions: noOptions,
};
