import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  MESSAGES,
  OTP_LENGTH,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  REDIRECT_DELAY_MS,
  formatCountdown,
} from '@common/rules';
import type { OtpPurpose } from '@common/schemas/auth';
import { api, errorMessage } from '../../api/client';
import { PENDING_EMAIL_KEY, paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { AuthCard } from './AuthCard';
import { CodeInput, emptyCode } from './CodeInput';
import { useCountdown } from './useCountdown';
import styles from './account.module.css';

interface VerifyState {
  email?: string;
  purpose?: OtpPurpose;
}

const VERIFY_FAILED = 'Failed to verify code. Please try again.';
const RESEND_FAILED = 'Failed to resend verification code. Please try again later.';

/** Six single-digit boxes, a 300 s countdown, and a resend that waits 60 s. */
export default function VerifyOtpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as VerifyState;
  const purpose: OtpPurpose = state.purpose ?? 'email-verification';
  const email = state.email ?? (purpose === 'email-verification' ? localStorage.getItem(PENDING_EMAIL_KEY) : null);

  const [digits, setDigits] = useState(emptyCode);
  const expiry = useCountdown(OTP_TTL_SECONDS);
  const cooldown = useCountdown(OTP_RESEND_COOLDOWN_SECONDS);
  const [busy, setBusy] = useState(false);
  // Set once the code is accepted: the page shows the success text, then moves on after a fixed delay.
  const [next, setNext] = useState<{ to: string; state: object } | null>(null);
  const done = next !== null;
  const { notice, notify, clear } = useNotify();
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next.to, { state: next.state }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  if (!email) return <Navigate to={purpose === 'password-reset' ? paths.forgotPassword : paths.signup} replace />;

  const submit = async (code: string[] = digits) => {
    if (busy || done) return;
    const otp = code.join('');
    if (otp.length !== OTP_LENGTH) return notify('error', MESSAGES.codeIncomplete);
    setBusy(true);
    try {
      await api.post('/auth/verify-otp', { email, otp, purpose }, VERIFY_FAILED);
      if (purpose === 'password-reset') {
        notify('success', 'Verification successful! Taking you to reset your password...');
        setNext({ to: paths.resetPassword, state: { email, otp } });
      } else {
        notify('success', 'Email verified successfully! Redirecting you...');
        setNext({ to: paths.completeProfile, state: { email } });
      }
    } catch (error) {
      notify('error', errorMessage(error, VERIFY_FAILED));
    } finally {
      setBusy(false);
    }
  };

  /** Six digits in: a stale error goes, and the code is sent without waiting for the button. */
  const onDigits = (next: string[]) => {
    setDigits(next);
    if (next.every((d) => d !== '')) {
      if (notice?.tone === 'error') clear();
      void submit(next);
    }
  };

  const resend = async () => {
    cooldown.restart();
    expiry.restart();
    setDigits(emptyCode());
    try {
      await api.post('/auth/resend-otp', { email, purpose }, RESEND_FAILED);
      notify('success', 'A new code is on its way. Please check your email.');
    } catch (error) {
      cooldown.restart(0);
      notify('error', errorMessage(error, RESEND_FAILED));
    }
  };

  return (
    <AuthCard
      title={purpose === 'password-reset' ? 'Reset your password' : 'Verify your email'}
      subtitle={
        <>
          We sent a 6-digit code to <strong>{email}</strong>.
        </>
      }
    >
      <Toast notice={notice} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <CodeInput digits={digits} onChange={onDigits} disabled={done} />
        <p className={styles.countdown}>
          {expiry.seconds > 0 ? (
            <>Code expires in {formatCountdown(expiry.seconds)}</>
          ) : (
            'The code has expired. Request a new one.'
          )}
        </p>
        <Button type="submit" block size="lg" disabled={busy || done}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <p className={styles.links}>
        Didn&apos;t get it?{' '}
        <Button variant="ghost" size="sm" onClick={() => void resend()} disabled={cooldown.seconds > 0 || done}>
          {cooldown.seconds > 0 ? `Resend code in ${cooldown.seconds}s` : 'Resend code'}
        </Button>
      </p>
    </AuthCard>
  );
}
