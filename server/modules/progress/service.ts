/**
 * The progress charts: a student's weeks (from student_days), skills by level per week (from the level changes),
 * test scores and target; a class's accuracy per week. Each reply is a fixed number of statements whatever the
 * history: the weeks are a list of 12 Mondays joined to the days by the tables' keys.
 */
import { sql, type SQL } from 'drizzle-orm';
import { accuracyPercent, CHART_WEEKS, PROGRESS_CHART_MESSAGES as M } from '../../../common/rules/progress-charts';
import type {
  ActivityWeek,
  ClassAccuracyWeeks,
  SkillLevelsWeek,
  StudentProgressCharts,
  TestScorePoint,
} from '../../../common/schemas/progress-charts';
import type { AppContext } from '../../context';
import { answersCounted } from '../mastery/keeper';
import { rows } from '../../db/prepared';
import type { Actor } from '../../policies/actor';
import { requireClass } from '../../policies/classes';
import { requireStudent } from '../../policies/students';

const refusals = { unknown: M.studentNotFound, notYours: M.notYourStudent };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Mondays (UTC) of the last CHART_WEEKS weeks, the current one last. */
export function chartWeeks(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: CHART_WEEKS }, (_, i) =>
    new Date(monday - (CHART_WEEKS - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

interface WeekRow {
  week_start: string;
  checks: number;
  solved: number;
  first_tries: number;
  first_tries_right: number;
  active_minutes: number;
}

const weekList = (weeks: string[]) => sql`unnest(${sql.param(weeks)}::date[]) as w_w(week_start)`;

const presentWeek = (r: WeekRow): ActivityWeek => ({
  weekStart: r.week_start,
  checks: r.checks,
  solved: r.solved,
  firstTries: r.first_tries,
  accuracy: accuracyPercent(r.first_tries, r.first_tries_right),
  activeMinutes: r.active_minutes,
});

const weekSums = sql`to_char(w_w.week_start, 'YYYY-MM-DD') as week_start,
  coalesce(sum(w_d.checks), 0)::int as checks, coalesce(sum(w_d.solved), 0)::int as solved,
  coalesce(sum(w_d.first_tries), 0)::int as first_tries, coalesce(sum(w_d.first_tries_right), 0)::int as first_tries_right,
  coalesce(sum(w_d.active_minutes), 0)::int as active_minutes`;

/**
 * The charted days alone, as bounds the key's range scan can use: joined to each week by its own bounds only, the
 * database reads the whole history once and compares every day with every week.
 */
const chartedDays = (weeks: string[]) =>
  sql`w_d.day >= ${weeks[0]}::date and w_d.day < ${weeks[weeks.length - 1]}::date + 7`;

/** The student's days summed per week (student_days' key). */
const studentWeeks = (studentId: string, weeks: string[]) => sql`
  select ${weekSums}
  from ${weekList(weeks)}
  left join student_days w_d on w_d.student_id = ${studentId} and ${chartedDays(weeks)}
    and w_d.day >= w_w.week_start and w_d.day < w_w.week_start + 7
  group by w_w.week_start order by w_w.week_start`;

/**
 * Each skill's level at the end of each week: the change in force then, the last one before the week's end (the next
 * change of its skill, if any, comes at or after it). The student's changes are read once
 * (student_skill_changes_student_idx), each carrying when the next one of its skill came, instead of once a week.
 */
const skillLevelWeeks = (studentId: string, weeks: string[]) => sql`
  select to_char(w_w.week_start, 'YYYY-MM-DD') as week_start,
    count(*) filter (where w_l.level = 1)::int as l1, count(*) filter (where w_l.level = 2)::int as l2,
    count(*) filter (where w_l.level = 3)::int as l3, count(*) filter (where w_l.level = 4)::int as l4
  from ${weekList(weeks)}
  left join (
    select w_c.to_level as level, w_c.created_at as since,
      lead(w_c.created_at) over (partition by w_c.skill_id order by w_c.created_at, w_c.id desc) as until
    from student_skill_changes w_c where w_c.student_id = ${studentId}
  ) w_l on w_l.since < ((w_w.week_start + 7)::timestamp at time zone 'UTC')
    and (w_l.until is null or w_l.until >= ((w_w.week_start + 7)::timestamp at time zone 'UTC'))
  group by w_w.week_start order by w_w.week_start`;

/** Test scores drawn: the latest sittings, oldest first. */
const TESTS_DRAWN = 50;

const testScores = (studentId: string, releasedOnly: boolean) => sql`
  select p_t.* from (
    select p_at.id as attempt_id, p_te.title, p_at.submitted_at, p_at.score, p_at.max_marks
    from test_attempts p_at
    join test_assignments p_ta on p_ta.id = p_at.assignment_id
    join tests p_te on p_te.id = p_ta.test_id
    where p_at.student_id = ${studentId} and p_at.submitted_at is not null
      ${releasedOnly ? sql`and (p_ta.release = 'on-submit' or p_ta.released_at is not null)` : sql``}
    order by p_at.submitted_at desc, p_at.id limit ${TESTS_DRAWN}) p_t
  order by p_t.submitted_at, p_t.attempt_id`;

/** A query's rows as one JSON array, in its order: the charts' four reads travel as one statement. */
const asJsonRows = (query: SQL) => sql`(select coalesce(json_agg(p_j), '[]'::json) from (${query}) p_j)`;

interface ChartRows {
  weeks: WeekRow[];
  levels: Array<{ week_start: string; l1: number; l2: number; l3: number; l4: number }>;
  tests: Array<{ attempt_id: string; title: string; submitted_at: string; score: number | null; max_marks: number }>;
  target_percent: number | null;
}

/**
 * The student's charts, for the student, a parent of theirs, or staff who may read them: one statement, as on the
 * embedded database each statement costs its own turn (four reads made the charts wait about four times as long).
 */
export async function studentCharts(ctx: AppContext, actor: Actor, studentId: string): Promise<StudentProgressCharts> {
  await requireStudent(ctx.db, actor, studentId, refusals);
  await answersCounted(ctx);
  const weeks = chartWeeks(ctx.now());
  const family = actor.type === 'student' || actor.type === 'parent';
  const [found] = await rows<ChartRows>(
    ctx.db,
    sql`select ${asJsonRows(studentWeeks(studentId, weeks))} as weeks,
        ${asJsonRows(skillLevelWeeks(studentId, weeks))} as levels,
        ${asJsonRows(testScores(studentId, family))} as tests,
        (select p_st.target_percent from student_targets p_st where p_st.student_id = ${studentId}) as target_percent`,
  );
  return {
    weeks: found.weeks.map(presentWeek),
    skillLevels: found.levels.map((r): SkillLevelsWeek => ({
      weekStart: r.week_start,
      attempted: r.l1,
      familiar: r.l2,
      proficient: r.l3,
      mastered: r.l4,
    })),
    tests: found.tests.map((r): TestScorePoint => ({
      attemptId: r.attempt_id,
      title: r.title,
      submittedAt: new Date(r.submitted_at).toISOString(),
      percent: r.max_marks === 0 ? 0 : Math.round(((r.score ?? 0) / r.max_marks) * 1000) / 10,
    })),
    targetPercent: found.target_percent ?? null,
    maySetTarget: actor.type !== 'student',
  };
}

/** Sets the student's target: their parent, or staff who may read them (the route refuses the student). */
export async function setTarget(ctx: AppContext, actor: Actor, studentId: string, targetPercent: number) {
  await requireStudent(ctx.db, actor, studentId, refusals);
  await ctx.db.execute(sql`insert into student_targets (student_id, target_percent, set_by, updated_at)
    values (${studentId}, ${targetPercent}, ${actor.id}, ${ctx.now()})
    on conflict (student_id) do update set target_percent = excluded.target_percent, set_by = excluded.set_by,
      updated_at = excluded.updated_at`);
  return { targetPercent };
}

/** A class's checks and first-try accuracy per week, its current students' days summed. */
export async function classWeeks(ctx: AppContext, actor: Actor, classId: string): Promise<ClassAccuracyWeeks> {
  await requireClass(ctx.db, actor, classId);
  const weeks = chartWeeks(ctx.now());
  const found = await rows<WeekRow>(
    ctx.db,
    sql`select ${weekSums}
      from ${weekList(weeks)}
      cross join class_students w_cs
      left join student_days w_d on w_d.student_id = w_cs.student_id and ${chartedDays(weeks)}
        and w_d.day >= w_w.week_start and w_d.day < w_w.week_start + 7
      where w_cs.class_id = ${classId}
      group by w_w.week_start order by w_w.week_start`,
  );
  // A class without students has no rows: its weeks are empty all the same.
  const byWeek = new Map(found.map((r) => [r.week_start, r]));
  return {
    weeks: weeks.map((weekStart) =>
      presentWeek(
        byWeek.get(weekStart) ?? {
          week_start: weekStart,
          checks: 0,
          solved: 0,
          first_tries: 0,
          first_tries_right: 0,
          active_minutes: 0,
        },
      ),
    ),
  };
}
