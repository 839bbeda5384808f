import { useEffect, useRef, useState } from 'react';
import { DESK_MESSAGES } from '@common/rules';
import { api, errorMessage } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Banner } from '../../ui/Banner';
import styles from './public.module.css';

/**
 * The newsletter's one-click unsubscribe: the link in the confirmation e-mail carries its token after `#`, and
 * opening it unsubscribes at once. A mail scanner that fetches the link runs no script, so it unsubscribes nobody.
 */
export default function UnsubscribePage() {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = window.location.hash.slice(1);
    api
      .post<{ message: string }>('/subscriptions/unsubscribe', { token }, DESK_MESSAGES.unsubscribeFailed)
      .then((reply) => setResult({ tone: 'success', text: reply.message }))
      .catch((error: unknown) =>
        setResult({ tone: 'error', text: errorMessage(error, DESK_MESSAGES.unsubscribeLinkInvalid) }),
      );
  }, []);
  return (
    <>
      <Banner title="Unsubscribe">Our newsletter, on your terms.</Banner>
      <div className={styles.content}>
        <div className={styles.card}>
          {result ? <Alert tone={result.tone}>{result.text}</Alert> : <p role="status">Unsubscribing...</p>}
        </div>
      </div>
    </>
  );
}
