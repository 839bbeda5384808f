import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MESSAGE_CLEAR_MS } from '@common/rules';
import { Alert } from './Alert';
import styles from './Toast.module.css';

export type NoticeTone = 'success' | 'error' | 'info';

export interface Notice {
  tone: NoticeTone;
  text: string;
}

export interface Notifier {
  /** The notice on show, or null. */
  notice: Notice | null;
  notify(tone: NoticeTone, text: string): void;
  success(text: string): void;
  error(text: string): void;
  clear(): void;
}

/**
 * The one way a screen tells the outcome of an action: a notice that clears itself after a fixed delay
 * (5 s; 3 s in the category manager). A new notice replaces the one on show and starts the delay again.
 */
export function useNotify(clearAfterMs: number = MESSAGE_CLEAR_MS): Notifier {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const notify = useCallback(
    (tone: NoticeTone, text: string) => {
      clearTimeout(timer.current);
      setNotice({ tone, text });
      timer.current = setTimeout(() => setNotice(null), clearAfterMs);
    },
    [clearAfterMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);
  return useMemo(
    () => ({
      notice,
      notify,
      success: (text: string) => notify('success', text),
      error: (text: string) => notify('error', text),
      clear,
    }),
    [notice, notify, clear],
  );
}

/**
 * Shows a notifier's notice where the screen puts it (beside the form or list it is about), in a live region; or, with
 * `corner`, floating at the top right of the window, as the teacher dashboard's transient toast.
 */
export function Toast({ notice, corner = false }: { notice: Notice | null; corner?: boolean }) {
  if (!notice) return null;
  const alert = <Alert tone={notice.tone}>{notice.text}</Alert>;
  return corner ? <div className={styles.corner}>{alert}</div> : alert;
}
