import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ASSIGNMENT_MESSAGES,
  batchSummary,
  sectionLabel,
  STUDENT_LIMITS,
  unitLabel,
  type AssignmentKind,
} from '../../../common/rules/students';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import type { batchAssignmentBody, BatchAssignmentReply } from '../../../common/schemas/studentAssignments';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { Invalid, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { requireStudents } from '../../policies/students';
import { STUDENT_REFUSALS } from './service';
import { studentIdsIn } from './students';

type Body = z.output<typeof batchAssignmentBody>;

/** The named students: 404 when one is not a student, 403 when a teacher names someone else's student. */
async function namedStudents(db: Db, actor: Actor, ids: string[]): Promise<string[]> {
  await requireStudents(db, actor, ids, STUDENT_REFUSALS, 'write');
  return ids;
}

/** A list of uuids as one parameter, however many there are. */
const idArray = (ids: string[]): SQL => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

interface Item {
  label: string;
  /** A unit's course, a section's unit: the parent a student must hold. */
  parentId: string | null;
}

async function itemOf(db: Db, kind: AssignmentKind, id: string): Promise<Item> {
  if (kind === 'course') {
    const [row] = await rows<{ title: string }>(db, sql`select bc.title from courses bc where bc.id = ${id}`);
    if (!row) throw NotFound(LEARNING_MESSAGES.courseNotFound);
    return { label: row.title, parentId: null };
  }
  if (kind === 'unit') {
    const [row] = await rows<{ title: string; unit_number: number; course_id: string }>(
      db,
      sql`select bu.title, bu.unit_number, bu.course_id from units bu where bu.id = ${id}`,
    );
    if (!row) throw NotFound(LEARNING_MESSAGES.unitNotFound);
    return { label: unitLabel({ title: row.title, unitNumber: row.unit_number }), parentId: row.course_id };
  }
  const [row] = await rows<{ title: string; section_number: number; unit_id: string }>(
    db,
    sql`select bs.title, bs.section_number, bs.unit_id from sections bs where bs.id = ${id}`,
  );
  if (!row) throw NotFound(LEARNING_MESSAGES.sectionNotFound);
  return { label: sectionLabel({ title: row.title, sectionNumber: row.section_number }), parentId: row.unit_id };
}

const txRows = async <T>(tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
const studentIdsOf = async (tx: Tx, query: SQL) =>
  new Set((await txRows<{ student_id: string }>(tx, query)).map((r) => r.student_id));

/**
 * One course, unit or section assigned to or removed from many students in one transaction, by the rules of the
 * one-student calls (service.ts): a unit needs its course, a section its unit, and a removal takes the student's
 * units and sections of it along. Each student gets the whole change or, when a rule refuses them, none of it;
 * the reply counts who changed, who was already so, and who was refused and why.
 */
export async function batchChange(ctx: AppContext, actor: Actor, body: Body): Promise<BatchAssignmentReply> {
  const targets = body.studentIds
    ? await namedStudents(ctx.db, actor, [...new Set(body.studentIds)])
    : await studentIdsIn(ctx.db, actor, body.filter!, ctx.now());
  if (targets.length === 0) throw Invalid(ASSIGNMENT_MESSAGES.noStudentsChosen);
  const item = await itemOf(ctx.db, body.kind, body.itemId);
  const ids = idArray(targets);
  const at = ctx.now().toISOString();
  const itemId = body.itemId;

  const outcome = await ctx.db.transaction(async (tx) => {
    let refused: string[] = [];
    let reason: string | null = null;
    let changed: Set<string>;
    /*
     * The parent rows are held (FOR SHARE) until commit and removals delete parents before children, as in the
     * one-student calls, so a removal running at the same time cannot leave a unit without its course.
     */
    const holders = async (table: 'student_courses' | 'student_units', column: 'course_id' | 'unit_id') => {
      const held = await studentIdsOf(
        tx,
        sql`select bp.student_id from ${sql.raw(table)} bp where bp.${sql.raw(column)} = ${item.parentId} and bp.student_id = any(${ids}) for share`,
      );
      refused = targets.filter((id) => !held.has(id));
      return [...held];
    };
    const key = `${body.action} ${body.kind}` as const;
    switch (key) {
      case 'assign course':
        changed = await studentIdsOf(
          tx,
          sql`insert into student_courses (student_id, course_id, assigned_by, created_at)
            select bt.id, ${itemId}, ${actor.id}, ${at}::timestamptz from unnest(${ids}) as bt(id)
            on conflict do nothing returning student_id`,
        );
        break;
      case 'remove course': {
        changed = await studentIdsOf(
          tx,
          sql`delete from student_courses bsc where bsc.course_id = ${itemId} and bsc.student_id = any(${ids}) returning bsc.student_id`,
        );
        const courseUnits = sql`select bu.id from units bu where bu.course_id = ${itemId}`;
        await tx.execute(
          sql`delete from student_units bsu where bsu.student_id = any(${ids}) and bsu.unit_id in (${courseUnits})`,
        );
        await tx.execute(
          sql`delete from student_sections bss where bss.student_id = any(${ids}) and bss.section_id in (select bs.id from sections bs where bs.unit_id in (${courseUnits}))`,
        );
        break;
      }
      case 'assign unit': {
        const allowed = await holders('student_courses', 'course_id');
        reason = refused.length ? LEARNING_MESSAGES.unitNeedsCourse : null;
        if (!allowed.length) {
          changed = new Set();
          break;
        }
        const allowedIds = idArray(allowed);
        // DO UPDATE rather than DO NOTHING locks a unit row already there, so a removal of it waits (service.ts).
        const units = await txRows<{ student_id: string; inserted: boolean }>(
          tx,
          sql`insert into student_units (student_id, unit_id, assigned_by, created_at)
            select bt.id, ${itemId}, ${actor.id}, ${at}::timestamptz from unnest(${allowedIds}) as bt(id)
            on conflict (student_id, unit_id) do update set assigned_by = student_units.assigned_by
            returning student_id, (xmax = 0) as inserted`,
        );
        changed = new Set(units.filter((u) => u.inserted).map((u) => u.student_id));
        if (body.withSections) {
          const gotSections = await studentIdsOf(
            tx,
            sql`insert into student_sections (student_id, section_id, assigned_by, created_at)
              select bt.id, bs.id, ${actor.id}, ${at}::timestamptz from unnest(${allowedIds}) as bt(id) cross join sections bs where bs.unit_id = ${itemId}
              on conflict do nothing returning student_id`,
          );
          for (const id of gotSections) changed.add(id);
        }
        break;
      }
      case 'remove unit':
        changed = await studentIdsOf(
          tx,
          sql`delete from student_units bsu where bsu.unit_id = ${itemId} and bsu.student_id = any(${ids}) returning bsu.student_id`,
        );
        await tx.execute(
          sql`delete from student_sections bss where bss.student_id = any(${ids}) and bss.section_id in (select bs.id from sections bs where bs.unit_id = ${itemId})`,
        );
        break;
      case 'assign section': {
        const allowed = await holders('student_units', 'unit_id');
        reason = refused.length ? LEARNING_MESSAGES.sectionNeedsUnit : null;
        changed = allowed.length
          ? await studentIdsOf(
              tx,
              sql`insert into student_sections (student_id, section_id, assigned_by, created_at)
                select bt.id, ${itemId}, ${actor.id}, ${at}::timestamptz from unnest(${idArray(allowed)}) as bt(id)
                on conflict do nothing returning student_id`,
            )
          : new Set();
        break;
      }
      case 'remove section':
        changed = await studentIdsOf(
          tx,
          sql`delete from student_sections bss where bss.section_id = ${itemId} and bss.student_id = any(${ids}) returning bss.student_id`,
        );
        break;
    }
    return { changed: changed!, refused, reason };
  });

  const refusedStudents = outcome.refused.length
    ? await rows<{ id: string; full_name: string }>(
        ctx.db,
        sql`select bu.id, coalesce(nullif(trim(bp.first_name || ' ' || bp.last_name), ''), bu.email) as full_name
          from users bu left join profiles bp on bp.user_id = bu.id
          where bu.id = any(${idArray(outcome.refused)})
          order by bp.last_name, bp.first_name, bu.email limit ${STUDENT_LIMITS.namedRefusals}`,
      )
    : [];
  const counts = {
    changed: outcome.changed.size,
    unchanged: targets.length - outcome.changed.size - outcome.refused.length,
    refused: outcome.refused.length,
    refusedReason: outcome.reason,
  };
  return {
    message: batchSummary({ action: body.action, label: item.label, ...counts }),
    students: targets.length,
    ...counts,
    refusedStudents: refusedStudents.map((r) => ({ id: r.id, fullName: r.full_name })),
  };
}
