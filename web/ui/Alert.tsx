import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { MESSAGE_CLEAR_MS } from '@common/rules';
import styles from './Alert.module.css';

export function Alert({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export interface TransientMessage {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** A message that clears itself after the spec's delay (5 s unless a screen says otherwise). */
export function useTransientMessage(clearAfterMs: number = MESSAGE_CLEAR_MS) {
  const [message, setMessage] = useState<TransientMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (tone: TransientMessage['tone'], text: string) => {
      clearTimeout(timer.current);
      setMessage({ tone, text });
      timer.current = setTimeout(() => setMessage(null), clearAfterMs);
    },
    [clearAfterMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, show, clear };
}
