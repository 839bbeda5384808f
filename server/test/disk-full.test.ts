/**
 * The embedded database's disk filling up under load (disk-full-run.ts, on a small filesystem the run mounts): with
 * the watch on, every write is refused with DISK_FULL within moments while reads and sign-in go on; with it off,
 * the database's own refusals answer the same. Room made, writes resume, and the data opened again is whole, with
 * every acknowledged answer stored.
 */
import { describe, expect, it } from 'vitest';
import { diskFullTest } from './disk-full-run';

describe('a full disk under the embedded database', () => {
  it('refuses writes with DISK_FULL, keeps reading, resumes with room, and loses or breaks nothing', async () => {
    const { rounds } = await diskFullTest();
    expect(rounds.map((r) => r.watched)).toEqual([true, false]);
    for (const round of rounds) {
      const which = round.watched ? 'watched' : 'unwatched';
      expect(round.refusedAfterMs, which).toBeGreaterThanOrEqual(0);
      // Under the watch every write sent after the first refusal is refused at the door. Without it the database
      // and the files refuse what finds no room; a write that fits in room freed meanwhile may pass.
      if (round.watched) expect(Object.keys(round.writesWhileFull), which).toEqual(['503 DISK_FULL']);
      expect(round.writesWhileFull['503 DISK_FULL'], which).toBeGreaterThan(0);
      expect(
        Object.keys(round.writesWhileFull).filter((status) => status.startsWith('500')),
        which,
      ).toEqual([]);
      expect(round.readsWhileFull, which).toBe(true);
      expect(round.signInWhileFull, which).toBe(true);
      expect(round.writesAfter, which).toBe(true);
      expect(round.problems, which).toEqual([]);
      expect(round.attemptsStored, which).toBe(round.attemptsAcknowledged);
      expect(round.serverExit, which).toBe(0);
    }
  }, 300_000);
});
