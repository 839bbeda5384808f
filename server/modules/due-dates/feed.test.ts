import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_LIMITS, DUE_DATE_MESSAGES as M } from '../../../common/rules';
import { calendarFeeds } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { buildClass } from '../../test/due-date-fixtures';
import { buildCourse, buildStudent, buildTeacher, buildUser, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let teacher: TestUser;
let student: TestUser;
let teacherCookie: string;
let studentCookie: string;
let sectionId: string;
const HOSTILE = 'Evil, Inc.; DROP\\TABLE\r\nBEGIN:VEVENT\nSUMMARY:pwned';

beforeAll(async () => {
  // The limits as shipped: the feed's reads from one address are counted.
  t = await createTestApp({ rateLimitFactor: 1 });
  [teacher, student] = await Promise.all([buildTeacher(t.db), buildStudent(t.db)]);
  const course = await buildCourse(t.db, { units: 1, sections: 1, title: `Course ${HOSTILE}` });
  sectionId = course.units[0].sections[0].id;
  const klass = await buildClass(t.db, {
    name: HOSTILE,
    teachers: [teacher.id],
    students: [student.id],
    courses: [course.id],
  });
  teacherCookie = await signIn(t.app, teacher);
  studentCookie = await signIn(t.app, student);
  const due = new Date(t.clock.now().getTime() + 2 * 24 * 3600_000).toISOString();
  const set = await call(t.app, teacherCookie, {
    method: 'PUT',
    url: `/api/classes/${klass.id}/due-dates/${sectionId}`,
    payload: { dueAt: due },
  });
  expect(set.statusCode).toBe(200);
});
afterAll(() => t.close());

const readFeed = (path: string, ip = '10.0.0.1') => t.app.inject({ method: 'GET', url: path, remoteAddress: ip });

describe('the iCalendar feed', () => {
  it('is made, answered as text/calendar with the events escaped, replaced, and revoked', async () => {
    expect((await call(t.app, studentCookie, { method: 'GET', url: '/api/calendar/feed' })).json()).toEqual({
      exists: false,
      createdAt: null,
    });
    const made = await call(t.app, studentCookie, { method: 'POST', url: '/api/calendar/feed' });
    expect(made.statusCode).toBe(200);
    const { path } = made.json();
    expect(path).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the hash is stored, never the secret.
    const [row] = await t.db.select().from(calendarFeeds);
    expect(row.tokenHash).toBe(sha256(path.slice('/api/calendar/feed/'.length, -'.ics'.length)));
    const status = (await call(t.app, studentCookie, { method: 'GET', url: '/api/calendar/feed' })).json();
    expect(status.exists).toBe(true);
    expect(JSON.stringify(status)).not.toContain(path.slice(20, 40));

    const feed = await readFeed(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = feed.body;
    expect(text.split('\r\n').filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`UID:due-${sectionId}@math-academy`);
    // The hostile course title cannot end the line or start an event of its own.
    expect(unfolded).toContain(
      'SUMMARY:Due: Section 1.1 (Course Evil\\, Inc.\\; DROP\\\\TABLE\\nBEGIN:VEVENT\\nSUMMARY:pwned)',
    );
    expect(text.split('\r\n').filter((line) => line.startsWith('SUMMARY:'))).toHaveLength(1);

    // The teacher's feed names the class; a hostile class name is escaped the same way.
    const teacherFeed = await call(t.app, teacherCookie, { method: 'POST', url: '/api/calendar/feed' });
    const teacherText = (await readFeed(teacherFeed.json().path)).body.replace(/\r\n /g, '');
    expect(teacherText).toContain('[Evil\\, Inc.\\; DROP\\\\TABLE\\nBEGIN:VEVENT\\nSUMMARY:pwned]');
    expect(teacherText.split('\r\n').filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);

    // Making it again replaces the address: the old one answers 404.
    const again = (await call(t.app, studentCookie, { method: 'POST', url: '/api/calendar/feed' })).json().path;
    expect(again).not.toBe(path);
    const old = await readFeed(path);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(M.feedNotFound);

    const revoked = await call(t.app, studentCookie, { method: 'DELETE', url: '/api/calendar/feed' });
    expect(revoked.json()).toEqual({ exists: false, createdAt: null });
    expect((await readFeed(again, '10.0.0.2')).statusCode).toBe(404);
  });

  it('answers 404 to an unknown token and limits reads from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= CALENDAR_LIMITS.feedReadsPerHour; i++)
      codes.push((await readFeed(`/api/calendar/feed/guess${i}.ics`, '10.9.9.9')).statusCode);
    expect(new Set(codes.slice(0, -1))).toEqual(new Set([404]));
    expect(codes.at(-1)).toBe(429);
  });

  it('is for students, teachers and admins only', async () => {
    const parent = await signIn(t.app, await buildUser(t.db, 'parent'));
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await call(t.app, parent, { method, url: '/api/calendar/feed' })).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'POST', url: '/api/calendar/feed' })).statusCode).toBe(401);
  });
});
