import { BlanksEditor } from './BlanksEditor';
import type { KeyEditorProps } from './types';

/** The blanks of the draft, each with its accepted answers (`single`: one list, no placeholders). */
export function AcceptedAnswersEditor({ draft, onChange, errors, single }: KeyEditorProps & { single: boolean }) {
  return (
    <BlanksEditor
      blanks={draft.blanks}
      forms={draft.forms}
      single={single}
      onChange={onChange}
      error={errors.blanks?.message ?? errors.forms?.message}
      blankErrors={draft.blanks.map((_, i) => errors.blanks?.[i]?.message)}
      formErrors={draft.blanks.map((_, i) => errors.forms?.[i]?.message)}
    />
  );
}
