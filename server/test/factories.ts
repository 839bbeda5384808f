import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../common/rules';
import type { Db } from '../db/client';
import {
  courses,
  offeringContents,
  offerings,
  profiles,
  questions,
  sections,
  teacherStudents,
  tests,
  units,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/crypto';
import { dbType } from '../lib/roles';
import { sessionCookie } from './harness';

export const TEST_PASSWORD = 'Test@pass1!';

/** A student's complete profile as sign-up sends it (`extra_field`): every field filled and valid. */
export const STUDENT_DETAILS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  gender: 'female',
  birthday: '2012-05-01',
  phone_number: '(123) 456-7890',
  address: '1 Analytical Way',
  school: 'Engine Middle School',
  grade_level: '7',
};
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
  overrides: {
    email?: string;
    status?: 'active' | 'inactive';
    firstName?: string;
    lastName?: string;
    grade?: string;
    school?: string;
    createdAt?: Date;
  } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = overrides.email ?? `${type}-${randomBytes(4).toString('hex')}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      type: dbType(type),
      status: overrides.status ?? 'active',
      emailVerifiedAt: new Date(),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning({ id: users.id });
  await db.insert(profiles).values({
    userId: user.id,
    firstName: overrides.firstName ?? `First${type.replace('-', '')}`,
    lastName: overrides.lastName ?? 'Tester',
    phoneNumber: '(555) 123-4567',
    ...(type === 'student' ? { gradeLevel: overrides.grade ?? '6', school: overrides.school ?? 'Test School' } : {}),
  });
  return { id: user.id, email, password: TEST_PASSWORD, type };
}

export const buildStudent = (db: Db, o?: Parameters<typeof buildUser>[2]) => buildUser(db, 'student', o);
export const buildTeacher = (db: Db, o?: Parameters<typeof buildUser>[2]) => buildUser(db, 'teacher', o);
export const buildAdmin = (db: Db, o?: Parameters<typeof buildUser>[2]) => buildUser(db, 'admin', o);

/**
 * `count` things built one after another. A test database's pool is small and waits at most a second for a free
 * connection (as the server's does), so hundreds built at once on a busy machine would fail for want of one.
 */
export async function buildInTurn<T>(count: number, build: () => Promise<T>): Promise<T[]> {
  const built: T[] = [];
  for (let i = 0; i < count; i++) built.push(await build());
  return built;
}

export async function linkTeacher(db: Db, teacherId: string, studentId: string) {
  await db.insert(teacherStudents).values({ teacherId, studentId });
}

/** Signs a user in through the real endpoint and returns their cookie. */
export async function signIn(app: FastifyInstance, user: { email: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  return sessionCookie(response);
}

export const ALL_TYPES: readonly UserType[] = ['student', 'parent', 'teacher', 'admin', 'data-entry'];

/** One user of every type. */
export async function buildOneOfEach(db: Db): Promise<Record<UserType, TestUser>> {
  const entries = await Promise.all(ALL_TYPES.map(async (type) => [type, await buildUser(db, type)] as const));
  return Object.fromEntries(entries) as Record<UserType, TestUser>;
}

/** A fresh signed-in cookie for each of the users (anon is null), for the table-driven access tests. */
export async function signInEach(
  app: FastifyInstance,
  people: Record<UserType, TestUser>,
): Promise<Record<UserType | 'anon', string | null>> {
  const entries = await Promise.all(ALL_TYPES.map(async (type) => [type, await signIn(app, people[type])] as const));
  return { anon: null, ...Object.fromEntries(entries) } as Record<UserType | 'anon', string | null>;
}

export interface BuiltCourse {
  id: string;
  code: string;
  units: Array<{ id: string; sections: Array<{ id: string }> }>;
}

/** A course with `units` units of `sections` sections each, numbered from 1, straight into the database. */
export async function buildCourse(
  db: Db,
  options: { units?: number; sections?: number; title?: string; createdBy?: string } = {},
): Promise<BuiltCourse> {
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const [course] = await db
    .insert(courses)
    .values({
      title: options.title ?? `Course ${suffix}`,
      code: `C-${suffix}`,
      description: 'A test course',
      createdBy: options.createdBy ?? null,
    })
    .returning({ id: courses.id, code: courses.code });
  const built: BuiltCourse = { ...course, units: [] };
  for (let u = 1; u <= (options.units ?? 0); u++) {
    const [unit] = await db
      .insert(units)
      .values({ courseId: course.id, title: `Unit ${u}`, unitNumber: u, grade: '6', categories: ['Algebra'] })
      .returning({ id: units.id });
    const sectionRows = Array.from({ length: options.sections ?? 0 }, (_, i) => ({
      unitId: unit.id,
      title: `Section ${u}.${i + 1}`,
      sectionNumber: i + 1,
      grade: '6',
      content: `<p>Lesson ${u}.${i + 1}: $\\frac{1}{2} + \\frac{1}{4} = \\frac{3}{4}$</p>`,
    }));
    const created = sectionRows.length
      ? await db.insert(sections).values(sectionRows).returning({ id: sections.id })
      : [];
    built.units.push({ id: unit.id, sections: created });
  }
  return built;
}

/** A question of any type with sensible defaults (a multiple-choice question about 1/2 + 1/4). */
export async function buildQuestion(db: Db, overrides: Partial<typeof questions.$inferInsert> = {}) {
  const [question] = await db
    .insert(questions)
    .values({
      questionText: 'What is $\\frac{1}{2} + \\frac{1}{4}$?',
      grade: 5,
      type: 'Multiple Choice',
      options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$1$', D: '$\\frac{1}{8}$' },
      answer: { a1: ['A'] },
      solution: 'Write both with denominator 4: $\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$.',
      hint: 'Find a common denominator.',
      source: 'Test',
      ...overrides,
    })
    .returning();
  return question;
}

/** An offering of the catalogue, straight into the database, granting the given courses and saved tests. */
export async function buildOffering(
  db: Db,
  options: {
    title?: string;
    priceMinor?: number | null;
    currency?: 'USD' | 'CAD';
    published?: boolean;
    courseIds?: string[];
    testIds?: string[];
  } = {},
) {
  const suffix = randomBytes(3).toString('hex');
  const [offering] = await db
    .insert(offerings)
    .values({
      slug: `offering-${suffix}`,
      title: options.title ?? `Offering ${suffix}`,
      program: 'ssat',
      gradeBand: 'Grades 5-8',
      level: 'Middle School',
      priceMinor: options.priceMinor === undefined ? 5000 : options.priceMinor,
      currency: options.currency ?? 'USD',
      published: options.published ?? true,
      position: 1,
    })
    .returning({ id: offerings.id, title: offerings.title });
  const contents = [
    ...(options.courseIds ?? []).map((courseId) => ({ courseId })),
    ...(options.testIds ?? []).map((testId) => ({ testId })),
  ];
  if (contents.length)
    await db
      .insert(offeringContents)
      .values(contents.map((c, i) => ({ offeringId: offering.id, position: i + 1, ...c })));
  return offering;
}

/** A saved test with no questions, straight into the database. */
export async function buildSavedTest(db: Db, title = `Test ${randomBytes(3).toString('hex')}`) {
  const [test] = await db.insert(tests).values({ title }).returning({ id: tests.id });
  return test;
}
