import { useCallback, useEffect, useState } from 'react';

/** A seconds counter that ticks down to 0 once a second; `restart` sets it again (e.g. after a resend). */
export function useCountdown(initialSeconds: number) {
  const [seconds, setSeconds] = useState(initialSeconds);
  const running = seconds > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const restart = useCallback((to: number = initialSeconds) => setSeconds(to), [initialSeconds]);
  return { seconds, restart };
}
