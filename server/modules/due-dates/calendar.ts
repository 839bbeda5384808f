import { sql } from 'drizzle-orm';
import type { CalendarEvent } from '../../../common/schemas/due-dates';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import type { Actor } from '../../policies/actor';
import { studentDueItems } from './student-due';

const iso = (value: string | Date) => new Date(value).toISOString();
const within = (at: string, from: Date, to: Date) => Date.parse(at) >= from.getTime() && Date.parse(at) < to.getTime();

/**
 * What a user's calendar shows between two moments:
 * - a student: their sections' due dates (with their state) and their given tests' openings and closings;
 * - a teacher: the due dates of the classes they teach (the class's own, not students' extensions) and the windows
 *   of the tests given to those classes, each with the class's name;
 * - an admin: the same for every class;
 * - anyone else: nothing.
 */
export async function calendarEvents(db: Db, actor: Actor, from: Date, to: Date, now: Date): Promise<CalendarEvent[]> {
  if (actor.type === 'student') return studentEvents(db, actor.id, from, to, now);
  if (actor.type === 'teacher' || actor.type === 'admin') return classEvents(db, actor, from, to);
  return [];
}

async function studentEvents(db: Db, studentId: string, from: Date, to: Date, now: Date): Promise<CalendarEvent[]> {
  const events: CalendarEvent[] = [];
  for (const item of await studentDueItems(db, studentId, now)) {
    if (item.kind === 'section') {
      events.push({
        id: `due-${item.id}`,
        kind: 'due',
        at: item.dueAt,
        title: `${item.title} (${item.courseTitle})`,
        className: null,
        state: item.state,
      });
      continue;
    }
    if (item.opensAt)
      events.push({
        id: `opens-${item.id}`,
        kind: 'test-opens',
        at: item.opensAt,
        title: item.title,
        className: null,
        state: null,
      });
    if (item.closesAt)
      events.push({
        id: `closes-${item.id}`,
        kind: 'test-closes',
        at: item.closesAt,
        title: item.title,
        className: null,
        state: null,
      });
  }
  return sorted(events.filter((e) => within(e.at, from, to)));
}

async function classEvents(db: Db, actor: Actor, from: Date, to: Date): Promise<CalendarEvent[]> {
  const mine =
    actor.type === 'admin'
      ? sql`true`
      : sql`cal_c.id in (select cal_ct.class_id from class_teachers cal_ct where cal_ct.teacher_id = ${actor.id})`;
  const fromAt = from.toISOString();
  const toAt = to.toISOString();
  const found = await rows<{
    id: string;
    kind: CalendarEvent['kind'];
    at: string | Date;
    title: string;
    class_name: string;
  }>(
    db,
    sql`select 'due-' || cal_d.class_id || '-' || cal_d.section_id as id, 'due' as kind, cal_d.due_at as at,
          cal_s.title || ' (' || cal_co.title || ')' as title, cal_c.name as class_name
        from section_due_dates cal_d
        join classes cal_c on cal_c.id = cal_d.class_id
        join sections cal_s on cal_s.id = cal_d.section_id
        join units cal_u on cal_u.id = cal_s.unit_id
        join courses cal_co on cal_co.id = cal_u.course_id
        where ${mine} and cal_d.due_at >= ${fromAt}::timestamptz and cal_d.due_at < ${toAt}::timestamptz
      union all
      select 'opens-' || cal_t.class_id || '-' || cal_t.test_id, 'test-opens', cal_t.opens_at, cal_tt.title, cal_c.name
        from class_tests cal_t join classes cal_c on cal_c.id = cal_t.class_id join tests cal_tt on cal_tt.id = cal_t.test_id
        where ${mine} and cal_t.opens_at >= ${fromAt}::timestamptz and cal_t.opens_at < ${toAt}::timestamptz
      union all
      select 'closes-' || cal_t.class_id || '-' || cal_t.test_id, 'test-closes', cal_t.closes_at, cal_tt.title, cal_c.name
        from class_tests cal_t join classes cal_c on cal_c.id = cal_t.class_id join tests cal_tt on cal_tt.id = cal_t.test_id
        where ${mine} and cal_t.closes_at >= ${fromAt}::timestamptz and cal_t.closes_at < ${toAt}::timestamptz`,
  );
  return sorted(
    found.map((e) => ({ id: e.id, kind: e.kind, at: iso(e.at), title: e.title, className: e.class_name, state: null })),
  );
}

const sorted = (events: CalendarEvent[]) =>
  events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.title.localeCompare(b.title));
