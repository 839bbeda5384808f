// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Calendar, calendarRange, type CalendarItem, type CalendarView } from './Calendar';

afterEach(cleanup);

// Tuesday, December 1, 2026, local time.
const TODAY = new Date(2026, 11, 1, 9, 0);
const ITEMS: CalendarItem[] = [
  { id: 'a', at: new Date(2026, 11, 3, 17, 0), title: 'Fractions', status: 'Due', tone: 'info' },
  { id: 'b', at: new Date(2026, 11, 3, 18, 0), title: 'Unit test', status: 'Closes', tone: 'warning' },
  { id: 'c', at: new Date(2026, 11, 28, 8, 0), title: 'Ratios', status: 'Missing', tone: 'danger' },
];

function Owned({ initial = 'month' as CalendarView }) {
  const [state, setState] = useState({ view: initial, day: TODAY });
  return <Calendar label="Your due dates" {...state} onChange={setState} items={ITEMS} today={TODAY} />;
}

const day = (name: RegExp) => screen.getByRole('button', { name });

describe('Calendar', () => {
  it('shows the month in whole weeks, with today marked in words and as the current date', () => {
    render(<Owned />);
    expect(screen.getByRole('heading', { name: /December 2026/ })).toBeTruthy();
    const today = day(/^Tuesday, December 1, 2026, today/);
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(within(today).getByText('Today')).toBeTruthy();
    expect(day(/^Thursday, December 3, 2026, 2 items/)).toBeTruthy();
    // Whole weeks: Sunday, November 29 to Saturday, January 2.
    expect(screen.getAllByRole('gridcell')).toHaveLength(35);
    // One tab stop: today.
    expect(screen.getAllByRole('button').filter((b) => b.tabIndex === 0 && b.closest('td'))).toEqual([today]);
  });

  it('moves between days by the arrow keys and opens a day with Enter', async () => {
    const user = userEvent.setup();
    render(<Owned />);
    day(/^Tuesday, December 1, 2026/).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(day(/^Thursday, December 3, 2026/));
    await user.keyboard('{Enter}');
    const list = screen.getByRole('region', { name: 'Items on Thursday, December 3, 2026' });
    expect(within(list).getByText('Fractions')).toBeTruthy();
    expect(within(list).getByText('Closes')).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(day(/^Thursday, December 24/));
    await user.keyboard('{End}{ArrowRight}');
    // Past the month's last week into January: the grid follows the focus.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('heading', { name: /January 2027/ })).toBeTruthy();
    expect(document.activeElement).toBe(day(/^Sunday, January 3, 2027/));
    await user.keyboard('{PageUp}');
    expect(document.activeElement).toBe(day(/^Thursday, December 3, 2026/));
    await user.keyboard(' ');
    expect(screen.getByRole('region', { name: 'Items on Thursday, December 3, 2026' })).toBeTruthy();
  });

  it('steps by month or week, comes back to today, and shows the week as a list of days with their items', async () => {
    const user = userEvent.setup();
    render(<Owned />);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: /January 2027/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: /December 2026/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: /Nov 29 – Dec 5, 2026/ })).toBeTruthy();
    expect(screen.getAllByRole('listitem').filter((li) => li.parentElement?.tagName === 'OL')).toHaveLength(7);
    expect(screen.getByText('Fractions')).toBeTruthy();
    expect(screen.getByText('Due')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getByRole('heading', { name: /Nov 22 – Nov 28, 2026/ })).toBeTruthy();
  });

  it('gives the range each view reads', () => {
    expect(calendarRange('month', TODAY)).toEqual({ from: new Date(2026, 10, 29), to: new Date(2027, 0, 3) });
    expect(calendarRange('week', TODAY)).toEqual({ from: new Date(2026, 10, 29), to: new Date(2026, 11, 6) });
  });
});
