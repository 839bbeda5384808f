/**
 * The mastery bench's academy, seeded by set-based SQL inside the bench server (bench/server.ts, seeder `mastery`):
 * 10,000 students in 250 classes of 40, a teacher per class and a parent per two students; a bank of 20 focus areas
 * and 9 categories with 200 skills (each focus area alone and with each category); 10 courses of 10 units x 10
 * sections x 5 questions, each practicing 40 skills; each class given one course (one unit held back), one student in
 * ten also given another course of their own; and a year of history: answer attempts (BENCH_MASTERY_ATTEMPTS,
 * 10,000,000 by default), student days (about 40% of days active), levels with review dates in student_skills, the
 * level changes that lead to each level, 10 tests per student (9 in 10 sat), and targets.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rows } from '../server/db/prepared';
import { hashPassword } from '../server/lib/crypto';

export const MASTERY_PASSWORD = 'Bench@pass1!';
const STUDENTS = 10_000;
const CLASS_SIZE = 40;
const CLASSES = STUDENTS / CLASS_SIZE;
const COURSES = 10;
const FOCUS_AREAS = 20;
const CATEGORIES = 9;
/** Each course's questions: 10 units x 10 sections x 5. */
const COURSE_QUESTIONS = 500;
const TESTS = 20;
const YEAR_AGO = sql`(now() - interval '365 days')`;

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Ivy', 'Omar', 'Lena', 'Ravi', 'Sofia', 'Kenji'];
const LAST = ['Garcia', 'Chen', 'Okafor', 'Smith', 'Nguyen', 'Patel', 'Kowalski', 'Haddad', 'Silva', 'Kim', 'Rossi'];
const textArray = (items: string[]) =>
  sql`array[${sql.join(
    items.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;

export const masteryStudentEmail = (n: number) => `mastery-student-${n}@example.com`;
export const masteryParentEmail = (n: number) => `mastery-parent-${n}@example.com`;
export const masteryTeacherEmail = (n: number) => `mastery-teacher-${n}@example.com`;

/** What the measurements need: who to sign in as, and whom they read. */
export interface MasteryIds {
  students: Array<{ id: string; email: string }>;
  parents: Array<{ email: string; childId: string }>;
  teachers: Array<{ email: string; classId: string }>;
  counts: Record<string, number>;
  seedSeconds: Record<string, number>;
}

/**
 * A bulk insert into one of the large tables: its secondary indexes are built once after the rows (kept up row by row
 * over millions of rows they take most of the seed's time), and its foreign keys are not checked row by row (the
 * rows are made from the ids of the rows they name). Several statements run at once, each on a connection of its
 * own (a core each on PostgreSQL). With `primaryKey`, the primary key too is built after the rows, unless a foreign
 * key refers to it: a key of random uuids kept up row by row costs a third of a large insert.
 */
export async function bulkInsert(
  db: Db,
  table: string,
  statement: SQL | SQL[],
  options: { primaryKey?: boolean } = {},
): Promise<void> {
  const indexes = await rows<{ name: string; definition: string }>(
    db,
    sql`select pi.indexname as name, pi.indexdef as definition from pg_indexes pi
      where pi.tablename = ${table} and pi.indexname <> ${`${table}_pkey`}
        and not exists (select 1 from pg_constraint pc where pc.conname = pi.indexname)`,
  );
  const keys = options.primaryKey
    ? await rows<{ name: string; definition: string }>(
        db,
        sql`select pc.conname as name, pg_get_constraintdef(pc.oid) as definition from pg_constraint pc
          where pc.conrelid = ${table}::regclass and pc.contype = 'p'
            and not exists (select 1 from pg_constraint pf where pf.confrelid = pc.conrelid and pf.contype = 'f')`,
      )
    : [];
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  for (const key of keys) await db.execute(sql.raw(`alter table ${table} drop constraint ${key.name}`));
  await Promise.all(
    (Array.isArray(statement) ? statement : [statement]).map((part) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(part);
      }),
    ),
  );
  const built = [
    ...keys.map((key) => `alter table ${table} add constraint ${key.name} ${key.definition}`),
    ...indexes.map((index) => index.definition),
  ];
  for (const definition of built) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      await tx.execute(sql.raw(definition));
    });
  }
}

export async function seedMasteryBench(db: Db): Promise<{ mastery: MasteryIds }> {
  const attempts = Number(process.env.BENCH_MASTERY_ATTEMPTS ?? 10_000_000);
  const timings: Record<string, number> = {};
  let lap = performance.now();
  const took = (step: string) => {
    const at = performance.now();
    timings[step] = Math.round((at - lap) / 100) / 10;
    lap = at;
  };
  const passwordHash = await hashPassword(MASTERY_PASSWORD);

  // People: students, parents, teachers, their profiles, classes and families.
  for (const [kind, count, email] of [
    ['student', STUDENTS, 'mastery-student-'],
    ['parent', STUDENTS / 2, 'mastery-parent-'],
    ['teacher', CLASSES, 'mastery-teacher-'],
  ] as const) {
    await db.execute(sql`insert into users (email, password_hash, type, email_verified_at)
      select ${email} || mg.n || '@example.com', ${passwordHash}, ${kind}::user_type, now()
      from generate_series(1, ${count}::int) as mg(n)`);
    await db.execute(sql`insert into profiles (user_id, first_name, last_name, grade_level)
      select mu.id, (${textArray(FIRST)})[1 + mg.n % ${FIRST.length}::int],
        (${textArray(LAST)})[1 + (mg.n / ${FIRST.length}::int) % ${LAST.length}::int] || ' ' || mg.n,
        case when ${kind} = 'student' then '6' end
      from generate_series(1, ${count}::int) as mg(n)
      join users mu on mu.email = ${email} || mg.n || '@example.com'`);
  }
  // Helper tables of the bench alone, dropped at the end: each row's number beside its id.
  await db.execute(sql`create table bench_m_students (n int primary key, id uuid not null, class_n int not null,
    course_n int not null, own_course_n int)`);
  await db.execute(sql`insert into bench_m_students (n, id, class_n, course_n, own_course_n)
    select mg.n, mu.id, (mg.n - 1) / ${CLASS_SIZE}::int + 1, ((mg.n - 1) / ${CLASS_SIZE}::int) % ${COURSES}::int + 1,
      case when mg.n % 10 = 0 then ((mg.n - 1) / ${CLASS_SIZE}::int + 1) % ${COURSES}::int + 1 end
    from generate_series(1, ${STUDENTS}::int) as mg(n)
    join users mu on mu.email = 'mastery-student-' || mg.n || '@example.com'`);
  await db.execute(sql`create table bench_m_classes (n int primary key, id uuid not null)`);
  await db.execute(sql`insert into classes (name, grade, subject)
    select 'Mastery class ' || mg.n, '6', 'Math' from generate_series(1, ${CLASSES}::int) as mg(n)`);
  await db.execute(sql`insert into bench_m_classes (n, id)
    select mg.n, mc.id from generate_series(1, ${CLASSES}::int) as mg(n)
    join classes mc on mc.name = 'Mastery class ' || mg.n`);
  await db.execute(sql`insert into class_teachers (class_id, teacher_id)
    select mc.id, mu.id from bench_m_classes mc join users mu on mu.email = 'mastery-teacher-' || mc.n || '@example.com'`);
  await db.execute(sql`insert into class_students (class_id, student_id)
    select mc.id, ms.id from bench_m_students ms join bench_m_classes mc on mc.n = ms.class_n`);
  await db.execute(sql`insert into parent_students (parent_id, student_id)
    select mu.id, ms.id from bench_m_students ms
    join users mu on mu.email = 'mastery-parent-' || (ms.n + 1) / 2 || '@example.com'`);
  took('people');

  // The bank: focus areas, categories, their 200 skills, and the courses' questions tagged with them.
  await db.execute(sql`insert into focus_areas (name)
    select 'Mastery focus ' || mg.n from generate_series(1, ${FOCUS_AREAS}::int) as mg(n)`);
  await db.execute(sql`insert into categories (name)
    select 'Mastery category ' || mg.n from generate_series(1, ${CATEGORIES}::int) as mg(n)`);
  await db.execute(sql`insert into skills (focus_area_id, category_id, grade_min, grade_max)
    select mf.id, mc.id, 3, 8 from focus_areas mf
    cross join (select mcat.id from categories mcat where mcat.name like 'Mastery category %'
      union all select null::uuid) mc
    where mf.name like 'Mastery focus %'`);
  await db.execute(sql`insert into courses (title, code, description)
    select 'Mastery course ' || mg.n, 'MASTERY-' || mg.n, 'The mastery bench.' from generate_series(1, ${COURSES}::int) as mg(n)`);
  await db.execute(sql`insert into units (course_id, title, unit_number, grade)
    select mc.id, 'Unit ' || mg.u, mg.u, '6' from courses mc cross join generate_series(1, 10) as mg(u)
    where mc.code like 'MASTERY-%'`);
  await db.execute(sql`insert into sections (unit_id, title, section_number, grade)
    select mu.id, 'Section ' || mu.unit_number || '.' || mg.s, mg.s, '6' from units mu
    join courses mc on mc.id = mu.course_id cross join generate_series(1, 10) as mg(s)
    where mc.code like 'MASTERY-%'`);
  await db.execute(sql`create table bench_m_sections (course_n int not null, unit_n int not null, section_n int not null,
    id uuid not null, unit_id uuid not null, primary key (course_n, unit_n, section_n))`);
  await db.execute(sql`insert into bench_m_sections (course_n, unit_n, section_n, id, unit_id)
    select substr(mc.code, 9)::int, mu.unit_number, mse.section_number, mse.id, mu.id
    from courses mc join units mu on mu.course_id = mc.id join sections mse on mse.unit_id = mu.id
    where mc.code like 'MASTERY-%'`);
  await db.execute(sql`insert into questions (question_text, grade, type, options, answer, solution, source)
    select 'Mastery question ' || mg.k || '.' || mj.j || ': what is $' || mj.j || ' + ' || mg.k || '$?', 6,
      'Multiple Choice', '{"A":"1","B":"2","C":"3"}'::jsonb, '{"a1":["A"]}'::jsonb, 'Add.', 'mastery:' || mg.k || ':' || mj.j
    from generate_series(1, ${COURSES}::int) as mg(k) cross join generate_series(0, ${COURSE_QUESTIONS - 1}::int) as mj(j)`);
  // Question j of course k: in section j / 5, practicing focus area 2k + j % 4 (four per course, neighbors
  // overlapping) and category j / 4 % 9, so each course practices 40 skills.
  await db.execute(sql`create table bench_m_questions (course_n int not null, j int not null, id uuid not null,
    section_id uuid not null, focus_n int not null, category_n int not null, primary key (course_n, j))`);
  await db.execute(sql`insert into bench_m_questions (course_n, j, id, section_id, focus_n, category_n)
    select split_part(mq.source, ':', 2)::int, split_part(mq.source, ':', 3)::int, mq.id, mse.id,
      (2 * (split_part(mq.source, ':', 2)::int - 1) + split_part(mq.source, ':', 3)::int % 4) % ${FOCUS_AREAS}::int + 1,
      split_part(mq.source, ':', 3)::int / 4 % ${CATEGORIES}::int + 1
    from questions mq
    join bench_m_sections mse on mse.course_n = split_part(mq.source, ':', 2)::int
      and mse.unit_n = split_part(mq.source, ':', 3)::int / 50 + 1 and mse.section_n = split_part(mq.source, ':', 3)::int / 5 % 10 + 1
    where mq.source like 'mastery:%'`);
  await db.execute(sql`insert into section_questions (section_id, question_id, position)
    select mq.section_id, mq.id, mq.j % 5 + 1 from bench_m_questions mq`);
  await db.execute(sql`insert into question_focus (question_id, focus_id)
    select mq.id, mf.id from bench_m_questions mq join focus_areas mf on mf.name = 'Mastery focus ' || mq.focus_n`);
  await db.execute(sql`insert into question_categories (question_id, category_id)
    select mq.id, mc.id from bench_m_questions mq join categories mc on mc.name = 'Mastery category ' || mq.category_n`);
  // Each course's skills, as the read routes find them (a skill with a category needs a question carrying both).
  await db.execute(sql`create table bench_m_course_skills as
    select distinct mq.course_n, msk.id as skill_id from bench_m_questions mq
    join question_focus mqf on mqf.question_id = mq.id
    join skills msk on msk.focus_area_id = mqf.focus_id and (msk.category_id is null or exists (
      select 1 from question_categories mqc where mqc.question_id = mq.id and mqc.category_id = msk.category_id))`);
  took('bank and courses');

  // What the students are given: their class's course (unit 10 held back), and one student in ten a course of
  // their own, every unit and section of it assigned.
  await db.execute(sql`insert into class_courses (class_id, course_id)
    select mc.id, mco.id from bench_m_classes mc join courses mco on mco.code = 'MASTERY-' || ((mc.n - 1) % ${COURSES}::int + 1)`);
  await db.execute(sql`insert into class_held_units (class_id, unit_id)
    select mc.id, mse.unit_id from bench_m_classes mc
    join bench_m_sections mse on mse.course_n = (mc.n - 1) % ${COURSES}::int + 1 and mse.unit_n = 10 and mse.section_n = 1`);
  await db.execute(sql`insert into student_courses (student_id, course_id)
    select ms.id, mco.id from bench_m_students ms join courses mco on mco.code = 'MASTERY-' || ms.own_course_n
    where ms.own_course_n is not null`);
  await db.execute(sql`insert into student_units (student_id, unit_id)
    select ms.id, mse.unit_id from bench_m_students ms
    join bench_m_sections mse on mse.course_n = ms.own_course_n and mse.section_n = 1`);
  await db.execute(sql`insert into student_sections (student_id, section_id)
    select ms.id, mse.id from bench_m_students ms join bench_m_sections mse on mse.course_n = ms.own_course_n`);
  took('assignments');

  // Each student answers questions of their class's course, spread evenly over the year; two in three right.
  const perStudent = Math.max(1, Math.floor(attempts / STUDENTS));
  await bulkInsert(
    db,
    'answer_attempts',
    sql`insert into answer_attempts (student_id, question_id, section_id, answer, is_correct, created_at)
      select ms.id, mq.id, mq.section_id, '{"studentAnswer":"A"}'::jsonb, (ma.k + ms.n) % 3 <> 0,
        ${YEAR_AGO} + (ma.k + 0.5) * (interval '365 days' / ${perStudent}::int)
      from bench_m_students ms
      cross join generate_series(0, ${perStudent - 1}::int) as ma(k)
      join bench_m_questions mq on mq.course_n = ms.course_n and mq.j = (ma.k * 7 + ms.n) % ${COURSE_QUESTIONS}::int`,
  );
  took('answer attempts');

  // A year of days: about 40% active, the checks adding up to about the attempts stored.
  const checksPerDay = Math.max(1, Math.round(attempts / (STUDENTS * 146)));
  await bulkInsert(
    db,
    'student_days',
    sql`insert into student_days (student_id, day, checks, solved, first_tries, first_tries_right,
      active_minutes, last_check_at)
    select ms.id, md.day, md.checks, md.checks * 2 / 3, greatest(1, md.checks / 2), md.checks / 3, 5 + md.checks * 2,
      md.day + time '17:00'
    from bench_m_students ms
    cross join generate_series(0, 365) as mg(i)
    cross join lateral (select (current_date - 365 + mg.i) as day,
      greatest(1, ${checksPerDay}::int / 2 + (ms.n + mg.i * 7) % (${checksPerDay}::int + 1)) as checks) md
    where (ms.n * 7 + mg.i * 13) % 10 < 4`,
  );
  took('student days');

  // Levels: 85% of each student's skills touched, 20% Attempted, 30% Familiar, 30% Proficient, 20% Mastered; recent
  // first tries that show the level (newest in the lowest bit); a review card, some overdue.
  await bulkInsert(
    db,
    'student_skills',
    sql`insert into student_skills (student_id, skill_id, level, recent_first_tries, recent_count,
      first_tries, first_tries_right, review_due_at, stability, difficulty, reviews, lapses, card_state, last_review_at,
      updated_at)
    select ms.id, mcs.skill_id, ml.level,
      case ml.level when 1 then 1 when 2 then 955 else 127 end, case ml.level when 1 then 3 else 10 end,
      3 + mh.h % 30, (3 + mh.h % 30) * ml.level / 5, mr.last_review + (1 + ml.level * 5 + mh.h % 10) * interval '1 day',
      1 + ml.level * 5 + mh.h % 10, 5, 3 + mh.h % 30, mh.h % 3, 2, mr.last_review, mr.last_review
    from (select distinct mst.n, mst.id, mcs0.skill_id from bench_m_students mst
      join bench_m_course_skills mcs0 on mcs0.course_n = mst.course_n or mcs0.course_n = mst.own_course_n) ms
    cross join lateral (select ms.skill_id) mcs
    cross join lateral (select (2147483647 & hashtext(ms.n || ':' || mcs.skill_id)) as h) mh
    cross join lateral (select case when mh.h / 100 % 10 < 2 then 1 when mh.h / 100 % 10 < 5 then 2
      when mh.h / 100 % 10 < 8 then 3 else 4 end as level) ml
    cross join lateral (select now() - (mh.h % 60) * interval '1 day' - (mh.h % 1440) * interval '1 minute' as last_review) mr
    where mh.h % 100 < 85`,
  );
  took('student skills');

  // The changes that lead to each level, oldest first, spread from some day of the year to the last review; one in
  // three went back down from Familiar once on the way.
  await bulkInsert(
    db,
    'student_skill_changes',
    sql`insert into student_skill_changes (student_id, skill_id, from_level, to_level, created_at)
    select mss.student_id, mss.skill_id, coalesce(mpa.path[mp.k::int - 1], 0), mp.to_level,
      mst.start + (mss.last_review_at - mst.start) * mp.k / cardinality(mpa.path)
    from student_skills mss
    cross join lateral (select (2147483647 & hashtext(mss.student_id::text || mss.skill_id::text)) as h) mh
    cross join lateral (select case when mss.level >= 2 and mh.h % 3 = 0
      then array[1, 2, 1]::smallint[] || array(select mgs.l::smallint from generate_series(2, mss.level) as mgs(l))
      else array(select mgs.l::smallint from generate_series(1, mss.level) as mgs(l)) end as path) mpa
    cross join lateral (select ${YEAR_AGO} + (mh.h % 180) * interval '1 day' as start) mst
    cross join lateral unnest(mpa.path) with ordinality as mp(to_level, k)`,
  );
  took('level changes');

  // Tests: 20 given by the classes, 10 to each student (the first or the last ten, by turns), 9 in 10 sat over the
  // year; one test in five released by hand and not yet released.
  await db.execute(sql`insert into tests (title)
    select 'Mastery test ' || mg.n from generate_series(1, ${TESTS}::int) as mg(n)`);
  await db.execute(sql`insert into test_assignments (test_id, student_id, release, class_id)
    select mt.id, ms.id, case when mg.t % 5 = 0 then 'manual' else 'on-submit' end::test_release, mc.id
    from bench_m_students ms
    join bench_m_classes mc on mc.n = ms.class_n
    cross join generate_series(1, 10) as mg(t)
    join tests mt on mt.title = 'Mastery test ' || (mg.t + ms.n % 2 * 10)`);
  await db.execute(sql`insert into test_attempts (assignment_id, student_id, paper, started_at, submitted_at,
      submitted_by, score, max_marks)
    select mta.id, mta.student_id, '[]'::jsonb, mat.at - interval '1 hour', mat.at, 'student', mh.h % 21, 20
    from test_assignments mta
    join tests mt on mt.id = mta.test_id and mt.title like 'Mastery test %'
    cross join lateral (select (2147483647 & hashtext(mta.id::text)) as h) mh
    cross join lateral (select ${YEAR_AGO} + (mh.h % 365) * interval '1 day' as at) mat
    where mh.h % 10 <> 0`);
  await db.execute(sql`insert into student_targets (student_id, target_percent)
    select ms.id, 70 + ms.n % 25 from bench_m_students ms where ms.n % 3 = 0`);
  took('tests and targets');

  // Who the measurements sign in as: 40 students from across the classes, their parents, and 10 teachers.
  const sampled = Array.from({ length: 40 }, (_, k) => 1 + ((k * 997 + 13) % STUDENTS));
  const students = await rows<{ n: number; id: string }>(
    db,
    sql`select ms.n, ms.id from bench_m_students ms where ms.n = any(${sql.param(sampled)}::int[]) order by ms.n`,
  );
  const classesOf = await rows<{ n: number; id: string }>(
    db,
    sql`select mc.n, mc.id from bench_m_classes mc where mc.n = any(${sql.param(sampled.slice(0, 10).map((n) => Math.ceil(n / CLASS_SIZE)))}::int[])
      order by mc.n`,
  );
  const [counts] = await rows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from users mu where mu.type = 'student') as students,
      (select count(*)::int from class_students mcs) as class_students,
      (select count(*)::int from parent_students mps) as parent_links,
      (select count(*)::int from skills msk) as skills,
      (select count(*)::int from questions mq) as questions,
      (select count(*)::int from answer_attempts maa) as answer_attempts,
      (select count(*)::int from student_days msd) as student_days,
      (select count(*)::int from student_skills mss) as student_skills,
      (select count(*)::int from student_skill_changes mssc) as level_changes,
      (select count(*)::int from test_attempts mtat) as sittings`,
  );
  for (const helper of ['bench_m_students', 'bench_m_classes', 'bench_m_sections', 'bench_m_questions'])
    await db.execute(sql.raw(`drop table ${helper}`));
  await db.execute(sql`drop table bench_m_course_skills`);
  took('counts');
  return {
    mastery: {
      students: students.map((s) => ({ id: s.id, email: masteryStudentEmail(s.n) })),
      parents: students.map((s) => ({ email: masteryParentEmail(Math.floor((s.n + 1) / 2)), childId: s.id })),
      teachers: classesOf.map((c) => ({ email: masteryTeacherEmail(c.n), classId: c.id })),
      counts,
      seedSeconds: timings,
    },
  };
}
