import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evenPace } from './pace';

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

/** The moment, on the test's clock, each of `count` callers asking at once gets its turn. */
async function turnsOf(pace: () => Promise<void>, count: number): Promise<number[]> {
  const turns: number[] = [];
  const asked = Array.from({ length: count }, async () => {
    await pace();
    turns.push(Date.now());
  });
  await vi.runAllTimersAsync();
  await Promise.all(asked);
  return turns;
}

describe('evenPace', () => {
  it('gives turns asked at once one gap apart, the first at once', async () => {
    const pace = evenPace(20, () => Date.now());
    expect(await turnsOf(pace, 5)).toEqual([0, 50, 100, 150, 200]);
  });

  it('does not save up turns while nobody asks', async () => {
    const pace = evenPace(10, () => Date.now());
    await turnsOf(pace, 1);
    vi.setSystemTime(10_000);
    // After a long quiet: one turn at once, the next a full gap later, not a burst for the idle time.
    expect(await turnsOf(pace, 3)).toEqual([10_000, 10_100, 10_200]);
  });
});
