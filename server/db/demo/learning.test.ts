import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { answerAttempts, sectionQuestions, studentCourses, studentSections, studentUnits, users } from '../schema';
import { rebuildStudentSkills } from '../../modules/mastery/keep';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { signIn } from '../../test/factories';
import { DEMO_PASSWORD } from './accounts';
import { demoStudentIds, seedDemo } from './index';
import { EARLIER_PRACTICE_DAYS } from './learning';
import { DEMO_COURSES } from './courses';
import { SECTION_EXERCISES } from './exercises';
import { questionBody, placeholdersIn } from '../../../common/schemas/questions';
import { checkAnswer } from '../../../common/answers';
import { encodeBlanks, encodeChoices } from '../../../common/answers/wire';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface ViewedSection {
  id: string;
  title: string;
  hasAccess: boolean;
  exercises?: string[];
}

describe('the demo academy', () => {
  it('gives the demo student two courses, partly assigned so the access rules show, and runs twice harmlessly', async () => {
    await seedDemo(t.db, t.app.uploads);
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
    await seedDemo(t.db, t.app.uploads);
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

  it('has the demo student practice weeks ago, so some skill of theirs is due for review and Practice opens with it', async () => {
    await seedDemo(t.db, t.app.uploads);
    // As the start does: the demo students' skills replayed from their answers.
    await rebuildStudentSkills(t.db, await demoStudentIds(t.db));
    const [leo] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'student@demo.academy'));
    const earlier = await t.db.select().from(answerAttempts).where(eq(answerAttempts.studentId, leo.id));
    expect(earlier.length).toBeGreaterThan(0);
    const ago = (Date.now() - Math.max(...earlier.map((a) => a.createdAt.getTime()))) / 86_400_000;
    expect(ago).toBeGreaterThan(EARLIER_PRACTICE_DAYS - 1);
    expect(earlier.every((a) => a.isCorrect)).toBe(true);

    const cookie = await signIn(t.app, { email: 'student@demo.academy', password: DEMO_PASSWORD });
    const { skills } = (await call(t.app, cookie, { method: 'GET', url: '/api/student/skills' })).json() as {
      skills: Array<{ reviewDueAt: string | null }>;
    };
    const due = skills.filter((k) => k.reviewDueAt !== null && Date.parse(k.reviewDueAt) <= Date.now());
    expect(due.length).toBeGreaterThanOrEqual(1);
    const started = await call(t.app, cookie, { method: 'POST', url: '/api/student/practice' });
    expect(started.statusCode, started.body).toBe(200);
    const items: Array<{ reason: string }> = started.json().session.items;
    expect(items[0].reason).toBe('due');
  });

  it('gives each demo section exercises about its own lesson, with a two-blank question, all right by the checker', async () => {
    const titles = new Set(DEMO_COURSES.flatMap((c) => c.units.flatMap((u) => u.sections.map((s) => s.title))));
    expect(new Set(Object.keys(SECTION_EXERCISES))).toEqual(titles);
    for (const [title, exercises] of Object.entries(SECTION_EXERCISES)) {
      expect(exercises.length, title).toBeGreaterThanOrEqual(3);
      for (const q of exercises) {
        const type = q.options ? 'Multiple Choice' : 'Fill in the Blank';
        const answer = q.options ? { a1: q.correct! } : q.blanks!;
        const parsed = questionBody.safeParse({
          ...q,
          type,
          questionText: `<p>${q.text}</p>`,
          options: q.options ? Object.fromEntries(q.options.map((o, i) => [String.fromCharCode(65 + i), o])) : {},
          answer,
          category: [randomUUID()],
          focus: [randomUUID()],
          grade: String(q.grade),
        });
        expect(parsed.success, `${q.text}: ${parsed.error?.issues[0].message}`).toBe(true);
        // Every accepted answer is judged right by the real checker, as a student would send it.
        const sent = q.options
          ? [encodeChoices(q.correct!)]
          : q.blanks![0].map((_, k) => encodeBlanks(q.blanks!.map((b) => b[Math.min(k, b.length - 1)])));
        for (const studentAnswer of sent)
          expect(checkAnswer({ type, answer }, studentAnswer).isCorrect, `${q.text}: ${studentAnswer}`).toBe(true);
      }
    }

    const cookie = await signIn(t.app, { email: 'student@demo.academy', password: DEMO_PASSWORD });
    const list: Array<{ id: string }> = (
      await call(t.app, cookie, { method: 'GET', url: '/api/student/courses' })
    ).json().courses;
    const seen: string[] = [];
    let twoBlanks = 0;
    for (const course of list) {
      const detail = (await call(t.app, cookie, { method: 'GET', url: `/api/student/courses/${course.id}` })).json();
      const open: ViewedSection[] = detail.units
        .flatMap((u: { sections: ViewedSection[] }) => u.sections)
        .filter((s: ViewedSection) => s.hasAccess);
      for (const section of open) {
        const batch = await call(t.app, cookie, {
          method: 'POST',
          url: '/api/questions/batch',
          payload: { questionIds: section.exercises },
        });
        const texts: string[] = batch.json().map((q: { questionText: string }) => q.questionText);
        // "What a fraction means" asks about fractions, not a square's perimeter: every question is its lesson's own.
        expect(texts.sort(), section.title).toEqual(
          SECTION_EXERCISES[section.title].map((q) => `<p>${q.text}</p>`).sort(),
        );
        twoBlanks += texts.filter((text) => placeholdersIn(text).length === 2).length;
        seen.push(section.title);
      }
    }
    expect(seen).toContain('What a fraction means');
    expect(twoBlanks).toBeGreaterThanOrEqual(1);
  });
});
