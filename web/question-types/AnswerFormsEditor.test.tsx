// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerForm } from '@common/rules/answer-forms';
import { AnswerFormsEditor } from './AnswerFormsEditor';

afterEach(cleanup);

/** The editor as a form holds it: every change kept, the last one handed to the test. */
function Editor({ initial, onForms }: { initial: AnswerForm[]; onForms(forms: AnswerForm[]): void }) {
  const [forms, setForms] = useState(initial);
  return (
    <AnswerFormsEditor
      owner="Answer"
      forms={forms}
      onChange={(next) => {
        setForms(next);
        onForms(next);
      }}
    />
  );
}

describe('AnswerFormsEditor: a margin', () => {
  it('is ticked with the usual margin, shown in the summary, and typed in its own number box', async () => {
    let forms: AnswerForm[] = [];
    render(<Editor initial={[]} onForms={(next) => (forms = next)} />);
    expect(screen.queryByRole('spinbutton', { name: 'Answer: margin (±)' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Within a margin' }));
    expect(forms).toEqual([{ kind: 'margin', margin: 0.01 }]);
    expect(screen.getByText('Answer form: Within ± 0.01')).toBeTruthy();
    const box = screen.getByRole('spinbutton', { name: 'Answer: margin (±)' }) as HTMLInputElement;
    expect(box.value).toBe('0.01');
    // Any decimal, not whole steps only, so the browser never calls 0.05 invalid.
    expect(box.getAttribute('step')).toBe('any');
    await userEvent.clear(box);
    expect(forms).toEqual([{ kind: 'margin', margin: Number.NaN }]);
    await userEvent.type(box, '0.05');
    expect(forms).toEqual([{ kind: 'margin', margin: 0.05 }]);
    expect(screen.getByText('Answer form: Within ± 0.05')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Within a margin' }));
    expect(forms).toEqual([]);
  });

  it('keeps the other forms when its margin changes', async () => {
    let forms: AnswerForm[] = [];
    render(
      <Editor
        initial={[
          { kind: 'decimalPlaces', places: 2 },
          { kind: 'margin', margin: 0.5 },
        ]}
        onForms={(next) => (forms = next)}
      />,
    );
    expect(screen.getByText('Answer form: Decimal to 2 places, Within ± 0.5')).toBeTruthy();
    const box = screen.getByRole('spinbutton', { name: 'Answer: margin (±)' });
    await userEvent.clear(box);
    await userEvent.type(box, '2');
    expect(forms).toEqual([
      { kind: 'decimalPlaces', places: 2 },
      { kind: 'margin', margin: 2 },
    ]);
  });
});
