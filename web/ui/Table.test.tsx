// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { RowToggle, Table } from './Table';

afterEach(cleanup);

const rows = [
  { id: 'a', text: 'What is 2 + 2?', grade: 1 },
  { id: 'b', text: 'Name the angle.', grade: 7 },
];

function Bank() {
  const [selected, setSelected] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  return (
    <Table
      label="Questions"
      rows={rows}
      rowKey={(r) => r.id}
      selection={{
        selected,
        onChange: setSelected,
        rowLabel: (r) => `Select question: ${r.text}`,
        allLabel: 'Select all questions on this page',
      }}
      expansion={{
        expanded,
        onToggle: (id) => setExpanded((e) => (e.includes(id) ? e.filter((x) => x !== id) : [...e, id])),
        detail: (r) => <p>Details of {r.text}</p>,
      }}
      columns={[
        { header: 'Question', cell: (r, state) => <RowToggle state={state}>{r.text}</RowToggle> },
        { header: 'Grade', cell: (r) => r.grade },
      ]}
    />
  );
}

describe('Table', () => {
  it('names its columns and selects rows one by one or the whole page', async () => {
    const user = userEvent.setup();
    render(<Bank />);
    expect(screen.getByRole('table', { name: 'Questions' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Question', 'Grade']);
    const all = screen.getByRole('checkbox', { name: 'Select all questions on this page' }) as HTMLInputElement;
    await user.click(screen.getByRole('checkbox', { name: 'Select question: What is 2 + 2?' }));
    expect(all.checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Select question: Name the angle.' }));
    expect(all.checked).toBe(true);
    await user.click(all);
    expect(screen.getAllByRole('checkbox').some((c) => (c as HTMLInputElement).checked)).toBe(false);
  });

  it('opens a row below itself from its toggle (announced as expanded) or a click on the row, and a checkbox click does not', async () => {
    const user = userEvent.setup();
    render(<Bank />);
    const toggle = screen.getByRole('button', { name: 'What is 2 + 2?' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Details of What is 2 + 2?')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select question: Name the angle.' }));
    expect(screen.queryByText('Details of Name the angle.')).toBeNull();
    const row = screen.getByRole('row', { name: /Name the angle/ });
    await user.click(within(row).getByText('7'));
    expect(screen.getByText('Details of Name the angle.')).toBeTruthy();
    await user.keyboard('{Enter}');
    await user.click(toggle);
    expect(screen.queryByText('Details of What is 2 + 2?')).toBeNull();
  });
});
