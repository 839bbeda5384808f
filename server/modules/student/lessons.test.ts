import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../../common/rules';
import { VIDEO_MESSAGES } from '../../../common/rules/video';
import { LEARNING_MESSAGES, type CourseDetail } from '../../../common/schemas/learning';
import { sectionQuestions, sections, studentCourses, studentSections, studentUnits } from '../../db/schema';
import { buildCourse, buildOneOfEach, buildQuestion, signInEach, type BuiltCourse } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

const YT = 'dQw4w9WgXcQ';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let cookies: Record<UserType | 'anon', string | null>;
let studentId: string;
let course: BuiltCourse;
/** Unit 1: sections 1 and 2 open, 3 locked; unit 2: not assigned. */
let open1: string;
let open2: string;
let locked: string;
const qs: string[] = [];

const send = (who: UserType | 'anon', method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(t.app, cookies[who], { method, url, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const people = await buildOneOfEach(t.db);
  cookies = await signInEach(t.app, people);
  studentId = people.student.id;
  course = await buildCourse(t.db, { units: 2, sections: 3 });
  [open1, open2, locked] = course.units[0].sections.map((s) => s.id);
  for (let i = 0; i < 3; i++) qs.push((await buildQuestion(t.db)).id);
  await t.db.insert(sectionQuestions).values([
    { sectionId: open1, questionId: qs[0], position: 1 },
    { sectionId: open1, questionId: qs[1], position: 2 },
    { sectionId: open2, questionId: qs[2], position: 1 },
  ]);
  await t.db.insert(studentCourses).values({ studentId, courseId: course.id });
  await t.db.insert(studentUnits).values({ studentId, unitId: course.units[0].id });
  await t.db.insert(studentSections).values([
    { studentId, sectionId: open1 },
    { studentId, sectionId: open2 },
  ]);
});
afterAll(() => t.close());

const stored = async (id: string) => {
  const [row] = await t.db
    .select({ provider: sections.videoProvider, id: sections.videoId })
    .from(sections)
    .where(eq(sections.id, id));
  return row;
};

describe("a section's video", () => {
  it('is set by staff from a YouTube or Vimeo link, stored as provider and id, and removed when sent empty', async () => {
    const saved = await send('teacher', 'PUT', `/api/sections/${open1}`, { videoUrl: `https://youtu.be/${YT}` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().video).toEqual({ provider: 'youtube', id: YT });
    expect(await stored(open1)).toEqual({ provider: 'youtube', id: YT });

    const vimeo = await send('admin', 'PUT', `/api/sections/${locked}`, { videoUrl: 'https://vimeo.com/76979871' });
    expect(vimeo.json().video).toEqual({ provider: 'vimeo', id: '76979871' });
    const kept = await send('data-entry', 'PUT', `/api/sections/${locked}`, { title: 'Renamed' });
    expect(kept.json().video).toEqual({ provider: 'vimeo', id: '76979871' });
    const cleared = await send('data-entry', 'PUT', `/api/sections/${locked}`, { videoUrl: '' });
    expect(cleared.json().video).toBeNull();
    expect(await stored(locked)).toEqual({ provider: null, id: null });

    const created = await send('teacher', 'POST', `/api/units/${course.units[1].id}/sections`, {
      title: 'With a video',
      videoUrl: `https://www.youtube.com/watch?v=${YT}&t=5s`,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().video).toEqual({ provider: 'youtube', id: YT });
    const listed = await send('teacher', 'GET', `/api/units/${course.units[1].id}/sections`);
    expect(listed.json().find((s: { id: string }) => s.id === created.json().id).video).toEqual({
      provider: 'youtube',
      id: YT,
    });
  });

  it('refuses any other link or value with a message (400), changing nothing', async () => {
    await send('teacher', 'PUT', `/api/sections/${open2}`, { videoUrl: `https://youtu.be/${YT}` });
    const cases: Array<[unknown, string]> = [
      ['https://example.com/lesson.mp4', VIDEO_MESSAGES.unsupported],
      [`https://youtube.com.evil.test/watch?v=${YT}`, VIDEO_MESSAGES.unsupported],
      ['javascript:alert(1)', VIDEO_MESSAGES.unsupported],
      [`https://youtu.be/${'x'.repeat(100_000)}`, VIDEO_MESSAGES.tooLong],
      [42, VIDEO_MESSAGES.notText],
      [{ provider: 'youtube', id: YT }, VIDEO_MESSAGES.notText],
    ];
    for (const [videoUrl, message] of cases) {
      const response = await send('teacher', 'PUT', `/api/sections/${open2}`, { videoUrl: videoUrl as string });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await stored(open2)).toEqual({ provider: 'youtube', id: YT });
  });

  it('is set by staff only', async () => {
    for (const who of ['student', 'parent'] as const) {
      const response = await send(who, 'PUT', `/api/sections/${open2}`, { videoUrl: 'https://vimeo.com/1' });
      expect(response.statusCode).toBe(403);
    }
    expect((await send('anon', 'PUT', `/api/sections/${open2}`, { videoUrl: 'https://vimeo.com/1' })).statusCode).toBe(
      401,
    );
    expect(await stored(open2)).toEqual({ provider: 'youtube', id: YT });
  });

  it('reaches the student with an open section, and never with a locked one', async () => {
    await send('teacher', 'PUT', `/api/sections/${open1}`, { videoUrl: `https://youtu.be/${YT}` });
    await send('teacher', 'PUT', `/api/sections/${locked}`, { videoUrl: 'https://vimeo.com/5' });
    await send('teacher', 'PUT', `/api/sections/${open2}`, { videoUrl: '' });
    const detail = (await send('student', 'GET', `/api/student/courses/${course.id}`)).json() as CourseDetail;
    const byId = new Map(detail.units.flatMap((u) => u.sections).map((s) => [s.id, s]));
    expect(byId.get(open1)?.video).toEqual({ provider: 'youtube', id: YT });
    expect(byId.get(open2)?.video).toBeNull();
    expect(byId.get(locked)?.hasAccess).toBe(false);
    expect(byId.get(locked)).not.toHaveProperty('video');
  });
});

describe("a course's progress per section", () => {
  it('lists the open sections with their exercises and how many the student solved', async () => {
    const before = await send('student', 'GET', `/api/student/courses/${course.id}/progress`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().sections).toEqual([
      { sectionId: open1, unitId: course.units[0].id, questions: 2, solved: 0 },
      { sectionId: open2, unitId: course.units[0].id, questions: 1, solved: 0 },
    ]);

    // buildQuestion's questions are multiple choice with A right.
    const check = await send('student', 'POST', '/api/questions/check-answer', {
      questionId: qs[0],
      studentAnswer: 'A',
      sectionId: open1,
    });
    expect(check.json().result.isCorrect, check.body).toBe(true);
    const after = await send('student', 'GET', `/api/student/courses/${course.id}/progress`);
    expect(after.json().sections[0]).toMatchObject({ sectionId: open1, questions: 2, solved: 1 });
  });

  it('answers 404 for a course not assigned or unknown, and 400 for a malformed id', async () => {
    const other = await buildCourse(t.db, { units: 1, sections: 1 });
    for (const id of [other.id, UNKNOWN]) {
      const response = await send('student', 'GET', `/api/student/courses/${id}/progress`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(LEARNING_MESSAGES.courseNotFound);
    }
    expect((await send('student', 'GET', '/api/student/courses/nope/progress')).statusCode).toBe(400);
  });

  it('is the student’s own: other roles are refused', async () => {
    for (const who of ['parent', 'teacher', 'admin', 'data-entry'] as const) {
      expect((await send(who, 'GET', `/api/student/courses/${course.id}/progress`)).statusCode).toBe(403);
    }
    expect((await send('anon', 'GET', `/api/student/courses/${course.id}/progress`)).statusCode).toBe(401);
  });
});
