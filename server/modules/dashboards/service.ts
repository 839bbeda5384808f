import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACTIVITY_WINDOW_DAYS,
  DASHBOARD_MESSAGES,
  RECENT_ACTIVITY_ITEMS,
  type AdminDashboard,
  type ChildProgress,
  type RecentActivity,
  type TeacherDashboard,
} from '../../../common/schemas/dashboards';
import type { AppContext } from '../../context';
import { rows } from '../../db/prepared';
import { NotFound } from '../../lib/errors';
import { apiType, type DbUserType } from '../../lib/roles';
import { mayActForStudent } from '../../policies/students';
import type { StudentOutline, StudentTotals } from '../student/progress';
import { isSolved, outlineJson, progressOf, totalsJson } from '../student/progress';
import { pendingReviews } from '../test-taking/service';

const windowStart = (ctx: AppContext) => new Date(ctx.now().getTime() - ACTIVITY_WINDOW_DAYS * 24 * 3600 * 1000);
const iso = (at: string | Date) => new Date(at).toISOString();
const nameOr = (name: string | null, fallback: string) => (name?.trim() ? name.trim() : fallback);

interface AdminRow {
  stats: AdminDashboard['stats'];
  recent: Array<{
    kind: 'registration' | 'assignment';
    at: string;
    name: string | null;
    email: string;
    user_type: DbUserType;
    course: string | null;
    by_name: string | null;
  }> | null;
}

/**
 * The admin's figures and Recent Activity in one statement. Every filter has its index: users and courses are
 * counted whole, the 7-day figures read answer_attempts by created_at, the latest registrations and assignments
 * are the newest of users by created_at and student_courses by their assignment time.
 */
export async function adminDashboard(ctx: AppContext): Promise<AdminDashboard> {
  await ctx.attempts.flush();
  const since = windowStart(ctx).toISOString();
  const [row] = await rows<AdminRow>(
    ctx.db,
    sql`select
      json_build_object(
        'users', (select count(*) from users d_u),
        'courses', (select count(*) from courses d_c),
        'activeCourses', (select count(*) from courses d_ac where exists (select 1 from student_courses d_sc where d_sc.course_id = d_ac.id)
          or exists (select 1 from class_courses d_cc join class_students d_cs on d_cs.class_id = d_cc.class_id where d_cc.course_id = d_ac.id)),
        'students', (select count(*) from users d_s where d_s.type = 'student'),
        'activeStudents', (select count(distinct d_a.student_id) from answer_attempts d_a where d_a.created_at >= ${since}::timestamptz),
        'checksThisWeek', (select count(*) from answer_attempts d_w where d_w.created_at >= ${since}::timestamptz)
      ) as stats,
      (select json_agg(r order by r.at desc) from (
        (select 'registration' as kind, r_u.created_at as at, r_p.first_name || ' ' || r_p.last_name as name, r_u.email, r_u.type as user_type,
                null as course, null as by_name
         from users r_u left join profiles r_p on r_p.user_id = r_u.id
         order by r_u.created_at desc limit ${RECENT_ACTIVITY_ITEMS})
        union all
        (select 'assignment', a_sc.created_at, a_p.first_name || ' ' || a_p.last_name, a_u.email, a_u.type,
                a_c.title, nullif(trim(a_bp.first_name || ' ' || a_bp.last_name), '')
         from student_courses a_sc
         join courses a_c on a_c.id = a_sc.course_id
         join users a_u on a_u.id = a_sc.student_id
         left join profiles a_p on a_p.user_id = a_sc.student_id
         left join profiles a_bp on a_bp.user_id = a_sc.assigned_by
         order by a_sc.created_at desc limit ${RECENT_ACTIVITY_ITEMS})
      ) r) as recent`,
  );
  const recent: RecentActivity[] = (row.recent ?? []).slice(0, RECENT_ACTIVITY_ITEMS).map((item) =>
    item.kind === 'registration'
      ? {
          kind: 'registration',
          at: iso(item.at),
          name: nameOr(item.name, item.email),
          userType: apiType(item.user_type),
        }
      : {
          kind: 'assignment',
          at: iso(item.at),
          studentName: nameOr(item.name, item.email),
          courseName: item.course ?? '',
          assignedBy: item.by_name,
        },
  );
  return { stats: row.stats, recent };
}

/**
 * The teacher's own students (policies/students.ts) and the distinct courses assigned to them, in one statement, and
 * their submitted tests awaiting a release.
 */
export async function teacherDashboard(ctx: AppContext, teacherId: string): Promise<TeacherDashboard> {
  const teacher = { id: teacherId, type: 'teacher' } as const;
  const [[row], pending] = await Promise.all([
    rows<{ students: number; courses: number }>(
      ctx.db,
      sql`select
      (select count(*)::int from users t_u where ${mayActForStudent(teacher, sql`t_u.id`)}) as students,
      (select count(distinct t_c.course_id)::int from (
        select t_sc.course_id, t_sc.student_id from student_courses t_sc
        union all select t_cc.course_id, t_cs.student_id from class_courses t_cc join class_students t_cs on t_cs.class_id = t_cc.class_id
      ) t_c where ${mayActForStudent(teacher, sql`t_c.student_id`)}) as courses`,
    ),
    pendingReviews(ctx, teacher),
  ]);
  return { activeCourses: row.courses, totalStudents: row.students, pendingReviews: pending };
}

interface ChildRow {
  child: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    grade: string | null;
    school: string | null;
    checkedThisWeek: number;
    correctThisWeek: number;
    lastActivityAt: string | null;
    outline: StudentOutline;
    totals: StudentTotals;
  };
}

/**
 * A parent's children (policies/students.ts) with everything their reports show, in one statement whatever the number of
 * children, courses or sections: `childId` narrows it to one child, who must be theirs.
 */
async function childrenOf(ctx: AppContext, parentId: string, childId: string | null): Promise<ChildProgress[]> {
  await ctx.attempts.flush();
  const since = windowStart(ctx).toISOString();
  const found = await rows<ChildRow>(
    ctx.db,
    sql`select json_build_object(
        'id', child.id, 'firstName', child_p.first_name, 'lastName', child_p.last_name, 'grade', child_p.grade_level, 'school', child_p.school,
        'checkedThisWeek', (select count(*) from answer_attempts w_a where w_a.student_id = child.id and w_a.created_at >= ${since}::timestamptz),
        'correctThisWeek', (select count(*) from answer_attempts w_c where w_c.student_id = child.id and w_c.created_at >= ${since}::timestamptz and w_c.is_correct),
        'lastActivityAt', (select max(l_a.created_at) from answer_attempts l_a where l_a.student_id = child.id),
        'outline', ${outlineJson(sql`child.id`)},
        'totals', ${totalsJson(sql`child.id`)}
      ) as child
      from users child
      left join profiles child_p on child_p.user_id = child.id
      where ${mayActForStudent({ id: parentId, type: 'parent' }, sql`child.id`)} ${childId ? sql`and child.id = ${childId}` : sql``}
      order by child_p.first_name, child_p.last_name, child.id`,
  );
  return found.map(({ child }) => presentChild(child));
}

function presentChild(child: ChildRow['child']): ChildProgress {
  const { outline, totals } = child;
  const { courses, ...figures } = progressOf(outline, totals);
  return {
    id: child.id,
    firstName: child.firstName ?? '',
    lastName: child.lastName ?? '',
    grade: child.grade,
    school: child.school,
    checkedThisWeek: child.checkedThisWeek,
    correctThisWeek: child.correctThisWeek,
    lastActivityAt: child.lastActivityAt ? iso(child.lastActivityAt) : null,
    questionsTried: figures.questionsTried,
    questionsSolved: figures.questionsSolved,
    firstTryAccuracy: figures.firstTryAccuracy,
    lastSection: figures.lastSection,
    courses: outline.courses.map((course) => {
      const progress = courses.find((c) => c.courseId === course.id)!;
      const units: ChildProgress['courses'][number]['units'] = [];
      for (const section of outline.sections.filter((s) => s.courseId === course.id)) {
        let unit = units.find((u) => u.id === section.unitId);
        if (!unit)
          units.push(
            (unit = { id: section.unitId, title: section.unitTitle, unitNumber: section.unitNumber, sections: [] }),
          );
        unit.sections.push({
          id: section.sectionId,
          title: section.title,
          sectionNumber: section.sectionNumber,
          questions: section.questionIds.length,
          solved: section.questionIds.filter((q) => isSolved(totals, q)).length,
        });
      }
      return {
        id: course.id,
        name: course.name,
        code: course.code,
        sectionsDone: progress.sectionsDone,
        sectionsWithExercises: progress.sectionsWithExercises,
        units,
      };
    }),
  };
}

export const parentChildren = (ctx: AppContext, parentId: string) => childrenOf(ctx, parentId, null);

/** One child of the parent's; any other id, another parent's child included, is 404 as an unknown one. */
export async function parentChild(ctx: AppContext, parentId: string, childId: string): Promise<ChildProgress> {
  const [child] = z.uuid().safeParse(childId).success ? await childrenOf(ctx, parentId, childId) : [];
  if (!child) throw NotFound(DASHBOARD_MESSAGES.childNotFound);
  return child;
}
