// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { SortableList, SORT_INSTRUCTIONS } from './SortableList';

afterEach(cleanup);

const items = [
  { id: 'a', name: 'Apples' },
  { id: 'b', name: 'Pears' },
];

describe('SortableList', () => {
  it('is an ordered list whose items each have a handle named after them, described by the keyboard instructions', () => {
    render(
      <SortableList
        label="Fruit in order"
        items={items}
        itemKey={(i) => i.id}
        itemLabel={(i) => i.name}
        onReorder={vi.fn()}
        renderItem={(i, index) => <span>{`${index + 1}. ${i.name}`}</span>}
      />,
    );
    const list = screen.getByRole('list', { name: 'Fruit in order' });
    expect(list.tagName).toBe('OL');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1. Apples', '2. Pears']);
    const handle = screen.getByRole('button', { name: 'Move Apples' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    const described = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(SORT_INSTRUCTIONS);
    expect(screen.getByRole('button', { name: 'Move Pears' })).toBeTruthy();
  });

  it('marks the handles disabled while the order may not change', () => {
    render(
      <SortableList
        label="Fruit"
        items={items}
        itemKey={(i) => i.id}
        itemLabel={(i) => i.name}
        onReorder={vi.fn()}
        renderItem={(i) => i.name}
        disabled
      />,
    );
    expect(screen.getByRole('button', { name: 'Move Apples' }).getAttribute('aria-disabled')).toBe('true');
  });
});
