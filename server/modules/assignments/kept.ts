import { MB, type KeptView } from '../../lib/kept/declare';

/**
 * A page of the student manager, by caller (admins share theirs), filter, page and minute (the "joined in the last
 * 30 days" card moves with the clock): assignments are content; names, grades, schools and a teacher's students
 * are announced with the accounts (migration 0011).
 */
export const studentPageView = {
  name: 'studentPage',
  clearedBy: ['content', 'users'],
  maxBytes: 8 * MB,
  scoped: false,
} as const satisfies KeptView;
