import { Plus, Trash2, X } from 'lucide-react';
import type { AnswerForm } from '@common/rules/answer-forms';
import { blankPlaceholder, MAX_ACCEPTED_ANSWERS, MAX_BLANKS } from '@common/schemas/questions';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { AnswerFormsEditor } from './AnswerFormsEditor';
import { GroupProblem } from './GroupProblem';
import styles from './key.module.css';

interface BlanksEditorProps {
  blanks: string[][];
  /** The forms of each blank, beside `blanks`. */
  forms: AnswerForm[][];
  /** A blank added or removed changes both lists at once, so each blank keeps its own forms. */
  onChange(patch: { blanks: string[][]; forms?: AnswerForm[][] }): void;
  /** Calculation and Short Answer keep one list of accepted answers and no placeholders. */
  single?: boolean;
  /** A rule about the blanks as a whole, and about each blank's answers. */
  error?: string;
  blankErrors?: ReadonlyArray<string | undefined>;
  formErrors?: ReadonlyArray<string | undefined>;
}

/**
 * Numbered blanks, each with several accepted answers (text, LaTeX or a number with units). At least one blank
 * and one answer per blank remain: their remove buttons are disabled at one. Answers are plain text, as the
 * answer checker reads them.
 */
export function BlanksEditor({
  blanks,
  forms,
  onChange,
  single = false,
  error,
  blankErrors = [],
  formErrors = [],
}: BlanksEditorProps) {
  const update = (b: number, answers: string[]) =>
    onChange({ blanks: blanks.map((list, i) => (i === b ? answers : list)) });
  const formsOf = (b: number) => forms[b] ?? [];
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{single ? 'Accepted answers' : 'Blanks'}</legend>
      {single ? null : (
        <p className={styles.hint}>
          Write {blankPlaceholder(1)}, {blankPlaceholder(2)} and so on in the question text where each blank goes: three
          underscores, the blank number, three underscores.
        </p>
      )}
      {blanks.map((answers, b) => (
        <div key={b} className={styles.blank}>
          <div className={styles.blankHead}>
            <strong>{single ? 'Answer' : `Blank ${b + 1}`}</strong>
            {single ? null : (
              <Button
                size="sm"
                variant="ghost"
                disabled={blanks.length <= 1}
                aria-label={`Remove blank ${b + 1}`}
                onClick={() =>
                  onChange({
                    blanks: blanks.filter((_, i) => i !== b),
                    forms: blanks.map((_, i) => formsOf(i)).filter((_, i) => i !== b),
                  })
                }
                icon={Trash2}
              >
                Remove blank
              </Button>
            )}
          </div>
          {answers.map((answer, a) => (
            <div key={a} className={styles.answerRow}>
              <TextField
                label={`${single ? 'Accepted' : `Blank ${b + 1}, accepted`} answer ${a + 1}`}
                value={answer}
                placeholder="e.g. 12, \frac{3}{4} or 5 cm"
                onChange={(e) =>
                  update(
                    b,
                    answers.map((x, i) => (i === a ? e.target.value : x)),
                  )
                }
              />
              <Button
                size="sm"
                variant="ghost"
                disabled={answers.length <= 1}
                aria-label={`Remove answer ${a + 1} of ${single ? 'the question' : `blank ${b + 1}`}`}
                onClick={() =>
                  update(
                    b,
                    answers.filter((_, i) => i !== a),
                  )
                }
              >
                <X size={16} aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            variant="secondary"
            disabled={answers.length >= MAX_ACCEPTED_ANSWERS}
            onClick={() => update(b, [...answers, ''])}
            icon={Plus}
          >
            Add Answer
          </Button>
          <GroupProblem message={blankErrors[b]} />
          <AnswerFormsEditor
            owner={single ? 'Answer' : `Blank ${b + 1}`}
            forms={formsOf(b)}
            onChange={(changed) => onChange({ blanks, forms: blanks.map((_, i) => (i === b ? changed : formsOf(i))) })}
            error={formErrors[b]}
          />
        </div>
      ))}
      {single ? null : (
        <Button
          size="sm"
          variant="secondary"
          disabled={blanks.length >= MAX_BLANKS}
          onClick={() => onChange({ blanks: [...blanks, ['']], forms: [...blanks.map((_, i) => formsOf(i)), []] })}
          icon={Plus}
        >
          Add Blank
        </Button>
      )}
      <GroupProblem message={error} />
    </fieldset>
  );
}
