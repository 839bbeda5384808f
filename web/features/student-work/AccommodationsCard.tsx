import { useState, type FormEvent } from 'react';
import {
  MAX_EXTRA_BREAK_MINUTES,
  MAX_EXTRA_MINUTES,
  NO_ACCOMMODATIONS,
  TIME_FACTORS,
  type Accommodations,
} from '@common/rules/exams';
import { accommodationsBody } from '@common/schemas/exams';
import { ApiError, errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { SelectField, TextField } from '../../ui/Field';
import { PageCard } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { Toast, useNotify } from '../../ui/Toast';
import { ACCOMMODATIONS_FAILED, useAccommodations, useSaveAccommodations } from './api';
import styles from './StudentWork.module.css';

const SAVE_FAILED = 'Failed to save the accommodations';
const MINUTES = 'minutes';
const EXTRA_TIME_OPTIONS = [
  { value: '', label: 'None' },
  ...TIME_FACTORS.map((factor) => ({ value: String(factor), label: `x${factor}` })),
  { value: MINUTES, label: 'Extra minutes' },
];

type FieldErrors = Partial<Record<keyof Accommodations, string>>;

/** The first message of each field, from the form's own check or the server's refusal (paths as arrays or "a.b"). */
function fieldErrors(issues: ReadonlyArray<{ path: string | readonly PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0]);
    if (field in NO_ACCOMMODATIONS) errors[field as keyof Accommodations] ??= issue.message;
  }
  return errors;
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * A student's accommodations for timed tests: extra time (a factor or minutes added to every timed part), a longer
 * break between sections, larger text. The form waits for the saved values, so nothing typed is overwritten.
 */
export function AccommodationsCard({ studentId }: { studentId: string }) {
  const current = useAccommodations(studentId);
  return (
    <PageCard aria-labelledby="accommodations-title">
      <h2 id="accommodations-title">Accommodations</h2>
      <p className={styles.muted}>They apply to every timed test this student sits from now on.</p>
      {current.isError ? (
        <PageState
          compact
          kind="error"
          title={errorMessage(current.error, ACCOMMODATIONS_FAILED)}
          action={
            <Button size="sm" variant="secondary" onClick={() => void current.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <AccommodationsForm
          // Mounted again once the saved values arrive, so the fields start from them.
          key={current.data ? 'loaded' : 'loading'}
          studentId={studentId}
          initial={current.data ?? NO_ACCOMMODATIONS}
          loading={current.isPending}
        />
      )}
    </PageCard>
  );
}

function AccommodationsForm({
  studentId,
  initial,
  loading,
}: {
  studentId: string;
  initial: Accommodations;
  loading: boolean;
}) {
  const save = useSaveAccommodations(studentId);
  const { notice, notify } = useNotify();
  const [extraTime, setExtraTime] = useState(
    initial.timeFactor ? String(initial.timeFactor) : initial.extraMinutes ? MINUTES : '',
  );
  const [minutes, setMinutes] = useState(initial.extraMinutes ? String(initial.extraMinutes) : '');
  const [breakMinutes, setBreakMinutes] = useState(String(initial.extraBreakMinutes));
  const [largeText, setLargeText] = useState(initial.largeText);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || save.isPending) return;
    const checked = accommodationsBody.safeParse({
      timeFactor: extraTime && extraTime !== MINUTES ? Number(extraTime) : null,
      extraMinutes: extraTime === MINUTES ? numberOf(minutes) : null,
      extraBreakMinutes: breakMinutes.trim() === '' ? 0 : numberOf(breakMinutes),
      largeText,
    });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    try {
      const reply = await save.mutateAsync(checked.data);
      notify('success', reply.message);
    } catch (error) {
      const placed = error instanceof ApiError && error.issues ? fieldErrors(error.issues) : {};
      if (Object.keys(placed).length) setErrors(placed);
      else notify('error', errorMessage(error, SAVE_FAILED));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Toast notice={notice} />
      {loading ? (
        <p className={styles.muted} role="status">
          Loading the accommodations...
        </p>
      ) : null}
      <fieldset className={styles.accommodations} disabled={loading} aria-busy={loading || undefined}>
        <SelectField
          label="Extra time"
          options={EXTRA_TIME_OPTIONS}
          value={extraTime}
          onChange={(e) => setExtraTime(e.target.value)}
          hint="For every timed part of a test: each section, or the test's time limit."
          error={errors.timeFactor ?? (extraTime === MINUTES ? undefined : errors.extraMinutes)}
        />
        {extraTime === MINUTES ? (
          <TextField
            label="Extra minutes"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_EXTRA_MINUTES}
            step={1}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            hint={`Added to every timed part: 1 to ${MAX_EXTRA_MINUTES}.`}
            error={errors.extraMinutes}
          />
        ) : null}
        <TextField
          label="Extra break minutes"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_EXTRA_BREAK_MINUTES}
          step={1}
          value={breakMinutes}
          onChange={(e) => setBreakMinutes(e.target.value)}
          hint={`Added to each break between sections: 0 to ${MAX_EXTRA_BREAK_MINUTES}.`}
          error={errors.extraBreakMinutes}
        />
        <Checkbox label="Larger text" checked={largeText} onChange={(e) => setLargeText(e.target.checked)} />
        {errors.largeText ? (
          <p className={styles.failure} role="alert">
            {errors.largeText}
          </p>
        ) : null}
        <div className={styles.formActions}>
          <Button type="submit" aria-disabled={save.isPending || undefined}>
            {save.isPending ? 'Saving...' : 'Save accommodations'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
