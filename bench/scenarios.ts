/**
 * What `npm run bench` measures. A seeder runs inside the server process (PGlite lives there) and returns the
 * ids the scenarios need; a scenario drives the running server over HTTP.
 */
import type { Db } from '../server/db/client';
import { profiles, users } from '../server/db/schema';
import { hashPassword } from '../server/lib/crypto';

export const BENCH_PASSWORD = 'Bench@pass1!';

export const SEEDERS: Record<string, (db: Db) => Promise<Record<string, unknown>>> = {
  /** One account of each role that the scenarios sign in with. */
  async accounts(db) {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const people = [
      { email: 'bench-student@example.com', type: 'student' as const },
      { email: 'bench-teacher@example.com', type: 'teacher' as const },
    ];
    const created = await db.insert(users).values(people.map((p) => ({ ...p, passwordHash }))).returning({ id: users.id, email: users.email });
    await db.insert(profiles).values(created.map((u) => ({ userId: u.id, firstName: 'Bench', lastName: 'User' })));
    return { studentId: created[0].id, teacherId: created[1].id };
  },
};
