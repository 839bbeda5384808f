// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { BookOpen } from 'lucide-react';
import { IconTile } from './IconTile';

afterEach(cleanup);

describe('IconTile', () => {
  it('shows its icon in the tone asked for, hidden from screen readers', () => {
    const { container } = render(<IconTile icon={BookOpen} tone="accent" />);
    const tile = container.firstElementChild!;
    expect(tile.getAttribute('aria-hidden')).toBe('true');
    expect(tile.className).toMatch(/accent/);
    expect(tile.querySelector('svg')?.getAttribute('width')).toBe('22');
  });
});
