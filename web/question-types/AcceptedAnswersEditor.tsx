import { BlanksEditor } from './BlanksEditor';
import type { KeyEditorProps } from './types';

/** The blanks of the draft, each with its accepted answers (`single`: one list, no placeholders). */
export function AcceptedAnswersEditor({ draft, onChange, errors, single }: KeyEditorProps & { single: boolean }) {
  return (
    <BlanksEditor
      blanks={draft.blanks}
      single={single}
      onChange={(blanks) => onChange({ blanks })}
      error={errors.blanks?.message}
      blankErrors={draft.blanks.map((_, i) => errors.blanks?.[i]?.message)}
    />
  );
}
