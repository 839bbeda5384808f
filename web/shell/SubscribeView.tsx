import type { FormEventHandler, InputHTMLAttributes } from 'react';
import type { Notice } from '../ui/Toast';
import styles from './Footer.module.css';

interface SubscribeViewProps {
  /** The working form's field binding; without it the box is the stand-in shown while the form's code loads. */
  input?: InputHTMLAttributes<HTMLInputElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  message?: Notice | null;
  busy?: boolean;
}

/**
 * The footer's subscribe box as it looks. The form library it needs loads after the page, so this markup also
 * stands in until then: the footer takes its final size at once and nothing shifts when the form arrives.
 */
export function SubscribeView({ input, onSubmit, message = null, busy = false }: SubscribeViewProps) {
  // The stand-in takes no typing and no click: what it took would be lost when the form replaces it.
  const standIn = input === undefined;
  return (
    <form className={styles.subscribe} onSubmit={onSubmit ?? ((e) => e.preventDefault())} noValidate>
      <label htmlFor="subscribe-email" className={styles.subscribeLabel}>
        Get our latest updates
      </label>
      <div className={styles.subscribeRow}>
        <input
          id="subscribe-email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email to get our latest updates"
          aria-invalid={message?.tone === 'error' ? true : undefined}
          aria-describedby={message ? 'subscribe-result' : undefined}
          readOnly={standIn}
          {...input}
        />
        <button type="submit" disabled={busy || standIn}>
          {busy ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      {message ? (
        <p
          id="subscribe-result"
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={message.tone === 'error' ? styles.problem : styles.thanks}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
