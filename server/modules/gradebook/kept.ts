import { keptMemo, MB } from '../../lib/kept/declare';

/**
 * A gradebook as sent, by class and filters, with what tells whether it still holds: the class's tests and name as
 * read (`stamp`: their tables announce no changes), the checks its students' kept totals counted (`checks`: a check
 * taken on this server is counted there at once, another server's evicts the student's totals), and the moment a
 * state would change by the clock alone (a due date or a test's close). Everything else it reads announces its
 * changes on `content` or `users`, which empty it.
 */
export interface KeptGradebook {
  stamp: string;
  studentIds: string[];
  checks: number;
  validUntil: number;
  json: string;
  gzip: Buffer;
}

export const gradebookMemos = {
  gradebookReplies: keptMemo<KeptGradebook>({ clearedBy: ['content', 'users'], maxBytes: 32 * MB, scoped: false }),
};
