import { keptMemo, MB } from '../../lib/kept/declare';

export const testMemos = {
  /** The ids of the bank's questions that match a filter, by filter: what the test generator's random draw samples. */
  bankIds: keptMemo<string[]>({ clearedBy: ['bank'], maxBytes: 32 * MB, scoped: false }),
};
