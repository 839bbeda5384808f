// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog } from './Dialog';

afterEach(cleanup);

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} title="Add Course" onClose={() => setOpen(false)} footer={<Button>Save</Button>}>
        <label>
          Title <input />
        </label>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is named by its title, keeps focus inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Add Course' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Tab cycles within the dialog: close button, the input, Save, and round again.
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('has a close button named Close', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Edit Unit" onClose={onClose}>
        body
      </Dialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ConfirmDialog', () => {
  it('offers Cancel and the destructive action, in red, and Escape cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog open title="Delete Course" confirmLabel="Delete Course" onConfirm={onConfirm} onCancel={onCancel}>
        This deletes the course.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Course' });
    expect(dialog.textContent).toContain('This deletes the course.');
    const action = screen.getByRole('button', { name: 'Delete Course' });
    expect(action.className).toMatch(/danger/);
    await userEvent.click(action);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('says the action is running and cannot be pressed twice', () => {
    render(
      <ConfirmDialog
        open
        busy
        busyLabel="Deleting..."
        title="Delete Unit"
        confirmLabel="Delete Unit"
        onConfirm={() => {}}
        onCancel={() => {}}
      >
        x
      </ConfirmDialog>,
    );
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
