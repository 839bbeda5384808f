// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGE_CLEAR_MS } from '@common/rules';
import { Toast, useNotify } from './Toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A screen with one success and one failure to tell. */
function Screen({ clearAfterMs, success, failure }: { clearAfterMs?: number; success: string; failure: string }) {
  const notifier = useNotify(clearAfterMs);
  return (
    <>
      <button onClick={() => notifier.success(success)}>Save</button>
      <button onClick={() => notifier.error(failure)}>Fail</button>
      <Toast notice={notifier.notice} />
    </>
  );
}
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('useNotify', () => {
  it('shows a success politely and an error as an alert, each cleared after 5 s', () => {
    vi.useFakeTimers();
    render(<Screen success="Course created successfully" failure="Failed to save course" />);
    press('Save');
    expect(screen.getByRole('status').textContent).toBe('Course created successfully');
    act(() => vi.advanceTimersByTime(MESSAGE_CLEAR_MS - 1));
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    press('Fail');
    expect(screen.getByRole('alert').textContent).toBe('Failed to save course');
  });

  it("takes a screen's own delay, and a new notice starts the delay again", () => {
    vi.useFakeTimers();
    render(<Screen clearAfterMs={3000} success="Category added" failure="Failed to add category" />);
    press('Save');
    act(() => vi.advanceTimersByTime(2000));
    press('Fail');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('alert').textContent).toBe('Failed to add category');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
