/**
 * Turns spaced evenly in time, `perSecond` of them a second, however many callers ask at once: work that must not
 * crowd out the server's answers (a run of letters) takes its turns one after another at a steady rate instead of
 * all it can.
 */
export function evenPace(perSecond: number, now: () => number = () => performance.now()): () => Promise<void> {
  const gap = 1000 / perSecond;
  let nextTurn = -Infinity;
  return async () => {
    const turn = Math.max(now(), nextTurn);
    nextTurn = turn + gap;
    const wait = turn - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}
