import { keptMemo, MB, type KeptView } from '../../lib/kept/declare';

/** A page of the admin's users table, by filter and page: accounts, profiles and their links (migration 0011). */
export const userPageView = {
  name: 'userPage',
  clearedBy: ['users'],
  maxBytes: 8 * MB,
  scoped: false,
} as const satisfies KeptView;

export const userMemos = {
  /** The users table's counts: the stat cards (key '') and each filter's total, by filter. */
  userCounts: keptMemo<Record<string, number>>({ clearedBy: ['users'], maxBytes: 1 * MB, scoped: false }),
};
