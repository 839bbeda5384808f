import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { COURSE_LIMITS } from '../../../common/rules';
import { COURSE_DELETE_MESSAGES } from '../../../common/schemas/courses';
import { hiddenCharacterMessage, textProblem } from '../../../common/text';
import {
  courses,
  sectionQuestions,
  sections,
  studentCourses,
  studentSections,
  studentUnits,
  units,
} from '../../db/schema';
import { buildCourse, buildOneOfEach, buildQuestion, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import type { UserType } from '../../../common/rules';
import { naughtyStrings, xssPayloads } from '../../test/corpora';
import { countingDb } from '../../test/counting-db';
import * as service from './service';

let t: TestApp;
let people: Record<UserType, TestUser>;
let teacher: string;
let admin: string;
let dataEntry: string;
beforeAll(async () => {
  t = await createTestApp();
  people = await buildOneOfEach(t.db);
  [teacher, admin, dataEntry] = await Promise.all([
    signIn(t.app, people.teacher),
    signIn(t.app, people.admin),
    signIn(t.app, people['data-entry']),
  ]);
});
afterAll(() => t.close());

const send = (cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function newCourse(title = 'Fractions First', extra: object = {}) {
  const response = await send(teacher, 'POST', '/api/courses', { title, description: 'Halves and quarters', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function newUnit(courseId: string, body: object = {}) {
  const response = await send(teacher, 'POST', `/api/courses/${courseId}/units`, {
    title: 'Unit',
    grade: '5',
    categories: [],
    courseId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function newSection(unitId: string, body: object = {}) {
  const response = await send(teacher, 'POST', `/api/units/${unitId}/sections`, {
    title: 'Section',
    grade: '5',
    content: '<p>Hi</p>',
    unitId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('courses', () => {
  it('creates, lists, updates and deletes a course with the API payloads', async () => {
    const created = await newCourse('SSAT Elementary Prep');
    expect(created).toMatchObject({
      title: 'SSAT Elementary Prep',
      name: 'SSAT Elementary Prep',
      code: 'SSAT-ELEM-PREP',
      description: 'Halves and quarters',
      unitCount: 0,
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    expect(Date.parse(created.updatedAt)).not.toBeNaN();

    for (const [cookie, url] of [
      [teacher, '/api/courses'],
      [dataEntry, '/api/courses'],
      [admin, '/api/admin/courses'],
    ] as const) {
      const list = await send(cookie, 'GET', url);
      expect(list.statusCode).toBe(200);
      expect(list.json().find((c: { id: string }) => c.id === created.id)).toMatchObject({ code: 'SSAT-ELEM-PREP' });
    }

    const updated = await send(dataEntry, 'PUT', `/api/courses/${created.id}`, {
      title: 'SSAT Elementary',
      description: '',
    });
    expect(updated.statusCode).toBe(200);
    // The code stays unless one is sent: links and printed materials keep working.
    expect(updated.json()).toMatchObject({
      title: 'SSAT Elementary',
      name: 'SSAT Elementary',
      description: '',
      code: 'SSAT-ELEM-PREP',
    });
    const recoded = await send(admin, 'PUT', `/api/courses/${created.id}`, {
      title: 'SSAT Elementary',
      code: 'ssat-e1',
    });
    expect(recoded.json().code).toBe('SSAT-E1');

    const deleted = await send(admin, 'DELETE', `/api/courses/${created.id}`);
    expect(deleted.json()).toEqual({ message: 'Course deleted successfully' });
    expect(await t.db.select().from(courses).where(eq(courses.id, created.id))).toEqual([]);
  });

  it('generates unique readable codes, with a numeric suffix on collision', async () => {
    const a = await newCourse('MAP Grade 5 Math');
    const b = await newCourse('MAP Grade 5 Math');
    const c = await newCourse('MAP grade 5 math!');
    expect([a.code, b.code, c.code]).toEqual(['MAP-GRADE-5-MATH', 'MAP-GRADE-5-MATH-2', 'MAP-GRADE-5-MATH-3']);
    expect((await newCourse('数学 🎉')).code).toMatch(/^COURSE(-\d+)?$/);
    expect((await newCourse('Introduction to Algebraic Thinking')).code).toBe('INTR-ALGE-THIN');
    expect((await newCourse('Olympiad 2026 Training')).code).toBe('OLYM-2026-TRAI');
  });

  it('refuses a typed code already in use, and a malformed one', async () => {
    await newCourse('Counting', { code: 'COUNT-1' });
    const clash = await send(teacher, 'POST', '/api/courses', { title: 'Other', code: 'count-1' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('The course code COUNT-1 is already in use');
    const bad = await send(teacher, 'POST', '/api/courses', { title: 'Other', code: 'a b<c>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Code may use letters, numbers and single dashes only');
  });

  it('requires a title, and refuses wrong types and huge titles with a message, changing nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(courses);
    const cases: Array<[unknown, string]> = [
      [{ description: 'x' }, 'Title is required'],
      [{ title: '   ' }, 'Title is required'],
      [{ title: 42 }, 'Title is required'],
      [{ title: ['a'] }, 'Title is required'],
      [{ title: 'x'.repeat(100_000) }, `Title must be at most ${COURSE_LIMITS.title} characters`],
      [{ title: 'ok', description: { a: 1 } }, 'Description must be text'],
      [{ title: 'a\u0000b' }, 'Title contains a character that cannot be stored. Please remove it.'],
      [
        { title: 'ok', description: 'lone \ud800' },
        'Description contains a character that cannot be stored. Please remove it.',
      ],
      [{ title: 'abc\u202Egpj.exe' }, 'Title cannot contain control characters or text-direction overrides'],
      [{ title: 'Roses are \u001b[0;31mred' }, 'Title cannot contain control characters or text-direction overrides'],
    ];
    for (const [body, message] of cases) {
      const response = await send(teacher, 'POST', '/api/courses', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(courses);
    expect(after).toEqual(before);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    for (const [method, url, body] of [
      ['PUT', `/api/courses/${UNKNOWN}`, { title: 'x' }],
      ['DELETE', `/api/courses/${UNKNOWN}`, undefined],
      ['GET', `/api/courses/${UNKNOWN}/units`, undefined],
      ['POST', `/api/courses/${UNKNOWN}/units`, { title: 'x' }],
      ['PUT', `/api/units/${UNKNOWN}`, { title: 'x' }],
      ['DELETE', `/api/units/${UNKNOWN}`, undefined],
      ['GET', `/api/units/${UNKNOWN}/sections`, undefined],
      ['POST', `/api/units/${UNKNOWN}/sections`, { title: 'x' }],
      ['PUT', `/api/sections/${UNKNOWN}`, { title: 'x' }],
      ['DELETE', `/api/sections/${UNKNOWN}`, undefined],
    ] as const) {
      // Deleting a course is an admin's.
      const who = method === 'DELETE' && url.startsWith('/api/courses/') ? admin : teacher;
      const response = await send(who, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toMatch(/^(Course|Unit|Section) not found$/);
      const malformed = await send(who, method, url.replace(UNKNOWN, 'not-a-uuid'), body);
      expect([400, 404], `${method} malformed`).toContain(malformed.statusCode);
    }
  });
});

describe('units', () => {
  it('numbers units automatically from 1, keeps typed numbers, and lists them by number with section counts', async () => {
    const course = await newCourse('Ratios');
    const first = await newUnit(course.id, { title: 'Ratios', unitNumber: '' });
    expect(first.unitNumber).toBe(1);
    const fifth = await newUnit(course.id, { title: 'Rates', unitNumber: 5, categories: ['  Ratios ', 'Rates'] });
    expect(fifth).toMatchObject({
      unitNumber: 5,
      order: 5,
      categories: ['Ratios', 'Rates'],
      courseId: course.id,
      courseTitle: 'Ratios',
      grade: '5',
    });
    const next = await newUnit(course.id, { title: 'Percent', unitNumber: null });
    expect(next.unitNumber).toBe(6);
    const third = await newUnit(course.id, { title: 'Unit rates', unitNumber: '3' });
    await newSection(third.id);
    await newSection(third.id);

    const list = await send(teacher, 'GET', `/api/courses/${course.id}/units`);
    expect(list.json().map((u: { unitNumber: number }) => u.unitNumber)).toEqual([1, 3, 5, 6]);
    expect(list.json()[1].sectionCount).toBe(2);
    const courseRow = (await send(teacher, 'GET', '/api/courses'))
      .json()
      .find((c: { id: string }) => c.id === course.id);
    expect(courseRow).toMatchObject({ unitCount: 4 });

    const adminList = await send(admin, 'GET', `/api/admin/units?courseId=${course.id}`);
    expect(adminList.json()).toHaveLength(4);
    const teacherList = await send(teacher, 'GET', '/api/teacher/units');
    expect(teacherList.json().length).toBeGreaterThanOrEqual(4);
  });

  it('enforces the unit rules with their messages', async () => {
    const course = await newCourse('Area');
    await newUnit(course.id, { unitNumber: 2 });
    const cases: Array<[object, number, string]> = [
      [{ title: '' }, 400, 'Title is required'],
      [{ title: 'x', unitNumber: 0 }, 400, 'Unit number must be a whole number of at least 1'],
      [{ title: 'x', unitNumber: -3 }, 400, 'Unit number must be a whole number of at least 1'],
      [{ title: 'x', unitNumber: 1.5 }, 400, 'Unit number must be a whole number of at least 1'],
      [{ title: 'x', unitNumber: 'two' }, 400, 'Unit number must be a whole number of at least 1'],
      [{ title: 'x', unitNumber: [1] }, 400, 'Unit number must be a whole number of at least 1'],
      [{ title: 'x', unitNumber: 10_000 }, 400, `Unit number must be at most ${COURSE_LIMITS.number}`],
      [{ title: 'x', unitNumber: 2 }, 409, 'Unit number 2 is already used in this course'],
      [{ title: 'x', categories: ['Area', ' '] }, 400, 'Category cannot be empty'],
      [{ title: 'x', categories: ['Area', ' area '] }, 400, 'Category "area" is already added'],
      [{ title: 'x', categories: 'Area' }, 400, 'Categories must be a list of text'],
      [{ title: 'x', categories: [3] }, 400, 'Categories must be a list of text'],
      [{ title: 'x', grade: 'g'.repeat(500) }, 400, `Grade must be at most ${COURSE_LIMITS.grade} characters`],
    ];
    for (const [body, status, message] of cases) {
      const response = await send(teacher, 'POST', `/api/courses/${course.id}/units`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect((await send(teacher, 'GET', `/api/courses/${course.id}/units`)).json()).toHaveLength(1);
  });

  it('updates a unit, keeping its number when none is sent and refusing a number another unit has', async () => {
    const course = await newCourse('Geometry');
    const one = await newUnit(course.id, { title: 'Angles' });
    await newUnit(course.id, { title: 'Triangles' });
    const kept = await send(teacher, 'PUT', `/api/units/${one.id}`, {
      title: 'Angles and lines',
      grade: '6',
      categories: ['Geometry'],
      unitNumber: '',
      courseId: course.id,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      title: 'Angles and lines',
      unitNumber: 1,
      grade: '6',
      categories: ['Geometry'],
    });
    const same = await send(teacher, 'PUT', `/api/units/${one.id}`, { title: 'Angles', unitNumber: 1 });
    expect(same.statusCode).toBe(200);
    const clash = await send(teacher, 'PUT', `/api/units/${one.id}`, { title: 'Angles', unitNumber: 2 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Unit number 2 is already used in this course');
  });

  it('hands out distinct numbers to simultaneous creates', async () => {
    const course = await newCourse('Counting race');
    await Promise.all(Array.from({ length: 5 }, (_, i) => newUnit(course.id, { title: `U${i}` })));
    const numbers = (await send(teacher, 'GET', `/api/courses/${course.id}/units`))
      .json()
      .map((u: { unitNumber: number }) => u.unitNumber);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('sections', () => {
  it('creates, lists, updates and deletes sections, numbered automatically', async () => {
    const course = await newCourse('Linear equations');
    const unit = await newUnit(course.id);
    const content = '<p>Solve $2x + 3 = 11$:</p><p>$$x = \\frac{11 - 3}{2} = 4$$</p>';
    const first = await newSection(unit.id, { title: 'One step', content, sectionNumber: '' });
    expect(first).toMatchObject({
      sectionNumber: 1,
      order: 1,
      content,
      unitId: unit.id,
      unitTitle: 'Unit',
      courseId: course.id,
      exercises: [],
    });
    const second = await newSection(unit.id, { title: 'Two steps', sectionNumber: null });
    expect(second.sectionNumber).toBe(2);
    const question = await buildQuestion(t.db);
    await t.db.insert(sectionQuestions).values({ sectionId: second.id, questionId: question.id, position: 1 });

    const list = await send(dataEntry, 'GET', `/api/units/${unit.id}/sections`);
    expect(list.json().map((s: { title: string }) => s.title)).toEqual(['One step', 'Two steps']);
    expect(list.json()[1].exercises).toEqual([question.id]);

    const summaries = await send(admin, 'GET', `/api/admin/sections?unitId=${unit.id}`);
    expect(summaries.json()).toHaveLength(2);
    expect(summaries.json()[0].content).toBeUndefined();
    expect((await send(teacher, 'GET', `/api/teacher/sections?courseId=${course.id}`)).json()).toHaveLength(2);

    const edited = await send(teacher, 'PUT', `/api/sections/${first.id}`, {
      title: 'One-step equations',
      grade: '7',
      content: '<p>$x+1=2$</p>',
      sectionNumber: 4,
      unitId: unit.id,
    });
    expect(edited.json()).toMatchObject({
      title: 'One-step equations',
      grade: '7',
      sectionNumber: 4,
      content: '<p>$x+1=2$</p>',
    });
    const clash = await send(teacher, 'PUT', `/api/sections/${first.id}`, { title: 'x', sectionNumber: 2 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Section number 2 is already used in this unit');

    expect((await send(teacher, 'DELETE', `/api/sections/${first.id}`)).json()).toEqual({
      message: 'Section deleted successfully',
    });
    expect((await send(teacher, 'GET', `/api/units/${unit.id}/sections`)).json()).toHaveLength(1);
  });

  it('enforces the section rules with their messages', async () => {
    const course = await newCourse('Rules');
    const unit = await newUnit(course.id);
    const cases: Array<[object, string]> = [
      [{ title: ' ' }, 'Title is required'],
      [{ title: 'x', sectionNumber: 0 }, 'Section number must be a whole number of at least 1'],
      [{ title: 'x', content: 5 }, 'Content must be text'],
      [
        { title: 'x', content: 'x'.repeat(COURSE_LIMITS.content + 1) },
        `Content must be at most ${COURSE_LIMITS.content} characters`,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await send(teacher, 'POST', `/api/units/${unit.id}/sections`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('deleting', () => {
  async function countOf(
    table:
      | typeof courses
      | typeof units
      | typeof sections
      | typeof sectionQuestions
      | typeof studentCourses
      | typeof studentUnits
      | typeof studentSections,
    column: unknown,
    ids: string[],
  ) {
    if (!ids.length) return 0;
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(sql`${column} in ${ids}`);
    return row.n;
  }

  async function populated() {
    const built = await buildCourse(t.db, { units: 2, sections: 3 });
    const question = await buildQuestion(t.db);
    const sectionIds = built.units.flatMap((u) => u.sections.map((s) => s.id));
    const unitIds = built.units.map((u) => u.id);
    const student = people.student.id;
    await t.db
      .insert(sectionQuestions)
      .values(sectionIds.map((sectionId, i) => ({ sectionId, questionId: question.id, position: i })));
    await t.db.insert(studentCourses).values({ studentId: student, courseId: built.id });
    await t.db.insert(studentUnits).values(unitIds.map((unitId) => ({ studentId: student, unitId })));
    await t.db.insert(studentSections).values(sectionIds.map((sectionId) => ({ studentId: student, sectionId })));
    return { built, sectionIds, unitIds, question };
  }

  it('a course takes its units, sections, question links and assignments, and nothing else', async () => {
    const other = await populated();
    const { built, sectionIds, unitIds, question } = await populated();
    expect((await send(admin, 'DELETE', `/api/courses/${built.id}?confirm=true`)).statusCode).toBe(200);
    expect(await countOf(units, units.id, unitIds)).toBe(0);
    expect(await countOf(sections, sections.id, sectionIds)).toBe(0);
    expect(await countOf(sectionQuestions, sectionQuestions.sectionId, sectionIds)).toBe(0);
    expect(await countOf(studentCourses, studentCourses.courseId, [built.id])).toBe(0);
    expect(await countOf(studentUnits, studentUnits.unitId, unitIds)).toBe(0);
    expect(await countOf(studentSections, studentSections.sectionId, sectionIds)).toBe(0);
    // The question itself stays in the bank; the other course is untouched.
    expect(
      (await send(teacher, 'GET', '/api/courses')).json().some((c: { id: string }) => c.id === other.built.id),
    ).toBe(true);
    expect(await countOf(sectionQuestions, sectionQuestions.sectionId, other.sectionIds)).toBe(6);
    expect(question.id).toBeTruthy();
  });

  it('a course assigned to students: the preview names how many students and saved tests it reaches, and the delete needs confirm=true', async () => {
    const { built, sectionIds, question } = await populated();
    // A second student, assigned a section only, is reached too; a saved test uses the course's question.
    const second = await buildOneOfEach(t.db);
    await t.db.insert(studentSections).values({ studentId: second.student.id, sectionId: sectionIds[0] });
    expect(
      (
        await send(admin, 'POST', '/api/tests', {
          name: 'Uses the course',
          type: 'test',
          description: '',
          instructions: '',
          timeLimit: null,
          totalMarks: null,
          testCode: '',
          questions: [{ questionId: question.id, order: 1 }],
        })
      ).statusCode,
    ).toBe(201);

    const preview = await send(admin, 'GET', `/api/courses/${built.id}/delete-preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ students: 2, tests: 1, message: COURSE_DELETE_MESSAGES.reach(2, 1) });
    expect(preview.json().message).toBe(
      'This course is assigned to 2 students, who will lose it. 1 saved test uses questions from its sections; they keep those questions.',
    );

    for (const url of [`/api/courses/${built.id}`, `/api/courses/${built.id}?confirm=false`]) {
      const unconfirmed = await send(admin, 'DELETE', url);
      expect(unconfirmed.statusCode).toBe(409);
      expect(unconfirmed.json().message).toBe(
        'This course is assigned to 2 students. Confirm the delete to remove it from them.',
      );
      expect(await countOf(courses, courses.id, [built.id])).toBe(1);
    }
    expect((await send(admin, 'DELETE', `/api/courses/${built.id}?confirm=yes`)).statusCode).toBe(400);
    expect(await countOf(courses, courses.id, [built.id])).toBe(1);

    const confirmed = await send(admin, 'DELETE', `/api/courses/${built.id}?confirm=true`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Course deleted successfully' });
    expect(await countOf(courses, courses.id, [built.id])).toBe(0);
    expect((await send(admin, 'GET', `/api/courses/${built.id}/delete-preview`)).statusCode).toBe(404);
  });

  it('a course is deleted by admins only: teachers and data-entry staff are told so (403), and it stays', async () => {
    const { built } = await populated();
    for (const cookie of [teacher, dataEntry]) {
      for (const [method, url] of [
        ['DELETE', `/api/courses/${built.id}?confirm=true`],
        ['GET', `/api/courses/${built.id}/delete-preview`],
      ] as const) {
        const refused = await send(cookie, method, url);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(COURSE_DELETE_MESSAGES.adminOnly);
      }
    }
    expect(await countOf(courses, courses.id, [built.id])).toBe(1);
    // A course nobody is assigned to needs no confirmation.
    const empty = await buildCourse(t.db, { units: 1, sections: 1 });
    expect((await send(admin, 'DELETE', `/api/courses/${empty.id}`)).statusCode).toBe(200);
  });

  it('a unit takes its sections, their links and assignments; a section its own', async () => {
    const { built, unitIds } = await populated();
    const [gone, kept] = built.units;
    expect((await send(teacher, 'DELETE', `/api/units/${gone.id}`)).json()).toEqual({
      message: 'Unit deleted successfully',
    });
    const goneSections = gone.sections.map((s) => s.id);
    expect(await countOf(sections, sections.id, goneSections)).toBe(0);
    expect(await countOf(sectionQuestions, sectionQuestions.sectionId, goneSections)).toBe(0);
    expect(await countOf(studentSections, studentSections.sectionId, goneSections)).toBe(0);
    expect(await countOf(studentUnits, studentUnits.unitId, unitIds)).toBe(1);
    expect(await countOf(studentCourses, studentCourses.courseId, [built.id])).toBe(1);

    const section = kept.sections[0].id;
    await send(teacher, 'DELETE', `/api/sections/${section}`);
    expect(await countOf(sectionQuestions, sectionQuestions.sectionId, [section])).toBe(0);
    expect(await countOf(studentSections, studentSections.sectionId, [section])).toBe(0);
    expect(
      await countOf(
        sections,
        sections.id,
        kept.sections.map((s) => s.id),
      ),
    ).toBe(2);
  });
});

/** Unsafe markup as a tag or attribute (escaped text such as "&lt;img onerror=" is harmless and allowed). */
const UNSAFE = /<(script|iframe|svg|object|embed)\b|<[^>]*\son\w+\s*=|(href|src)="\s*javascript:/i;

describe('bad input corpora', () => {
  it('stores every naughty string as a course title and description (trimmed), or refuses it with a message', async () => {
    let stored = 0;
    for (const s of naughtyStrings) {
      const response = await send(teacher, 'POST', '/api/courses', { title: s, description: s });
      if (response.statusCode === 201) {
        stored++;
        const saved = await t.db
          .select({ title: courses.title, description: courses.description })
          .from(courses)
          .where(eq(courses.id, response.json().id));
        expect(saved[0], JSON.stringify(s)).toEqual({ title: s.trim(), description: s.trim() });
      } else {
        expect(response.statusCode, JSON.stringify(s)).toBe(400);
        const message = !s.trim()
          ? 'Title is required'
          : [...s.trim()].length > COURSE_LIMITS.title
            ? `Title must be at most ${COURSE_LIMITS.title} characters`
            : hiddenCharacterMessage('Title');
        expect(response.json().message, JSON.stringify(s)).toBe(message);
      }
    }
    expect(stored).toBeGreaterThan(450);
  });

  it('stores naughty unit titles and categories and section titles through the API', async () => {
    const course = await newCourse('Naughty');
    const unit = await newUnit(course.id);
    for (const s of naughtyStrings.filter((x) => x.trim() && x.trim().length <= COURSE_LIMITS.category)) {
      if (textProblem(s.trim(), 'line')) {
        const refused = await send(teacher, 'PUT', `/api/units/${unit.id}`, { title: s, categories: [s] });
        expect(refused.statusCode, JSON.stringify(s)).toBe(400);
        expect(refused.json().message).toBe(hiddenCharacterMessage('Title'));
        continue;
      }
      const u = await send(teacher, 'PUT', `/api/units/${unit.id}`, { title: s, categories: [s] });
      expect(u.statusCode, JSON.stringify(s)).toBe(200);
      expect(u.json()).toMatchObject({ title: s.trim(), categories: [s.trim()] });
      const sec = await send(teacher, 'POST', `/api/units/${unit.id}/sections`, { title: s, content: s });
      expect(sec.statusCode, JSON.stringify(s)).toBe(201);
      expect(sec.json().title).toBe(s.trim());
    }
    // A thousand requests: 20 s on a quiet machine.
  }, 120_000);

  it('sanitizes section content on create and update, keeping the math', async () => {
    const course = await newCourse('Safe content');
    const unit = await newUnit(course.id);
    const math = '<p>Area of a rectangle: $A = l \\times w$</p><p>$$A = 3 \\times 4 = 12$$</p>';
    for (const { payload } of xssPayloads.slice(0, 40)) {
      const created = await send(teacher, 'POST', `/api/units/${unit.id}/sections`, {
        title: 'XSS',
        content: math + payload,
      });
      expect(created.statusCode).toBe(201);
      const content: string = created.json().content;
      expect(content.startsWith(math)).toBe(true);
      expect(content).not.toMatch(UNSAFE);
      const stored = await t.db
        .select({ content: sections.content })
        .from(sections)
        .where(eq(sections.id, created.json().id));
      expect(stored[0].content).toBe(content);
      const updated = await send(teacher, 'PUT', `/api/sections/${created.json().id}`, {
        title: 'XSS',
        content: payload + math,
      });
      expect(updated.json().content).not.toMatch(UNSAFE);
    }
  });
});

describe('list queries', () => {
  it('read each list in one statement however long it is', async () => {
    const counted = await countingDb();
    try {
      const built = [
        await buildCourse(counted.db, { units: 4, sections: 5 }),
        await buildCourse(counted.db, { units: 6, sections: 2 }),
      ];
      for (const [name, run] of [
        ['courses', () => service.listCourses(counted.db)],
        ['units of a course', () => service.listUnits(counted.db, built[0].id)],
        ['all units', () => service.listUnits(counted.db)],
        ['sections of a unit', () => service.listSections(counted.db, built[1].units[0].id)],
        ['all sections', async () => JSON.parse(await service.sectionSummaries(counted.db, {})) as unknown[]],
      ] as const) {
        counted.queries.length = 0;
        const rows = await run();
        expect(rows.length, name).toBeGreaterThan(0);
        expect(counted.queries, name).toHaveLength(1);
      }
    } finally {
      await counted.close();
    }
  });
});

describe('the kept lists', () => {
  it('shows a change in the very next read, here and (through the database) on another instance', async () => {
    const { buildApp } = await import('../../app');
    const other = await buildApp({ config: t.config, database: t.database, distDir: null, rateLimitFactor: 100 });
    try {
      const list = async (app: typeof t.app, cookie: string) =>
        (await call(app, cookie, { method: 'GET', url: '/api/courses' })).json() as Array<{ title: string }>;
      await list(t.app, teacher);
      await list(other, teacher);
      const created = await call(t.app, teacher, {
        method: 'POST',
        url: '/api/courses',
        payload: { title: 'Kept Catalogue Probe' },
      });
      expect(created.statusCode).toBe(201);
      expect((await list(t.app, teacher)).map((c) => c.title)).toContain('Kept Catalogue Probe');
      await expect.poll(async () => (await list(other, teacher)).map((c) => c.title)).toContain('Kept Catalogue Probe');
      await call(t.app, admin, { method: 'DELETE', url: `/api/courses/${created.json().id}` });
      expect((await list(t.app, teacher)).map((c) => c.title)).not.toContain('Kept Catalogue Probe');
    } finally {
      await other.close();
    }
  });

  it('show a new section, its exercises and its removal in the very next read of every list', async () => {
    const course = await newCourse('Kept Lists Probe');
    const unit = await newUnit(course.id);
    const lists = {
      unitsOfCourse: `/api/courses/${course.id}/units`,
      adminUnits: `/api/admin/units?courseId=${course.id}`,
      sectionsOfUnit: `/api/units/${unit.id}/sections`,
      adminSections: `/api/admin/sections?unitId=${unit.id}`,
      allSections: '/api/admin/sections',
    };
    const read = async () => {
      const [unitsOfCourse, adminUnits, sectionsOfUnit, adminSections, allSections] = await Promise.all(
        Object.values(lists).map(async (url) => (await send(admin, 'GET', url)).json()),
      );
      return { unitsOfCourse, adminUnits, sectionsOfUnit, adminSections, allSections };
    };
    await read();
    const section = await newSection(unit.id, { title: 'Kept probe section' });
    const afterCreate = await read();
    expect(afterCreate.unitsOfCourse[0].sectionCount).toBe(1);
    expect(afterCreate.adminUnits[0].sectionCount).toBe(1);
    expect(afterCreate.sectionsOfUnit.map((x: { id: string }) => x.id)).toEqual([section.id]);
    expect(afterCreate.adminSections.map((x: { id: string }) => x.id)).toEqual([section.id]);
    expect(afterCreate.allSections.some((x: { id: string }) => x.id === section.id)).toBe(true);

    const question = await buildQuestion(t.db);
    expect(
      (
        await send(admin, 'POST', '/api/questions/assign-to-section', {
          questionIds: [question.id],
          sectionId: section.id,
        })
      ).statusCode,
    ).toBe(200);
    expect((await read()).adminSections[0].exercises).toEqual([question.id]);

    await send(teacher, 'DELETE', `/api/sections/${section.id}`);
    const afterDelete = await read();
    expect(afterDelete.sectionsOfUnit).toEqual([]);
    expect(afterDelete.allSections.some((x: { id: string }) => x.id === section.id)).toBe(false);
  });

  it('write the admin section list (built as JSON by the database) exactly as the section list of its unit, without the lesson', async () => {
    const course = await buildCourse(t.db, { units: 1, sections: 3 });
    const question = await buildQuestion(t.db);
    await t.db
      .insert(sectionQuestions)
      .values({ sectionId: course.units[0].sections[1].id, questionId: question.id, position: 1 });
    const full = (await send(admin, 'GET', `/api/units/${course.units[0].id}/sections`)).json() as Array<
      Record<string, unknown>
    >;
    const summaries = (await send(admin, 'GET', `/api/admin/sections?unitId=${course.units[0].id}`)).json();
    expect(summaries).toEqual(full.map(({ content: _content, video: _video, ...rest }) => rest));
    expect(summaries[1].exercises).toEqual([question.id]);
    expect(summaries[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('sends a large list gzipped to clients that accept it, and plain to the others', async () => {
    await buildCourse(t.db, { units: 3, sections: 10 });
    const plain = await call(t.app, admin, { method: 'GET', url: '/api/admin/sections' });
    const zipped = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/sections',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });
});
