import { isAdmin, type Actor } from './actor';

/**
 * Who may change a saved test: its author, and every admin. Any staff member may read, use and duplicate a test
 * (a duplicate is the copier's own), but renaming, editing, archiving, deleting or re-scoring another teacher's
 * test would change their classes' papers and scores behind their back.
 */
export function mayChangeTest(actor: Actor, test: { createdBy: string | null }): boolean {
  return isAdmin(actor) || (test.createdBy !== null && test.createdBy === actor.id);
}
