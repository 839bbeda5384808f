import { useState, type FormEvent } from 'react';
import { RANDOM_DEFAULT, RANDOM_MAX, RANDOM_MIN, randomCountOf } from '@common/rules';
import type { BuilderQuestion } from '@common/schemas/tests';
import { errorMessage } from '../../api/client';
import { TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { filterBody, type BankFilters } from './BankFilters';
import { drawRandom } from './testsApi';

interface Props {
  filters: BankFilters;
  exclude: string[];
  onDrawn(questions: BuilderQuestion[]): void;
  onClose(): void;
}

/**
 * The Random Test Generator: 1 to 50 questions, 10 unless told, anything else read as 1;
 * drawn by the server from every question matching the current filters, never one already in the test.
 */
export function RandomDialog({ filters, exclude, onDrawn, onClose }: Props) {
  const [count, setCount] = useState(String(RANDOM_DEFAULT));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const active = Object.values(filterBody(filters)).length;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const drawn = await drawRandom({ count: randomCountOf(count), filters: filterBody(filters), exclude });
      onDrawn(drawn.questions);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Error picking random questions'));
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title="Random Test Generator"
      submitLabel="Generate"
      busyLabel="Generating..."
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
      size="sm"
    >
      <TextField
        label="Number of questions"
        type="number"
        inputMode="numeric"
        min={RANDOM_MIN}
        max={RANDOM_MAX}
        step={1}
        value={count}
        onChange={(e) => setCount(e.target.value)}
        hint={`From ${RANDOM_MIN} to ${RANDOM_MAX}. Drawn from ${active ? 'the questions matching the current filters' : 'the whole question bank'}, never one already in the test.`}
        autoFocus
      />
    </FormDialog>
  );
}
