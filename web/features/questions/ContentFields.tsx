import { RichTextEditor } from '../../math/RichTextEditor';
import { TextField } from '../../ui/Field';
import { BlanksEditor } from './BlanksEditor';
import type { QuestionDraft } from './draft';
import { OptionsEditor } from './OptionsEditor';

interface ContentFieldsProps {
  draft: QuestionDraft;
  onChange(patch: Partial<QuestionDraft>): void;
}

/** The body of a question, shared by step 2 and the inline editor: text, answers of its type, solution and hint. */
export function ContentFields({ draft, onChange }: ContentFieldsProps) {
  return (
    <>
      <RichTextEditor label="Question Text" value={draft.questionText} height={500} onChange={(questionText) => onChange({ questionText })} />
      {draft.type === 'Multiple Choice' ? (
        <OptionsEditor options={draft.options} correct={draft.correct} onChange={onChange} />
      ) : draft.type ? (
        <BlanksEditor blanks={draft.blanks} single={draft.type !== 'Fill in the Blank'} onChange={(blanks) => onChange({ blanks })} />
      ) : null}
      <RichTextEditor label="Solution (optional)" value={draft.solution} height={500} onChange={(solution) => onChange({ solution })} />
      <TextField label="Hint (optional)" value={draft.hint} onChange={(e) => onChange({ hint: e.target.value })} />
    </>
  );
}
