import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../common/rules';
import type { Db } from '../db/client';
import { profiles, teacherStudents, users } from '../db/schema';
import { hashPassword } from '../lib/crypto';
import { dbType } from '../modules/users/present';
import { sessionCookie } from './harness';

export const TEST_PASSWORD = 'Test@pass1!';
let passwordHash: Promise<string> | null = null;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  type: UserType;
}

/** Builds a user of any type with a profile; every test user shares one password, hashed once. */
export async function buildUser(
  db: Db,
  type: UserType,
  overrides: { email?: string; status?: 'active' | 'inactive'; firstName?: string; grade?: string; school?: string } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = overrides.email ?? `${type}-${randomBytes(4).toString('hex')}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: await passwordHash, type: dbType(type), status: overrides.status ?? 'active', emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  await db.insert(profiles).values({
    userId: user.id,
    firstName: overrides.firstName ?? `First${type.replace('-', '')}`,
    lastName: 'Tester',
    phoneNumber: '(555) 123-4567',
    ...(type === 'student' ? { gradeLevel: overrides.grade ?? '6', school: overrides.school ?? 'Test School' } : {}),
  });
  return { id: user.id, email, password: TEST_PASSWORD, type };
}

export const buildStudent = (db: Db, o?: Parameters<typeof buildUser>[2]) => buildUser(db, 'student', o);
export const buildTeacher = (db: Db, o?: Parameters<typeof buildUser>[2]) => buildUser(db, 'teacher', o);
export const buildAdmin = (db: Db, o?: Parameters<typeof buildUser>[2]) => buildUser(db, 'admin', o);

export async function linkTeacher(db: Db, teacherId: string, studentId: string) {
  await db.insert(teacherStudents).values({ teacherId, studentId });
}

/** Signs a user in through the real endpoint and returns their cookie. */
export async function signIn(app: FastifyInstance, user: { email: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
  return sessionCookie(response);
}

export const ALL_TYPES: readonly UserType[] = ['student', 'parent', 'teacher', 'admin', 'data-entry'];

/** One user of every type. */
export async function buildOneOfEach(db: Db): Promise<Record<UserType, TestUser>> {
  const entries = await Promise.all(ALL_TYPES.map(async (type) => [type, await buildUser(db, type)] as const));
  return Object.fromEntries(entries) as Record<UserType, TestUser>;
}

/** A fresh signed-in cookie for each of the users (anon is null), for the table-driven access tests. */
export async function signInEach(app: FastifyInstance, people: Record<UserType, TestUser>): Promise<Record<UserType | 'anon', string | null>> {
  const entries = await Promise.all(ALL_TYPES.map(async (type) => [type, await signIn(app, people[type])] as const));
  return { anon: null, ...Object.fromEntries(entries) } as Record<UserType | 'anon', string | null>;
}
