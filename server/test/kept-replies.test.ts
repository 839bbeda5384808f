/**
 * Kept views are sent as stored bytes, without running the handler or the reply schema again: every kept route's
 * answer must therefore be exactly what its reply schema makes of the same data, with no key the schema would strip
 * or reshape. Every route that declares `kept` must have a row here.
 */
import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { attachments, sectionQuestions, studentCourses, studentSections, studentUnits } from '../db/schema';
import { buildAdmin, buildCourse, buildQuestion, buildStudent, buildTeacher, linkTeacher, signIn } from './factories';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
const rows: Array<{ route: string; cookie: () => string; url: string; payload?: object }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const [admin, teacher, student] = await Promise.all([buildAdmin(t.db), buildTeacher(t.db), buildStudent(t.db)]);
  await linkTeacher(t.db, teacher.id, student.id);
  const cookies = {
    admin: await signIn(t.app, admin),
    teacher: await signIn(t.app, teacher),
    student: await signIn(t.app, student),
  };
  const course = await buildCourse(t.db, { units: 2, sections: 2 });
  const question = await buildQuestion(t.db);
  await t.db
    .insert(attachments)
    .values({ questionId: question.id, filename: 'kept.png', originalName: 'figure.png', mime: 'image/png', size: 10 });
  const [unit] = course.units;
  await t.db.insert(sectionQuestions).values({ sectionId: unit.sections[0].id, questionId: question.id, position: 1 });
  await t.db.insert(studentCourses).values({ studentId: student.id, courseId: course.id });
  await t.db.insert(studentUnits).values({ studentId: student.id, unitId: unit.id });
  await t.db.insert(studentSections).values({ studentId: student.id, sectionId: unit.sections[0].id });

  const as = (who: keyof typeof cookies) => () => cookies[who];
  rows.push(
    { route: 'GET /api/courses', cookie: as('teacher'), url: '/api/courses' },
    { route: 'GET /api/admin/courses', cookie: as('admin'), url: '/api/admin/courses' },
    { route: 'GET /api/courses/:id/units', cookie: as('teacher'), url: `/api/courses/${course.id}/units` },
    { route: 'GET /api/admin/units', cookie: as('admin'), url: '/api/admin/units' },
    { route: 'GET /api/teacher/units', cookie: as('teacher'), url: `/api/teacher/units?courseId=${course.id}` },
    { route: 'GET /api/units/:id/sections', cookie: as('teacher'), url: `/api/units/${unit.id}/sections` },
    { route: 'GET /api/admin/sections', cookie: as('admin'), url: '/api/admin/sections' },
    { route: 'GET /api/teacher/sections', cookie: as('teacher'), url: `/api/teacher/sections?unitId=${unit.id}` },
    { route: 'GET /api/student/courses/:id', cookie: as('student'), url: `/api/student/courses/${course.id}` },
    { route: 'GET /api/student/courses', cookie: as('student'), url: '/api/student/courses' },
    {
      route: 'POST /api/questions/batch',
      cookie: as('student'),
      url: '/api/questions/batch',
      payload: { questionIds: [question.id] },
    },
    { route: 'GET /api/questions', cookie: as('admin'), url: '/api/questions?pageSize=5' },
    { route: 'GET /api/admin/students', cookie: as('admin'), url: '/api/admin/students' },
    { route: 'GET /api/teacher/students', cookie: as('teacher'), url: '/api/teacher/students?group=all&page=1' },
    { route: 'GET /api/admin/users', cookie: as('admin'), url: '/api/admin/users?page=1&limit=10' },
    { route: 'GET /api/academy', cookie: as('student'), url: '/api/academy' },
  );
});
afterAll(() => t.close());

const bodyOf = (response: LightMyRequestResponse) =>
  response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload).toString() : response.body;

describe('kept replies', () => {
  it('cover every route that declares a kept view', () => {
    const declared = t.app.keptRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(rows.map((r) => r.route).sort()).toEqual(declared);
  });

  it('are byte for byte the first answer, and exactly what the reply schema makes of it', async () => {
    for (const row of rows) {
      const { method, schema } = t.app.keptRoutes.find((r) => `${r.method} ${r.url}` === row.route)!;
      const request = {
        method: method as 'GET' | 'POST',
        url: row.url,
        payload: row.payload,
        headers: { 'accept-encoding': 'gzip' },
      };
      const first = await call(t.app, row.cookie(), request);
      expect(first.statusCode, row.route).toBe(200);
      const kept = await call(t.app, row.cookie(), request);
      expect(bodyOf(kept), row.route).toBe(bodyOf(first));
      expect(kept.headers['content-type'], row.route).toBe('application/json; charset=utf-8');
      const answer = JSON.parse(bodyOf(kept));
      expect(answer, row.route).toStrictEqual(JSON.parse(JSON.stringify((schema as z.ZodType).encode(answer))));
      expect(JSON.stringify(answer), row.route).not.toBe('[]');
    }
  });
});
