import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Goes `steps` entries back in the history when this app put at least that many there, else to `fallback`.
 * A page opened straight from its address (a bookmark, a new tab) has nothing of the app behind it: going back
 * there would leave the app (about:blank, or whatever site came before).
 */
export function useGoBack(fallback: string): (steps?: number) => void {
  const navigate = useNavigate();
  return useCallback(
    (steps = 1) => {
      // The router numbers the entries it creates from 0, the address the app was opened at.
      const index = (window.history.state as { idx?: unknown } | null)?.idx;
      if (typeof index === 'number' && index >= steps) void navigate(-steps);
      else void navigate(fallback, { replace: true });
    },
    [navigate, fallback],
  );
}
