import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@common/rules';
import styles from './account.module.css';

export const emptyCode = () => Array<string>(OTP_LENGTH).fill('');

interface CodeInputProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
}

/**
 * Six boxes of one digit each: typing moves to the next box, Backspace on an empty box goes
 * back, and a paste fills every box, but only when it is exactly six digits.
 */
export function CodeInput({ digits, onChange, disabled }: CodeInputProps) {
  const inputs = useRef<Array<HTMLInputElement | null>>([]);

  const setDigit = (index: number, value: string) => {
    const digit = value.replace(/\D/g, '').slice(-1);
    onChange(digits.map((old, i) => (i === index ? digit : old)));
    if (digit && index < OTP_LENGTH - 1) inputs.current[index + 1]?.focus();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) inputs.current[index - 1]?.focus();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text').trim();
    event.preventDefault();
    if (new RegExp(`^\\d{${OTP_LENGTH}}$`).test(text)) {
      onChange(text.split(''));
      inputs.current[OTP_LENGTH - 1]?.focus();
    }
  };

  return (
    <div className={styles.digits} role="group" aria-label="Verification code">
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            inputs.current[i] = el;
          }}
          className={styles.digit}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          // The code screen exists to type the code: its first box takes the keyboard at once.
          autoFocus={i === 0}
          maxLength={1}
          aria-label={`Digit ${i + 1}`}
          value={digit}
          disabled={disabled}
          onChange={(e) => setDigit(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
        />
      ))}
    </div>
  );
}
