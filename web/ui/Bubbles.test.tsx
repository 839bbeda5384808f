// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Bubbles } from './Bubbles';

afterEach(cleanup);

function Row() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Bubbles
        label="Answer for question 3"
        options={[
          { value: 'A', label: 'A' },
          { value: 'B', label: 'B' },
          { value: '', label: 'Leave blank', wide: true },
        ]}
        value={value}
        onChange={setValue}
      />
      <output>{value === null ? 'none' : JSON.stringify(value)}</output>
    </>
  );
}

describe('Bubbles', () => {
  it('is a radio group named by its label, each bubble a radio named by its words', async () => {
    const user = userEvent.setup();
    render(<Row />);
    const group = screen.getByRole('radiogroup', { name: 'Answer for question 3' });
    expect(screen.getByRole('status').textContent).toBe('none');
    await user.click(screen.getByRole('radio', { name: 'B' }));
    expect(screen.getByRole('radio', { name: 'B' })).toHaveProperty('checked', true);
    expect(screen.getByRole('status').textContent).toBe('"B"');
    await user.click(screen.getByRole('radio', { name: 'Leave blank' }));
    expect(screen.getByRole('status').textContent).toBe('""');
    expect(screen.getByRole('radio', { name: 'B' })).toHaveProperty('checked', false);
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(3);
  });
});
