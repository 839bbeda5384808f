// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { PendingInvitations } from './PendingInvitations';

afterEach(cleanup);

const invitations = [
  {
    id: 'a',
    email: 'kid@example.com',
    sentAt: '2026-11-20T10:00:00Z',
    expiresAt: '2026-11-27T10:00:00Z',
    expired: false,
  },
  {
    id: 'b',
    email: 'old@example.com',
    sentAt: '2026-10-01T10:00:00Z',
    expiresAt: '2026-10-08T10:00:00Z',
    expired: true,
  },
];

function renderList(overrides: Partial<Parameters<typeof PendingInvitations>[0]> = {}) {
  const props = {
    label: 'Invitations waiting',
    invitations,
    emptyText: 'No invitations waiting.',
    onResend: vi.fn(async () => ({ message: 'Sent again.' })),
    onCancel: vi.fn(async () => ({ message: 'Cancelled.' })),
    resendFailed: 'Could not resend.',
    cancelFailed: 'Could not cancel.',
    ...overrides,
  };
  render(<PendingInvitations {...props} />);
  return props;
}

describe('PendingInvitations', () => {
  it('lists each address with how long its link works, or that it expired', () => {
    renderList();
    const rows = screen.getAllByRole('listitem');
    expect(rows[0].textContent).toContain('kid@example.com');
    expect(rows[0].textContent).toContain('link works until Nov 27, 2026');
    expect(rows[1].textContent).toContain('Expired');
  });

  it("sends one again and shows the server's answer, or its refusal", async () => {
    const user = userEvent.setup();
    const props = renderList({
      onResend: vi
        .fn()
        .mockResolvedValueOnce({ message: 'Sent again.' })
        .mockRejectedValueOnce(new ApiError('Too many invitations were sent.', 429)),
    });
    await user.click(screen.getByRole('button', { name: 'Resend the invitation to kid@example.com' }));
    expect(props.onResend).toHaveBeenCalledWith('a');
    expect((await screen.findByRole('status')).textContent).toBe('Sent again.');
    await user.click(screen.getByRole('button', { name: 'Resend the invitation to old@example.com' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many invitations were sent.');
  });

  it('cancels only after the confirmation', async () => {
    const user = userEvent.setup();
    const props = renderList();
    await user.click(screen.getByRole('button', { name: 'Cancel the invitation to kid@example.com' }));
    expect(props.onCancel).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this invitation?' });
    expect(dialog.textContent).toContain('kid@example.com will no longer work');
    await user.click(screen.getByRole('button', { name: 'Cancel invitation' }));
    expect(props.onCancel).toHaveBeenCalledWith('a');
    expect((await screen.findByRole('status')).textContent).toBe('Cancelled.');
  });

  it('says so when none is waiting', () => {
    renderList({ invitations: [] });
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('No invitations waiting.')).toBeTruthy();
  });
});
