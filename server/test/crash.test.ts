/**
 * A server killed (SIGKILL, no shutdown) in the middle of creating questions with images, deleting courses and
 * recording attempts, on PGlite and on PostgreSQL, restarts onto whole data. One kill each here; twenty each in
 * `npm run crash`.
 */
import { describe, expect, it } from 'vitest';
import { crashRig, type Backend } from './crash-run';

// One kill on each database keeps the suite short (a start costs half a minute on a busy machine).
const ROUNDS = 1;

describe.each<Backend>(['pglite', 'postgres'])('SIGKILL under load on %s', (backend) => {
  it(`restarts onto whole data after ${ROUNDS} kills: no partial question, no orphan row or file, no half-deleted course`, async () => {
    const rig = await crashRig(backend);
    try {
      let questions = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const result = await rig.round(round);
        expect(result.problems, `round ${round}`).toEqual([]);
        // Every round created questions before the kill (the demo bank holds 60), so the check had them to look at.
        expect(result.questions, `round ${round}`).toBeGreaterThan(Math.max(questions, 60));
        questions = result.questions;
      }
    } finally {
      await rig.close();
    }
  }, 600_000);
});
