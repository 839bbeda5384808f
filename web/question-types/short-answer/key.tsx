import { AcceptedAnswersEditor } from '../AcceptedAnswersEditor';
import { blankForms, blanksPath, keyDraft, noOptions } from '../keys';
import type { KeyEditorProps, QuestionTypeKey } from '../types';

function ShortAnswerKeyEditor(props: KeyEditorProps) {
  return <AcceptedAnswersEditor {...props} single />;
}

/** One list of accepted answers, stored like one blank (`[[...]]`). */
export const shortAnswerKey: QuestionTypeKey = {
  Editor: ShortAnswerKeyEditor,
  fields: (draft) => ({ options: {}, answer: draft.blanks, answerForms: blankForms(draft, 1) }),
  draft: keyDraft,
  answerPath: blanksPath,
  shownOptions: noOptions,
};
