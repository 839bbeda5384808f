import { useState, type FormEvent } from 'react';
import { api, errorMessage } from '../api/client';
import { useNotify } from '../ui/Toast';
import styles from './Footer.module.css';

const FAILED = 'We could not add your email. Please try again.';

/** The footer's subscribe box: the address is checked here and again by the server, then stored. */
export function SubscribeForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  // Like every message of the academy, the answer clears itself after 5 s.
  const { notice: message, notify } = useNotify();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod with it) loads on the first submit, keeping it off every page's first load.
    const { SUBSCRIBE_THANKS, subscriptionBody } = await import('@common/schemas/public');
    const parsed = subscriptionBody.safeParse({ email });
    if (!parsed.success) return notify('error', parsed.error.issues[0].message);
    setBusy(true);
    try {
      const reply = await api.post<{ message: string }>('/subscriptions', parsed.data, FAILED);
      notify('success', reply?.message ?? SUBSCRIBE_THANKS);
      setEmail('');
    } catch (error) {
      notify('error', errorMessage(error, FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.subscribe} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor="subscribe-email" className={styles.subscribeLabel}>Get our latest updates</label>
      <div className={styles.subscribeRow}>
        <input
          id="subscribe-email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email to get our latest updates"
          value={email}
          aria-invalid={message?.tone === 'error' ? true : undefined}
          aria-describedby={message ? 'subscribe-result' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" disabled={busy}>{busy ? 'Subscribing...' : 'Subscribe'}</button>
      </div>
      {message ? (
        <p id="subscribe-result" role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone === 'error' ? styles.problem : styles.thanks}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
