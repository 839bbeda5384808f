import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sectionQuestions, studentCourses, studentSections, studentUnits, users } from '../schema';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { signIn } from '../../test/factories';
import { DEMO_PASSWORD } from './accounts';
import { seedDemo } from './index';

let t: TestApp;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-demo-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface ViewedSection {
  title: string;
  hasAccess: boolean;
  exercises?: string[];
}

describe('the demo academy', () => {
  it('gives the demo student two courses, partly assigned so the access rules show, and runs twice harmlessly', async () => {
    await seedDemo(t.db, dataDir);
    const [student] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'student@demo.academy'));
    const counts = async () => ({
      courses: (await t.db.select().from(studentCourses).where(eq(studentCourses.studentId, student.id))).length,
      units: (await t.db.select().from(studentUnits).where(eq(studentUnits.studentId, student.id))).length,
      sections: (await t.db.select().from(studentSections).where(eq(studentSections.studentId, student.id))).length,
      links: (await t.db.select().from(sectionQuestions)).length,
    });
    const first = await counts();
    expect(first.courses).toBe(2);
    expect(first.units).toBeGreaterThan(0);
    expect(first.links).toBeGreaterThan(0);
    await seedDemo(t.db, dataDir);
    expect(await counts()).toEqual(first);

    const cookie = await signIn(t.app, { email: 'student@demo.academy', password: DEMO_PASSWORD });
    const list = (await call(t.app, cookie, { method: 'GET', url: '/api/student/courses' })).json().courses;
    expect(list).toHaveLength(2);
    const detail = (await call(t.app, cookie, { method: 'GET', url: `/api/student/courses/${list[0].id}` })).json();
    const firstUnit: ViewedSection[] = detail.units[0].sections;
    // The last section of the first unit stays locked; the others are open, each with its questions.
    expect(firstUnit.at(-1)!.hasAccess).toBe(false);
    expect(firstUnit.at(-1)!.exercises).toBeUndefined();
    for (const section of firstUnit.slice(0, -1)) {
      expect(section.hasAccess).toBe(true);
      expect(section.exercises!.length).toBeGreaterThan(0);
    }
    expect(detail.units.at(-1).hasAccess).toBe(false);
    // The other assigned units are assigned with all their sections.
    const wholeUnits: Array<{ hasAccess: boolean; sections: ViewedSection[] }> = detail.units.slice(1, -1);
    expect(wholeUnits.length).toBeGreaterThan(0);
    for (const unit of wholeUnits) {
      expect(unit.hasAccess).toBe(true);
      expect(unit.sections.length).toBeGreaterThan(0);
      expect(unit.sections.every((section) => section.hasAccess)).toBe(true);
    }
  });
});
