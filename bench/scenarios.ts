/**
 * What `npm run bench` seeds. A seeder runs inside the server's process (PGlite lives there) and returns the
 * ids and accounts the measurements need.
 */
import type { Db } from '../server/db/client';
import { ensureAdmin } from '../server/db/demo/accounts';
import { seedCourseBench } from './courses';
import { seedGradebookBench } from './gradebook';
import { seedLearners } from './learners';
import { seedLearningBench } from './learning';
import { seedLetterFamilies } from './letters-loop';
import { seedMasteryBench } from './mastery-seed';
import { seedQuestionBench } from './questions';
import { seedSitters } from './sittings';
import { seedStudentBench } from './students';
import { seedUserBench } from './users';

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench@pass1!' };

export const SEEDERS: Record<string, (db: Db) => Promise<Record<string, unknown>>> = {
  admin: async (db) => {
    await ensureAdmin(db, BENCH_ADMIN.email, BENCH_ADMIN.password);
    return {};
  },
  courses: (db) => seedCourseBench(db),
  learning: async (db) => ({ learning: await seedLearningBench(db) }),
  learners: async (db) => ({ learners: await seedLearners(db) }),
  students: (db) => seedStudentBench(db),
  sitters: async (db) => ({ ...(await seedSitters(db)) }),
  questions: async (db) => {
    await seedQuestionBench(db);
    return {};
  },
  gradebook: (db) => seedGradebookBench(db),
  letterFamilies: async (db) => ({ ...(await seedLetterFamilies(db)) }),
  mastery: async (db) => ({ ...(await seedMasteryBench(db)) }),
  users: async (db) => {
    await seedUserBench(db);
    return {};
  },
};
