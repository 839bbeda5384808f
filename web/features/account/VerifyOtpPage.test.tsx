// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import VerifyOtpPage from './VerifyOtpPage';

const fetchMock = vi.fn();

function reply(status: number, body: object) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function renderPage(state: object | null = { email: 'kid@example.com', purpose: 'email-verification' }) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/verify-otp', state }]}>
      <Routes>
        <Route path="/verify-otp" element={<VerifyOtpPage />} />
        <Route path="/complete-profile" element={<p>Complete profile page</p>} />
        <Route path="/reset-password" element={<p>Reset password page</p>} />
        <Route path="/signup" element={<p>Sign up page</p>} />
        <Route path="/forget-password" element={<p>Forgot password page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Lets pending promises (the mocked fetch) settle inside act. */
const settle = () =>
  act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const digit = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;
const resendButton = () => screen.getByRole('button', { name: /Resend code/ });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the code page', () => {
  it('counts down from 5:00 in m:ss', () => {
    renderPage();
    expect(screen.getByText('Code expires in 5:00')).toBeTruthy();
    tick(1000);
    expect(screen.getByText('Code expires in 4:59')).toBeTruthy();
    tick(60_000);
    expect(screen.getByText('Code expires in 3:59')).toBeTruthy();
    tick(240_000);
    expect(screen.getByText('The code has expired. Request a new one.')).toBeTruthy();
  });

  it('keeps resend disabled for 60 s, then a resend resets the countdown, clears the digits and waits again', async () => {
    renderPage();
    expect(resendButton().hasAttribute('disabled')).toBe(true);
    tick(59_000);
    expect(resendButton().hasAttribute('disabled')).toBe(true);
    tick(1000);
    expect(resendButton().hasAttribute('disabled')).toBe(false);
    fireEvent.change(digit(1), { target: { value: '7' } });
    expect(screen.getByText('Code expires in 4:00')).toBeTruthy();

    fetchMock.mockReturnValueOnce(reply(200, { message: 'sent' }));
    fireEvent.click(resendButton());
    await settle();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/resend-otp',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'kid@example.com', purpose: 'email-verification' }),
      }),
    );
    expect(screen.getByText('Code expires in 5:00')).toBeTruthy();
    expect(digit(1).value).toBe('');
    expect(resendButton().hasAttribute('disabled')).toBe(true);
    expect(resendButton().textContent).toBe('Resend code in 60s');
  });

  it('re-enables resend when the resend fails, with the fallback message', async () => {
    renderPage();
    tick(60_000);
    fetchMock.mockReturnValueOnce(reply(500, {}));
    fireEvent.click(resendButton());
    await settle();
    expect(resendButton().hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Failed to resend verification code. Please try again later.');
  });

  it('asks for all six digits and sends nothing when fewer are given; the message clears after 5 s', () => {
    renderPage();
    fireEvent.change(digit(1), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter all 6 digits of the verification code');
    expect(fetchMock).not.toHaveBeenCalled();
    tick(5000);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the success text and moves on to complete the profile after 2 s', async () => {
    renderPage();
    fetchMock.mockReturnValueOnce(reply(200, { message: 'ok', purpose: 'email-verification' }));
    for (let i = 1; i <= 6; i++) fireEvent.change(digit(i), { target: { value: String(i) } });
    await settle();
    expect(screen.getByText('Email verified successfully! Redirecting you...')).toBeTruthy();
    tick(1900);
    expect(screen.queryByText('Complete profile page')).toBeNull();
    tick(100);
    expect(screen.getByText('Complete profile page')).toBeTruthy();
  });

  it('for a password reset, moves on to the reset page after 2 s', async () => {
    renderPage({ email: 'kid@example.com', purpose: 'password-reset' });
    fetchMock.mockReturnValueOnce(reply(200, { message: 'ok', purpose: 'password-reset' }));
    for (let i = 1; i <= 6; i++) fireEvent.change(digit(i), { target: { value: '9' } });
    await settle();
    expect(screen.getByText('Verification successful! Taking you to reset your password...')).toBeTruthy();
    tick(2000);
    expect(screen.getByText('Reset password page')).toBeTruthy();
  });

  it('shows the server message when the code is wrong', async () => {
    renderPage();
    fetchMock.mockReturnValueOnce(reply(400, { message: 'Invalid or expired code' }));
    for (let i = 1; i <= 6; i++) fireEvent.change(digit(i), { target: { value: '0' } });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired code');
  });

  it('focuses the first box, and sends the code once on the sixth digit', async () => {
    renderPage();
    expect(document.activeElement).toBe(digit(1));
    fetchMock.mockReturnValueOnce(reply(200, { message: 'ok', purpose: 'email-verification' }));
    for (let i = 1; i <= 5; i++) fireEvent.change(digit(i), { target: { value: String(i) } });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(digit(6), { target: { value: '6' } });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/verify-otp',
      expect.objectContaining({
        body: JSON.stringify({ email: 'kid@example.com', otp: '123456', purpose: 'email-verification' }),
      }),
    );
  });

  it('clears a stale error as soon as six digits are in again', async () => {
    renderPage();
    fireEvent.change(digit(1), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter all 6 digits of the verification code');
    // The next answer never arrives while we look: the error must be gone before it.
    fetchMock.mockReturnValueOnce(new Promise(() => {}));
    for (let i = 2; i <= 6; i++) fireEvent.change(digit(i), { target: { value: String(i) } });
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('without an e-mail goes back to sign-up, or to forgot password for a reset', () => {
    renderPage(null);
    expect(screen.getByText('Sign up page')).toBeTruthy();
    cleanup();
    renderPage({ purpose: 'password-reset' });
    expect(screen.getByText('Forgot password page')).toBeTruthy();
  });

  it('reads the pending e-mail from local storage', () => {
    localStorage.setItem('pendingVerificationEmail', 'stored@example.com');
    renderPage(null);
    expect(screen.getByText('stored@example.com')).toBeTruthy();
  });
});
