/**
 * A sitting's section clock under simultaneous requests: ending a section is read-then-write (is a section running?
 * then the break begins), so six "End section" clicks at once must move the clock once. On PostgreSQL: PGlite runs
 * one statement at a time, so the requests would never overlap there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MESSAGES as M } from '../../../common/rules/exams';
import type { Attempt } from '../../../common/schemas/test-taking';
import { buildAdmin, buildQuestion, buildStudent, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let studentId: string;
let student: string;
let questionIds: string[];

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  const s = await buildStudent(t.db);
  studentId = s.id;
  [admin, student] = [await signIn(t.app, await buildAdmin(t.db)), await signIn(t.app, s)];
  questionIds = [];
  for (let i = 0; i < 6; i++) questionIds.push((await buildQuestion(t.db)).id);
});
afterAll(() => t.close());

const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(t.app, cookie, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });

describe('the section clock under simultaneous requests', () => {
  it('ends a section once for six ends at once: the others are told no section is running', async () => {
    const profile = await as(admin, 'POST', '/exam-profiles', {
      name: 'Three short sections',
      right: 1,
      sections: [1, 2, 3].map((n) => ({ name: `Part ${n}`, questions: 2, minutes: 10 })),
      breakMinutes: 5,
    });
    expect(profile.statusCode, profile.body).toBe(201);
    const made = await as(admin, 'POST', '/tests', {
      name: 'Race mock',
      type: 'test',
      examProfileId: profile.json().profile.id,
      questions: questionIds.map((questionId, i) => ({ questionId, order: i + 1, marks: 1 })),
    });
    expect(made.statusCode, made.body).toBe(201);
    const testId = made.json().test.id;
    await as(admin, 'POST', `/tests/${testId}/assign`, { studentIds: [studentId] });
    const listed = (await as(student, 'GET', '/student/tests')).json().tests[0];
    const sat = (await as(student, 'POST', `/student/tests/${listed.assignmentId}/start`)).json().attempt as Attempt;

    const replies = await Promise.all(
      Array.from({ length: 6 }, () => as(student, 'POST', `/student/attempts/${sat.id}/end-section`)),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of replies.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toBe(M.noSectionToEnd);
    const now = (await as(student, 'GET', `/student/attempts/${sat.id}`)).json().attempt as Attempt;
    expect(now.exam).toMatchObject({
      phase: 'break',
      sections: [{ state: 'closed' }, { state: 'current' }, { state: 'upcoming' }],
    });
    expect(now.submittedAt).toBeNull();
  });
});
