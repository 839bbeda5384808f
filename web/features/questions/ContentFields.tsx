import type { FieldErrors } from 'react-hook-form';
import { RichTextEditor } from '../../math/RichTextEditor';
import { TextField } from '../../ui/Field';
import { QUESTION_TYPE_KEYS } from '../../question-types/authoring';
import type { QuestionDraft } from './draft';
import { TemplateFields } from './TemplateFields';

interface ContentFieldsProps {
  draft: QuestionDraft;
  onChange(patch: Partial<QuestionDraft>): void;
  /** The form's broken rules (draftSchema's, or the server's), each shown on its field. */
  errors: FieldErrors<QuestionDraft>;
}

/**
 * The body of a question, shared by step 2 and the inline editor: text, answers of its type, solution, hint and its
 * random numbers.
 */
export function ContentFields({ draft, onChange, errors }: ContentFieldsProps) {
  const KeyEditor = draft.type ? QUESTION_TYPE_KEYS[draft.type].Editor : null;
  return (
    <>
      <RichTextEditor
        label="Question Text"
        value={draft.questionText}
        height={500}
        onChange={(questionText) => onChange({ questionText })}
        error={errors.questionText?.message}
      />
      {KeyEditor ? <KeyEditor draft={draft} onChange={onChange} errors={errors} /> : null}
      <RichTextEditor
        label="Solution (optional)"
        value={draft.solution}
        height={500}
        onChange={(solution) => onChange({ solution })}
        error={errors.solution?.message}
      />
      <TextField
        label="Hint (optional)"
        value={draft.hint}
        onChange={(e) => onChange({ hint: e.target.value })}
        error={errors.hint?.message}
      />
      <TemplateFields draft={draft} onChange={onChange} errors={errors} />
    </>
  );
}
