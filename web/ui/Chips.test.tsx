// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { ChipSelect, TagInput } from './Chips';

afterEach(cleanup);

/** Renders a picker, with a user to drive it. */
const setup = (picker: ReactElement) => ({ user: userEvent.setup(), ...render(picker) });

function Categories() {
  const [tags, setTags] = useState<string[]>(['Fractions']);
  return (
    <TagInput
      label="Categories"
      value={tags}
      onChange={setTags}
      problemWith={(tag, all) =>
        !tag ? 'Category cannot be empty' : all.includes(tag) ? `"${tag}" is already added` : null
      }
    />
  );
}

describe('TagInput', () => {
  it('adds a trimmed tag on Enter or Add, says why one is refused, and removes a chip by its named button', async () => {
    const { user } = setup(<Categories />);
    const input = screen.getByRole('textbox', { name: 'Categories' });
    await user.type(input, ' Decimals {Enter}');
    await user.type(input, 'Fractions');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('"Fractions" is already added');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const chosen = screen.getByRole('list', { name: 'Chosen categories' });
    expect(chosen.textContent).toBe('FractionsDecimals');
    await user.click(screen.getByRole('button', { name: 'Remove Fractions' }));
    expect(chosen.textContent).toBe('Decimals');
  });
});

function Picker() {
  const [ids, setIds] = useState<string[]>([]);
  return (
    <ChipSelect
      label="Focus Areas"
      options={[
        { value: 'f1', label: 'Algebra' },
        { value: 'f2', label: 'Geometry' },
      ]}
      value={ids}
      onChange={setIds}
    />
  );
}

describe('ChipSelect', () => {
  it('moves a chosen option from the select into the chips, and back when removed', async () => {
    const { user } = setup(<Picker />);
    const select = screen.getByRole('combobox', { name: 'Focus Areas' });
    await user.selectOptions(select, 'f2');
    expect(screen.getByRole('list', { name: 'Chosen focus areas' }).textContent).toBe('Geometry');
    expect(screen.queryByRole('option', { name: 'Geometry' })).toBeNull();
    await user.selectOptions(select, 'f1');
    expect(screen.getByRole('option', { name: 'All focus areas chosen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Geometry' }));
    expect(screen.getByRole('option', { name: 'Geometry' })).toBeTruthy();
  });
});
