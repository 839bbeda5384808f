/**
 * Reading skills and levels: a student's own, a parent's child's, a student's for staff who may read them, and a
 * class's heat map. The levels are kept by ./keep.ts from the answers; these reads count what is queued, then look them up.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MASTERY_MESSAGES as M, skillLevelLabel } from '../../../common/rules/mastery';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import type { ClassSkillsReply, SkillName, StudentSkill } from '../../../common/schemas/mastery';
import type { AppContext } from '../../context';
import { answersCounted } from './keeper';
import type { SkillNameRow } from './kept';
import type { Db } from '../../db/client';
import { preparedFor, rows } from '../../db/prepared';
import type { Actor } from '../../policies/actor';
import { requireClass } from '../../policies/classes';
import { requireStudent } from '../../policies/students';
import { accessibleSectionIds, classSectionIds } from '../student/access';

/**
 * The ids of the skills practiced by the questions of some sections (`sectionIds`: a subquery of section ids). The
 * questions are first reduced to the few pairs of focus area and category they carry (no category: null), then
 * matched to the skills: a test of each question against each skill cost a check of its categories per pair.
 */
const skillsOfSections = (sectionIds: SQL) => sql`
  select sos_sk.id from skills sos_sk
  join (select distinct sos_qf.focus_id, sos_qc.category_id from section_questions sos_sq
    join question_focus sos_qf on sos_qf.question_id = sos_sq.question_id
    left join question_categories sos_qc on sos_qc.question_id = sos_sq.question_id
    where sos_sq.section_id in (${sectionIds})) sos_t
    on sos_t.focus_id = sos_sk.focus_area_id and (sos_sk.category_id is null or sos_sk.category_id = sos_t.category_id)`;

const skillNameOf = (r: SkillNameRow): SkillName => ({
  skillId: r.skill_id,
  focusArea: r.focus_area,
  category: r.category,
  gradeMin: r.grade_min,
  gradeMax: r.grade_max,
});

const SKILL_ORDER = sql`order by lower(sk_fa.name), sk_c.name is not null, lower(sk_c.name), sk.id`;

type StudentSkillRow = SkillNameRow & {
  level: number | null;
  first_tries: number | null;
  first_tries_right: number | null;
  review_due_at: string | null;
};

/** The ids of the skills a student's open sections practice, kept (./kept.ts). */
function skillsPracticedBy(ctx: AppContext, studentId: string): Promise<string[]> {
  return ctx.memos.studentPracticedSkills.remember({ student: studentId }, async () =>
    (await rows<{ id: string }>(ctx.db, skillsOfSections(accessibleSectionIds(studentId)))).map((r) => r.id),
  );
}

/**
 * A student's skills with their levels as one prepared statement: planning it cost as much as running it. The rows
 * come back as one JSON array, the only shape a prepared select takes whatever the columns.
 */
function prepareStudentSkills(db: Db) {
  const studentId = sql.placeholder('studentId');
  return db
    .select({
      skills: sql<StudentSkillRow[]>`coalesce((select json_agg(st_r order by st_r.position) from (
        select sk.id as skill_id, sk_fa.name as focus_area, sk_c.name as category, sk.grade_min, sk.grade_max,
          ss.level, ss.first_tries, ss.first_tries_right, ss.review_due_at,
          row_number() over (${SKILL_ORDER}) as position
        from skills sk
        join focus_areas sk_fa on sk_fa.id = sk.focus_area_id
        left join categories sk_c on sk_c.id = sk.category_id
        left join student_skills ss on ss.skill_id = sk.id and ss.student_id = ${studentId}
        where sk.id = any(${sql.placeholder('practiced')}::uuid[])
          or (ss.student_id is not null and ss.level > 0)) st_r), '[]'::json)`,
    })
    .from(sql`(select 1) st_one`)
    .prepare('student_skills');
}
const studentSkillQueries = new WeakMap<Db, ReturnType<typeof prepareStudentSkills>>();

/**
 * A student's skills: those practiced by the questions of the sections open to them, and any other they have a
 * level in (a test's questions reach beyond the sections), with their level and review date.
 */
export async function skillsOfStudent(ctx: AppContext, studentId: string): Promise<StudentSkill[]> {
  const [practiced] = await Promise.all([skillsPracticedBy(ctx, studentId), answersCounted(ctx)]);
  const [{ skills: found }] = await preparedFor(ctx.db, studentSkillQueries, prepareStudentSkills).execute({
    studentId,
    practiced,
  });
  return found.map((r) => ({
    ...skillNameOf(r),
    level: r.level ?? 0,
    label: skillLevelLabel(r.level ?? 0),
    firstTries: r.first_tries ?? 0,
    firstTriesRight: r.first_tries_right ?? 0,
    reviewDueAt: r.review_due_at === null ? null : new Date(r.review_due_at).toISOString(),
  }));
}

/** `GET /api/parent/children/:id/skills`: the parent's own child only; any other id is "Child not found". */
export async function childSkills(ctx: AppContext, parentId: string, childId: string): Promise<StudentSkill[]> {
  await requireStudent(ctx.db, { id: parentId, type: 'parent' }, childId, {
    unknown: DASHBOARD_MESSAGES.childNotFound,
    notYours: DASHBOARD_MESSAGES.childNotFound,
  });
  return skillsOfStudent(ctx, childId);
}

/** `GET /api/students/:id/skills`: for whoever may read the student (server/policies/students.ts). */
export async function studentSkills(ctx: AppContext, actor: Actor, studentId: string): Promise<StudentSkill[]> {
  await requireStudent(ctx.db, actor, studentId, { unknown: M.studentNotFound, notYours: M.notYourStudent });
  return skillsOfStudent(ctx, studentId);
}

/** The skills a class's courses practice (the sections it gives), named and in order: kept (./kept.ts). */
async function skillsPracticedByClass(ctx: AppContext, classId: string): Promise<SkillNameRow[]> {
  return ctx.memos.classPracticedSkills.remember(classId, () =>
    rows<SkillNameRow>(
      ctx.db,
      sql`select sk.id as skill_id, sk_fa.name as focus_area, sk_c.name as category, sk.grade_min, sk.grade_max
        from skills sk
        join focus_areas sk_fa on sk_fa.id = sk.focus_area_id
        left join categories sk_c on sk_c.id = sk.category_id
        where sk.id in (${skillsOfSections(classSectionIds(classId))})
        ${SKILL_ORDER}`,
    ),
  );
}

/**
 * `GET /api/classes/:id/skills`: the class's heat map: the skills its courses practice, then each student of the
 * class with their level in each of those skills, in that order.
 */
export async function classSkills(ctx: AppContext, actor: Actor, classId: string): Promise<ClassSkillsReply> {
  await requireClass(ctx.db, actor, classId);
  const [skills] = await Promise.all([skillsPracticedByClass(ctx, classId), answersCounted(ctx)]);
  const skillIds = skills.map((s) => s.skill_id);
  const students = await rows<{ id: string; name: string; levels: number[] }>(
    ctx.db,
    sql`select hm_u.id,
        coalesce(nullif(trim(coalesce(hm_p.first_name, '') || ' ' || coalesce(hm_p.last_name, '')), ''), hm_u.email) as name,
        array(select coalesce(hm_ss.level, 0)::int
          from unnest(${sql.param(skillIds)}::uuid[]) with ordinality as hm_k(skill_id, position)
          left join student_skills hm_ss on hm_ss.student_id = hm_u.id and hm_ss.skill_id = hm_k.skill_id
          order by hm_k.position) as levels
      from class_students hm_cs
      join users hm_u on hm_u.id = hm_cs.student_id
      left join profiles hm_p on hm_p.user_id = hm_u.id
      where hm_cs.class_id = ${classId}
      order by 2, hm_u.id`,
  );
  // A change of what a class without students gives is announced to nobody: such a class keeps nothing.
  if (students.length === 0) ctx.memos.classPracticedSkills.evict(classId);
  return {
    skills: skills.map(skillNameOf),
    students: students.map((s) => ({ id: s.id, name: s.name, levels: s.levels.map(Number) })),
  };
}
