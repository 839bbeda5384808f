// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pencil } from 'lucide-react';
import { Button } from './Button';

afterEach(cleanup);

describe('Button', () => {
  it('shows its icon hidden from screen readers, is named by its words or label, and works from the keyboard', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button size="sm" icon={Pencil} onClick={onClick} aria-label="Edit Fractions">
        Edit
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Edit Fractions' });
    const icon = button.querySelector('svg')!;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.getAttribute('width')).toBe('16');
    expect(button.textContent).toBe('Edit');
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is named by its words alone when it has no label', () => {
    render(<Button icon={Pencil}>Edit</Button>);
    expect(screen.getByRole('button', { name: 'Edit' }).querySelector('svg')?.getAttribute('width')).toBe('18');
  });
});
