import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES, OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_SECONDS, REDIRECT_DELAY_MS, formatCountdown } from '@common/rules';
import type { OtpPurpose } from '@common/schemas/auth';
import { api, errorMessage } from '../../api/client';
import { PENDING_EMAIL_KEY, paths } from '../../paths';
import { Alert, useTransientMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { AuthCard } from './AuthCard';
import styles from './account.module.css';

interface VerifyState {
  email?: string;
  purpose?: OtpPurpose;
}

const emptyDigits = () => Array<string>(OTP_LENGTH).fill('');

/** Six single-digit boxes, a 300 s countdown, and a resend that waits 60 s (spec sections 4 and 5). */
export default function VerifyOtpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as VerifyState;
  const purpose: OtpPurpose = state.purpose ?? 'email-verification';
  const email = state.email ?? (purpose === 'email-verification' ? localStorage.getItem(PENDING_EMAIL_KEY) : null);

  const [digits, setDigits] = useState(emptyDigits);
  const [secondsLeft, setSecondsLeft] = useState(OTP_TTL_SECONDS);
  const [resendIn, setResendIn] = useState(OTP_RESEND_COOLDOWN_SECONDS);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { message, show } = useTransientMessage();
  const inputs = useRef<Array<HTMLInputElement | null>>([]);

  useEffect(() => {
    const timer = setInterval(() => {
      setSecondsLeft((s) => Math.max(0, s - 1));
      setResendIn((s) => Math.max(0, s - 1));
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  if (!email) return <Navigate to={purpose === 'password-reset' ? paths.forgotPassword : paths.signup} replace />;

  const setDigit = (index: number, value: string) => {
    const digit = value.replace(/\D/g, '').slice(-1);
    setDigits((d) => d.map((old, i) => (i === index ? digit : old)));
    if (digit && index < OTP_LENGTH - 1) inputs.current[index + 1]?.focus();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) inputs.current[index - 1]?.focus();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text').trim();
    event.preventDefault();
    if (new RegExp(`^\\d{${OTP_LENGTH}}$`).test(text)) {
      setDigits(text.split(''));
      inputs.current[OTP_LENGTH - 1]?.focus();
    }
  };

  const submit = async () => {
    const otp = digits.join('');
    if (otp.length !== OTP_LENGTH) return show('error', MESSAGES.codeIncomplete);
    setBusy(true);
    try {
      await api.post('/auth/verify-otp', { email, otp, purpose }, 'Failed to verify code. Please try again.');
      setDone(true);
      if (purpose === 'password-reset') {
        show('success', 'Verification successful! Taking you to reset your password...');
        setTimeout(() => navigate(paths.resetPassword, { state: { email, otp } }), REDIRECT_DELAY_MS);
      } else {
        show('success', 'Email verified successfully! Redirecting you...');
        setTimeout(() => navigate(paths.completeProfile, { state: { email } }), REDIRECT_DELAY_MS);
      }
    } catch (error) {
      show('error', errorMessage(error, 'Failed to verify code. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResendIn(OTP_RESEND_COOLDOWN_SECONDS);
    setSecondsLeft(OTP_TTL_SECONDS);
    setDigits(emptyDigits());
    try {
      await api.post('/auth/resend-otp', { email, purpose }, 'Failed to resend verification code. Please try again later.');
      show('success', 'A new code is on its way.');
    } catch (error) {
      setResendIn(0);
      show('error', errorMessage(error, 'Failed to resend verification code. Please try again later.'));
    }
  };

  return (
    <AuthCard title="Enter your code" subtitle={<>We sent a 6-digit code to <strong>{email}</strong>.</>}>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <div className={styles.digits} role="group" aria-label="Verification code">
          {digits.map((digit, i) => (
            <input
              key={i}
              ref={(el) => {
                inputs.current[i] = el;
              }}
              className={styles.digit}
              inputMode="numeric"
              autoComplete={i === 0 ? 'one-time-code' : 'off'}
              maxLength={1}
              aria-label={`Digit ${i + 1}`}
              value={digit}
              onChange={(e) => setDigit(i, e.target.value)}
              onKeyDown={(e) => onKeyDown(i, e)}
              onPaste={onPaste}
            />
          ))}
        </div>
        <p className={styles.countdown} aria-live="off">
          {secondsLeft > 0 ? <>Code expires in {formatCountdown(secondsLeft)}</> : 'The code has expired. Request a new one.'}
        </p>
        <Button type="submit" block size="lg" disabled={busy || done}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <p className={styles.links}>
        Didn&apos;t get it?{' '}
        <Button variant="ghost" size="sm" onClick={() => void resend()} disabled={resendIn > 0 || done}>
          {resendIn > 0 ? `Resend code in ${resendIn}s` : 'Resend code'}
        </Button>
      </p>
    </AuthCard>
  );
}
