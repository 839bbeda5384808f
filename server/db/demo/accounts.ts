import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { profiles, teacherStudents, parentStudents, users } from '../schema';
import { hashPassword } from '../../lib/crypto';

export interface Credentials {
  role: string;
  email: string;
  password: string;
}

type NewProfile = Omit<typeof profiles.$inferInsert, 'userId'>;

export async function createUser(
  db: Db,
  email: string,
  password: string,
  type: (typeof users.$inferInsert)['type'],
  profile: NewProfile,
) {
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password), type, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  await db.insert(profiles).values({ userId: user.id, ...profile });
  return user.id;
}

/**
 * The first start creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a random password
 * that is returned to be printed once. Later starts leave an existing admin alone.
 */
export async function ensureAdmin(db: Db, email?: string, password?: string): Promise<Credentials | null> {
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'admin')).limit(1);
  if (anyAdmin) return null;
  const adminEmail = email ?? 'admin@math-academy.local';
  const adminPassword = password ?? `${randomBytes(9).toString('base64url')}a1A!`;
  await createUser(db, adminEmail, adminPassword, 'admin', { firstName: 'Academy', lastName: 'Admin' });
  return { role: 'admin', email: adminEmail, password: password ? '(from ADMIN_PASSWORD)' : adminPassword };
}

export const DEMO_PASSWORD = 'Demo-pass1!';

const demoPeople: Array<{
  role: string;
  email: string;
  type: (typeof users.$inferInsert)['type'];
  profile: NewProfile;
}> = [
  {
    role: 'teacher',
    email: 'teacher@demo.academy',
    type: 'teacher',
    profile: {
      firstName: 'Maya',
      lastName: 'Okafor',
      phoneNumber: '(415) 555-0142',
      specialization: 'Algebra',
      department: 'Mathematics',
    },
  },
  {
    role: 'student',
    email: 'student@demo.academy',
    type: 'student',
    profile: {
      firstName: 'Leo',
      lastName: 'Chen',
      phoneNumber: '(415) 555-0199',
      school: 'Riverside Middle School',
      gradeLevel: '6',
      gender: 'male',
      birthday: '2014-03-09',
      address: '12 Elm Street, Springfield',
    },
  },
  {
    role: 'parent',
    email: 'parent@demo.academy',
    type: 'parent',
    profile: {
      firstName: 'Grace',
      lastName: 'Chen',
      phoneNumber: '(415) 555-0100',
      address: '12 Elm Street, Springfield',
      occupation: 'Engineer',
    },
  },
  {
    role: 'data-entry',
    email: 'dataentry@demo.academy',
    type: 'data_entry',
    profile: { firstName: 'Sam', lastName: 'Rivera', phoneNumber: '(415) 555-0177', department: 'Content' },
  },
];

/**
 * One demo account per role, linked as a family and a class (the teacher teaches the student, the parent is theirs).
 * Idempotent: accounts that exist are left as they are. Returns the credentials to print.
 */
export async function seedDemoAccounts(db: Db): Promise<Credentials[]> {
  const ids: Record<string, string> = {};
  for (const person of demoPeople) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email)).limit(1);
    ids[person.role] = existing?.id ?? (await createUser(db, person.email, DEMO_PASSWORD, person.type, person.profile));
  }
  await db.insert(teacherStudents).values({ teacherId: ids.teacher, studentId: ids.student }).onConflictDoNothing();
  await db.insert(parentStudents).values({ parentId: ids.parent, studentId: ids.student }).onConflictDoNothing();
  return demoPeople.map((p) => ({ role: p.role, email: p.email, password: DEMO_PASSWORD }));
}
