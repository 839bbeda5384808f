import type { FieldErrors } from 'react-hook-form';
import { RichTextEditor } from '../../math/RichTextEditor';
import { TextField } from '../../ui/Field';
import { BlanksEditor } from './BlanksEditor';
import type { QuestionDraft } from './draft';
import { OptionsEditor } from './OptionsEditor';

interface ContentFieldsProps {
  draft: QuestionDraft;
  onChange(patch: Partial<QuestionDraft>): void;
  /** The form's broken rules (draftSchema's, or the server's), each shown on its field. */
  errors: FieldErrors<QuestionDraft>;
}

/** The body of a question, shared by step 2 and the inline editor: text, answers of its type, solution and hint. */
export function ContentFields({ draft, onChange, errors }: ContentFieldsProps) {
  return (
    <>
      <RichTextEditor
        label="Question Text"
        value={draft.questionText}
        height={500}
        onChange={(questionText) => onChange({ questionText })}
        error={errors.questionText?.message}
      />
      {draft.type === 'Multiple Choice' ? (
        <OptionsEditor
          options={draft.options}
          correct={draft.correct}
          onChange={onChange}
          error={errors.options?.message ?? errors.correct?.message}
          optionErrors={draft.options.map((_, i) => errors.options?.[i]?.message)}
        />
      ) : draft.type ? (
        <BlanksEditor
          blanks={draft.blanks}
          single={draft.type !== 'Fill in the Blank'}
          onChange={(blanks) => onChange({ blanks })}
          error={errors.blanks?.message}
          blankErrors={draft.blanks.map((_, i) => errors.blanks?.[i]?.message)}
        />
      ) : null}
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
    </>
  );
}
