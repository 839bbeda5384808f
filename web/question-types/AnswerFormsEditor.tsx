import {
  ANSWER_FORM_KINDS,
  FORM_KIND_LABELS,
  formLabel,
  newForm,
  type AnswerForm,
  type AnswerFormKind,
} from '@common/rules/answer-forms';
import { Checkbox } from '../ui/Checkbox';
import { CommaList } from '../ui/CommaList';
import { Disclosure } from '../ui/Disclosure';
import { TextField } from '../ui/Field';
import { GroupProblem } from './GroupProblem';
import styles from './key.module.css';

interface AnswerFormsEditorProps {
  /** Whose forms: "Blank 2" or "Answer". */
  owner: string;
  forms: readonly AnswerForm[];
  onChange(forms: AnswerForm[]): void;
  error?: string;
}

/** What a number typed in a form's box becomes: NaN when it is not a number, for the rules to refuse. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The forms an answer must take, closed to one line ("Answer form: any equivalent value") until the author opens
 * it: a box per form, and the number or name a form takes beside it once ticked.
 */
export function AnswerFormsEditor({ owner, forms, onChange, error }: AnswerFormsEditorProps) {
  const chosen = (kind: AnswerFormKind) => forms.find((form) => form.kind === kind);
  const toggle = (kind: AnswerFormKind, on: boolean) =>
    onChange(on ? [...forms, newForm(kind)] : forms.filter((form) => form.kind !== kind));
  const replace = (next: AnswerForm) => onChange(forms.map((form) => (form.kind === next.kind ? next : form)));
  const summary = forms.length === 0 ? 'Any equivalent value' : forms.map(formLabel).join(', ');

  return (
    <Disclosure summary={<span>{`${owner} form: ${summary}`}</span>}>
      <p className={styles.hint}>
        Tick what a right answer must also be. A student whose answer is equal but written otherwise is told what to
        change, and it does not count as a wrong try.
      </p>
      <div className={styles.forms}>
        {ANSWER_FORM_KINDS.map((kind) => {
          const form = chosen(kind);
          return (
            <div key={kind} className={styles.form}>
              <Checkbox
                label={FORM_KIND_LABELS[kind]}
                checked={form !== undefined}
                onChange={(e) => toggle(kind, e.target.checked)}
              />
              {form?.kind === 'decimalPlaces' ? (
                <TextField
                  label={`${owner}: decimal places`}
                  type="number"
                  inputMode="numeric"
                  value={Number.isNaN(form.places) ? '' : form.places}
                  onChange={(e) => replace({ kind: 'decimalPlaces', places: typedNumber(e.target.value) })}
                />
              ) : null}
              {form?.kind === 'significantFigures' ? (
                <TextField
                  label={`${owner}: significant figures`}
                  type="number"
                  inputMode="numeric"
                  value={Number.isNaN(form.figures) ? '' : form.figures}
                  onChange={(e) => replace({ kind: 'significantFigures', figures: typedNumber(e.target.value) })}
                />
              ) : null}
              {form?.kind === 'margin' ? (
                <TextField
                  label={`${owner}: margin (±)`}
                  type="number"
                  inputMode="decimal"
                  step="any"
                  value={Number.isNaN(form.margin) ? '' : form.margin}
                  onChange={(e) => replace({ kind: 'margin', margin: typedNumber(e.target.value) })}
                />
              ) : null}
              {form?.kind === 'variable' ? (
                <TextField
                  label={`${owner}: variable`}
                  value={form.name}
                  maxLength={1}
                  onChange={(e) => replace({ kind: 'variable', name: e.target.value.trim() })}
                />
              ) : null}
              {form?.kind === 'nonZero' ? (
                <CommaList
                  label={`${owner}: letters never zero`}
                  hint="An equation may be divided by them. Separate them with commas, e.g. a, b"
                  items={form.names}
                  onChange={(names) => replace({ kind: 'nonZero', names })}
                />
              ) : null}
              {form?.kind === 'units' ? (
                <CommaList
                  label={`${owner}: units allowed`}
                  hint="Separate them with commas, e.g. cm, mm"
                  items={form.units}
                  onChange={(units) => replace({ kind: 'units', units })}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <GroupProblem message={error} />
    </Disclosure>
  );
}
