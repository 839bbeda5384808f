import { AcceptedAnswersEditor } from '../AcceptedAnswersEditor';
import { blankForms, blanksPath, keyDraft, noOptions } from '../keys';
import type { KeyEditorProps, QuestionTypeKey } from '../types';

/** Numbered blanks, written in the text as placeholders, each with its accepted answers. */
function FillInTheBlankKeyEditor(props: KeyEditorProps) {
  return <AcceptedAnswersEditor {...props} single={false} />;
}

/** The key is one list of accepted answers per blank. */
export const fillInTheBlankKey: QuestionTypeKey = {
  Editor: FillInTheBlankKeyEditor,
  fields: (draft) => ({ options: {}, answer: draft.blanks, answerForms: blankForms(draft) }),
  draft: keyDraft,
  answerPath: blanksPath,
  shownOptions: noOptions,
};
