/**
 * Who may change a saved test: its author, and every admin. Any staff member may read, use and duplicate a test
 * (a duplicate is the copier's own), but renaming, editing, archiving, deleting or re-scoring another teacher's
 * test would change their classes' papers and scores behind their back.
 */
export interface TestActor {
  id: string;
  /** Whether the actor is an admin. */
  isAdmin: boolean;
}

export function mayChangeTest(actor: TestActor, test: { createdBy: string | null }): boolean {
  return actor.isAdmin || (test.createdBy !== null && test.createdBy === actor.id);
}
