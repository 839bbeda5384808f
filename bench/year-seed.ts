/**
 * A year of an academy, seeded by set-based SQL (`insert ... select from generate_series`: the rows are made inside
 * the database in a few statements per table, as a COPY would load them, never one statement per row), for
 * `npm run bench:year` (bench/year.ts). At scale 1 (BENCH_YEAR_SCALE):
 * - 20,000 students in 500 classes of 40, a teacher per class, a parent per two students, an enrollment each;
 * - 200 courses of 10 units of 10 sections, each class given one, one student in ten also given another of their own;
 * - 100,000 questions (bench/questions.ts: real stems, a category or two and a focus area each), five per section,
 *   and the skills of their focus areas and categories;
 * - 10,000,000 answer attempts (500 per student, in sittings of five on about 100 days spread over the last 12
 *   months, two in three right) on the questions of their class's course;
 * - 2,000 tests of 20 questions, each given to three classes, 200,000 sittings with their answers and scores;
 * - the summaries read beside them, made from the rows above: each student's and the academy's days by the
 *   academy's own rebuild (rebuildDays), each student's skills from their first tries (see below).
 * The people, attempts and tests scale with `people`, the catalogue with `catalogue` (the embedded database's year
 * keeps the whole catalogue and a tenth of the people).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ATTEMPTED,
  FAMILIAR,
  FAMILIAR_MIN_TRIES,
  FAMILIAR_SHARE,
  PROFICIENT,
  PROFICIENT_STREAK,
  RECENT_WINDOW,
} from '../common/rules/mastery';
import type { Db } from '../server/db/client';
import { rebuildDays } from '../server/db/days';
import { ensureAdmin } from '../server/db/demo/accounts';
import { rows } from '../server/db/prepared';
import { hashPassword } from '../server/lib/crypto';
import type { Learner } from './learners';
import { bulkInsert } from './mastery-seed';
import { seedQuestionBench } from './questions';
import { BENCH_ADMIN } from './scenarios';

export const YEAR_PASSWORD = 'Bench@pass1!';
const CLASS_SIZE = 40;
const UNITS = 10;
const SECTIONS = 10;
const QUESTIONS_PER_SECTION = 5;
const COURSE_QUESTIONS = UNITS * SECTIONS * QUESTIONS_PER_SECTION;
const ATTEMPTS_PER_STUDENT = 500;
/** Checks a student takes in one sitting at the desk; a sitting's checks are a minute and a half apart. */
const CHECKS_PER_SITTING = 5;
const TEST_QUESTIONS = 20;
/** Each class gives TESTS_PER_CLASS tests, so each test goes to three classes. */
const TESTS_PER_CLASS = 12;
const LESSON = String.raw`<h2>Adding fractions</h2><p>To add $\frac{1}{2} + \frac{1}{4}$, rename the half: $$\frac{2}{4} + \frac{1}{4} = \frac{3}{4}$$</p>`;
const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Ivy', 'Omar', 'Lena', 'Ravi', 'Sofia', 'Kenji'];
const LAST = ['Garcia', 'Chen', 'Okafor', 'Smith', 'Nguyen', 'Patel', 'Kowalski', 'Haddad', 'Silva', 'Kim', 'Rossi'];
const GRADES = ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];

const textArray = (items: string[]) =>
  sql`array[${sql.join(
    items.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;

export const yearStudentEmail = (n: number) => `year-student-${n}@example.com`;
/** One account in 50 of each kind is inactive (it cannot sign in): the users table's status filter has rows. */
const INACTIVE_EVERY = 50;
export const yearTeacherEmail = (n: number) => `year-teacher-${n}@example.com`;

/** How many of each: people and their history at `people` times a year's, the catalogue at `catalogue` times. */
export interface YearPlan {
  students: number;
  classes: number;
  parents: number;
  courses: number;
  questions: number;
  attemptsPerStudent: number;
  tests: number;
}

export function yearPlan(scale: { people: number; catalogue: number }): YearPlan {
  const classes = Math.max(2, Math.round(500 * scale.people));
  const courses = Math.max(1, Math.round(200 * scale.catalogue));
  return {
    students: classes * CLASS_SIZE,
    classes,
    parents: (classes * CLASS_SIZE) / 2,
    courses,
    questions: courses * COURSE_QUESTIONS,
    attemptsPerStudent: ATTEMPTS_PER_STUDENT,
    // Four tests per class, each given to three classes: 100 sittings of each.
    tests: classes * 4,
  };
}

/**
 * Student n's sitting of test t, question p (1 to 20): answered unless one in 25, right about three in five, two
 * marks for every fifth question. The answers' rows and the sitting's score are both made from these.
 */
const answeredInSitting = (n: SQL, t: SQL, p: SQL) => sql`((${n} + ${p} * 11 + ${t}) % 25 <> 0)`;
const rightInSitting = (n: SQL, t: SQL, p: SQL) => sql`((${n} * 3 + ${p} * 7 + ${t}) % 10 < 6)`;
const marksOf = (p: SQL) => sql`(case when ${p} % 5 = 0 then 2 else 1 end)`;
/** The big inserts are cut in this many statements run at once (students by remainder): a core each. */
const PARTS = 2;
const parts = (make: (part: number) => SQL) => Array.from({ length: PARTS }, (_, part) => make(part));

/**
 * Seeds the plan into a migrated, empty database; `step` hears each step's name and seconds as it ends.
 * The bench's helper tables (`bench_y_*`) are dropped at the end.
 */
export async function seedYear(db: Db, plan: YearPlan, step: (name: string, seconds: number) => void): Promise<void> {
  let lap = performance.now();
  const took = (name: string) => {
    const at = performance.now();
    step(name, Math.round((at - lap) / 100) / 10);
    lap = at;
  };
  const { students, classes, parents, courses, questions, attemptsPerStudent, tests } = plan;
  const passwordHash = await hashPassword(YEAR_PASSWORD);

  // People: students (joined over the last two years), parents and teachers, each with a profile.
  await ensureAdmin(db, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const people = [
    ['student', students, 'year-student-'],
    ['parent', parents, 'year-parent-'],
    ['teacher', classes, 'year-teacher-'],
  ] as const;
  for (const [kind, count, prefix] of people) {
    await bulkInsert(
      db,
      'users',
      sql`insert into users (email, password_hash, type, status, email_verified_at, created_at, updated_at)
        select ${prefix} || yg.n || '@example.com', ${passwordHash}, ${kind}::user_type,
          (case when yg.n % ${INACTIVE_EVERY}::int = 0 then 'inactive' else 'active' end)::user_status, now(),
          now() - (yg.n % 730) * interval '1 day', now() - (yg.n % 730) * interval '1 day'
        from generate_series(1, ${count}::int) as yg(n)`,
    );
  }
  for (const [kind, count, prefix] of people) {
    await bulkInsert(
      db,
      'profiles',
      sql`insert into profiles (user_id, first_name, last_name, phone_number, school, grade_level)
        select yu.id, (${textArray(FIRST)})[1 + yg.n % ${FIRST.length}::int],
          (${textArray(LAST)})[1 + (yg.n / ${FIRST.length}::int) % ${LAST.length}::int],
          '(' || lpad((200 + yg.n % 700)::text, 3, '0') || ') 555-' || lpad((yg.n % 10000)::text, 4, '0'),
          case when ${kind} = 'student' then 'School ' || (yg.n % 40) end,
          case when ${kind} = 'student' then (${textArray(GRADES)})[1 + ((yg.n - 1) / ${CLASS_SIZE}::int) % ${GRADES.length}::int] end
        from generate_series(1, ${count}::int) as yg(n)
        join users yu on yu.email = ${prefix} || yg.n || '@example.com'`,
    );
  }
  await db.execute(sql`create table bench_y_students (n int primary key, id uuid not null, class_n int not null,
    course_n int not null, own_course_n int)`);
  await db.execute(sql`insert into bench_y_students (n, id, class_n, course_n, own_course_n)
    select yg.n, yu.id, (yg.n - 1) / ${CLASS_SIZE}::int + 1, ((yg.n - 1) / ${CLASS_SIZE}::int) % ${courses}::int + 1,
      case when yg.n % 10 = 0 then ((yg.n - 1) / ${CLASS_SIZE}::int + 1) % ${courses}::int + 1 end
    from generate_series(1, ${students}::int) as yg(n)
    join users yu on yu.email = 'year-student-' || yg.n || '@example.com'`);
  await db.execute(sql`insert into classes (name, grade, subject, term)
    select 'Year class ' || yg.n, (${textArray(GRADES)})[1 + (yg.n - 1) % ${GRADES.length}::int], 'Math', 'This year'
    from generate_series(1, ${classes}::int) as yg(n)`);
  await db.execute(sql`create table bench_y_classes (n int primary key, id uuid not null)`);
  await db.execute(sql`insert into bench_y_classes (n, id)
    select yg.n, yc.id from generate_series(1, ${classes}::int) as yg(n) join classes yc on yc.name = 'Year class ' || yg.n`);
  await db.execute(sql`insert into class_teachers (class_id, teacher_id)
    select yc.id, yu.id from bench_y_classes yc join users yu on yu.email = 'year-teacher-' || yc.n || '@example.com'`);
  await db.execute(sql`insert into class_students (class_id, student_id)
    select yc.id, ys.id from bench_y_students ys join bench_y_classes yc on yc.n = ys.class_n`);
  await db.execute(sql`insert into parent_students (parent_id, student_id)
    select yu.id, ys.id from bench_y_students ys join users yu on yu.email = 'year-parent-' || (ys.n + 1) / 2 || '@example.com'`);
  took('people, classes and families');

  // The catalogue: courses of units of sections, and the bank, five questions to a section in order.
  await db.execute(sql`insert into courses (title, code, description)
    select 'Year course ' || yg.n, 'YEAR-' || yg.n, 'Fractions, ratios and equations through the year.'
    from generate_series(1, ${courses}::int) as yg(n)`);
  await db.execute(sql`insert into units (course_id, title, unit_number, grade, categories)
    select yc.id, 'Unit ' || yg.u, yg.u, '6', array['Fractions', 'Ratios']::text[]
    from courses yc cross join generate_series(1, ${UNITS}::int) as yg(u) where yc.code like 'YEAR-%'`);
  await db.execute(sql`insert into sections (unit_id, title, section_number, grade, content)
    select yu.id, 'Section ' || yu.unit_number || '.' || yg.s, yg.s, '6', ${LESSON}
    from units yu join courses yc on yc.id = yu.course_id cross join generate_series(1, ${SECTIONS}::int) as yg(s)
    where yc.code like 'YEAR-%'`);
  await db.execute(sql`create table bench_y_sections (course_n int not null, unit_n int not null, section_n int not null,
    id uuid not null, unit_id uuid not null, primary key (course_n, unit_n, section_n))`);
  await db.execute(sql`insert into bench_y_sections (course_n, unit_n, section_n, id, unit_id)
    select substr(yc.code, 6)::int, yu.unit_number, yse.section_number, yse.id, yu.id
    from courses yc join units yu on yu.course_id = yc.id join sections yse on yse.unit_id = yu.id
    where yc.code like 'YEAR-%'`);
  await seedQuestionBench(db, questions);
  // Question i of the bank ("(No. i)" in its text) is question j = (i - 1) % 500 of course (i - 1) / 500 + 1, in
  // section j / 5 of it. Its right answer: B for a multiple choice, 20 for a blank (bench/questions.ts).
  await db.execute(sql`create table bench_y_questions (n int primary key, id uuid not null, course_n int not null,
    j int not null, section_id uuid not null, choice boolean not null)`);
  await db.execute(sql`insert into bench_y_questions (n, id, course_n, j, section_id, choice)
    select yq.n, yq.id, (yq.n - 1) / ${COURSE_QUESTIONS}::int + 1, (yq.n - 1) % ${COURSE_QUESTIONS}::int, yse.id,
      yq.type = 'Multiple Choice'
    from (select yq0.id, yq0.type, substring(yq0.question_text from '[(]No[.] ([0-9]+)[)]')::int as n from questions yq0) yq
    join bench_y_sections yse on yse.course_n = (yq.n - 1) / ${COURSE_QUESTIONS}::int + 1
      and yse.unit_n = (yq.n - 1) % ${COURSE_QUESTIONS}::int / ${SECTIONS * QUESTIONS_PER_SECTION}::int + 1
      and yse.section_n = (yq.n - 1) % ${SECTIONS * QUESTIONS_PER_SECTION}::int / ${QUESTIONS_PER_SECTION}::int + 1`);
  await db.execute(sql`insert into section_questions (section_id, question_id, position)
    select yq.section_id, yq.id, yq.j % ${QUESTIONS_PER_SECTION}::int + 1 from bench_y_questions yq`);
  // The skills of the bank: each focus area alone and with each category.
  await db.execute(sql`insert into skills (focus_area_id, category_id, grade_min, grade_max)
    select yf.id, yc.id, 1, 12 from focus_areas yf
    cross join (select ycat.id from categories ycat union all select null::uuid) yc`);
  took('catalogue, bank and skills');

  // What the students are given: their class's course, one in ten another of their own with every unit and section;
  // and an enrollment each in an offering of each program in turn, over the year, most active.
  await db.execute(sql`insert into class_courses (class_id, course_id)
    select yc.id, yco.id from bench_y_classes yc join courses yco on yco.code = 'YEAR-' || ((yc.n - 1) % ${courses}::int + 1)`);
  await db.execute(sql`insert into student_courses (student_id, course_id)
    select ys.id, yco.id from bench_y_students ys join courses yco on yco.code = 'YEAR-' || ys.own_course_n
    where ys.own_course_n is not null`);
  await db.execute(sql`insert into student_units (student_id, unit_id)
    select ys.id, yse.unit_id from bench_y_students ys
    join bench_y_sections yse on yse.course_n = ys.own_course_n and yse.section_n = 1`);
  await db.execute(sql`insert into student_sections (student_id, section_id)
    select ys.id, yse.id from bench_y_students ys join bench_y_sections yse on yse.course_n = ys.own_course_n`);
  await db.execute(sql`insert into offerings (slug, title, program, grade_band, level, position, published)
    select 'year-' || yp.p, 'Year ' || yp.p, yp.p::offering_program, 'Grades 5-8', 'Middle School', yp.k, true
    from unnest(enum_range(null::offering_program)) with ordinality as yp(p, k)`);
  await db.execute(sql`insert into enrollments (offering_id, offering_title, student_id, status, method, amount_minor,
      currency, search_text, created_at, updated_at)
    select yo.id, yo.title, ys.id, (array['active','active','active','cancelled','pending'])[1 + ys.n % 5], 'academy', 0,
      'USD', yo.title, now() - (ys.n % 365) * interval '1 day', now() - (ys.n % 365) * interval '1 day'
    from bench_y_students ys
    join (select yo0.id, yo0.title, row_number() over (order by yo0.position) - 1 as k from offerings yo0
      where yo0.slug like 'year-%') yo on yo.k = ys.n % 8`);
  took('assignments and enrollments');

  // The checks: each student's on the questions of their class's course, in sittings of five on about 100 days of
  // the last 12 months (the days differ from student to student; the last is three days ago at the latest), each
  // question tried about twice over the year, two in three right. Stored in the order they were taken, as an
  // academy stores them: a student's checks are spread over the whole table, not side by side.
  const sittings = Math.ceil(attemptsPerStudent / CHECKS_PER_SITTING);
  await bulkInsert(
    db,
    'answer_attempts',
    parts(
      (part) => sql`insert into answer_attempts (student_id, question_id, section_id, answer, is_correct, created_at)
      select ys.id, yq.id, yq.section_id,
        case when ya.is_right then case when yq.choice then '{"studentAnswer":"B"}' else '{"studentAnswer":"20"}' end
          else case when yq.choice then '{"studentAnswer":"A"}' else '{"studentAnswer":"12"}' end end::jsonb,
        ya.is_right,
        (current_date - 366)::timestamptz
          + least(364, ya.k / ${CHECKS_PER_SITTING}::int * 365 / ${sittings}::int + ys.n % 3) * interval '1 day'
          + interval '14 hours' + (ys.n % 300) * interval '1 minute' + (ya.k % ${CHECKS_PER_SITTING}::int) * interval '90 seconds'
      from bench_y_students ys
      cross join lateral (select yk.k, (ys.n * 7 + yk.k * 13) % 3 <> 0 as is_right
        from generate_series(0, ${attemptsPerStudent - 1}::int) as yk(k)) ya
      join bench_y_questions yq on yq.course_n = ys.course_n
        and yq.j = (ya.k * 3 / 5 + ys.n * 37) % ${COURSE_QUESTIONS}::int
      where ys.n % ${PARTS}::int = ${part}::int
      order by 6`,
    ),
    { primaryKey: true },
  );
  took('answer attempts');

  // Tests: 20 questions of the bank each (two marks for every fifth), each given by three classes for a week of
  // the year; five in six of the students given one sat it, answering (or leaving blank one in 25) every question.
  await db.execute(sql`insert into tests (title, description, created_at, updated_at)
    select 'Year test ' || yg.n, 'A test of the year.', now() - interval '366 days', now() - interval '366 days'
    from generate_series(1, ${tests}::int) as yg(n)`);
  await db.execute(sql`create table bench_y_tests (n int primary key, id uuid not null, opens_at timestamptz not null,
    closes_at timestamptz not null)`);
  await db.execute(sql`insert into bench_y_tests (n, id, opens_at, closes_at)
    select yg.n, yt.id, yw.opens_at, yw.opens_at + interval '7 days'
    from generate_series(1, ${tests}::int) as yg(n)
    join tests yt on yt.title = 'Year test ' || yg.n
    cross join lateral (select (current_date - 366)::timestamptz + ((yg.n - 1) * 350 / ${tests}::int) * interval '1 day'
      + interval '9 hours' as opens_at) yw`);
  await db.execute(sql`insert into test_questions (test_id, position, question_id, marks)
    select yt.id, yp.p, yq.id, ${marksOf(sql`yp.p`)}
    from bench_y_tests yt cross join generate_series(1, ${TEST_QUESTIONS}::int) as yp(p)
    join bench_y_questions yq on yq.n = ((yt.n - 1) * ${TEST_QUESTIONS}::int + yp.p - 1) * 7 % ${questions}::int + 1`);
  await db.execute(sql`insert into class_tests (class_id, test_id, opens_at, closes_at, release)
    select yc.id, yt.id, yt.opens_at, yt.closes_at, case when yt.n % 5 = 0 then 'manual' else 'on-submit' end::test_release
    from bench_y_classes yc cross join generate_series(0, ${Math.min(TESTS_PER_CLASS, tests) - 1}::int) as yj(j)
    join bench_y_tests yt on yt.n = ((yc.n - 1) * 4 + yj.j) % ${tests}::int + 1`);
  await bulkInsert(
    db,
    'test_assignments',
    sql`insert into test_assignments (test_id, student_id, opens_at, closes_at, release, released_at, class_id, created_at)
      select yct.test_id, ys.id, yct.opens_at, yct.closes_at, yct.release,
        case when yct.release = 'manual' then yct.closes_at end, yc.id, yct.opens_at - interval '3 days'
      from bench_y_students ys
      join bench_y_classes yc on yc.n = ys.class_n
      join class_tests yct on yct.class_id = yc.id`,
  );
  await db.execute(
    sql`create table bench_y_papers (test_id uuid primary key, paper jsonb not null, max_marks int not null)`,
  );
  await db.execute(sql`insert into bench_y_papers (test_id, paper, max_marks)
    select ytq.test_id, jsonb_agg(jsonb_build_object('questionId', ytq.question_id, 'marks', ytq.marks) order by ytq.position),
      sum(ytq.marks)::int
    from test_questions ytq join bench_y_tests yt on yt.id = ytq.test_id group by ytq.test_id`);
  await bulkInsert(
    db,
    'test_attempts',
    sql`insert into test_attempts (assignment_id, student_id, paper, started_at, submitted_at, submitted_by, score, max_marks)
      select yta.id, yta.student_id, yp.paper, yta.opens_at + (ys.n % 96) * interval '1 hour',
        yta.opens_at + (ys.n % 96) * interval '1 hour' + interval '40 minutes', 'student',
        coalesce((select sum(${marksOf(sql`yq.p`)}) from generate_series(1, ${TEST_QUESTIONS}::int) as yq(p)
          where ${answeredInSitting(sql`ys.n`, sql`yt.n`, sql`yq.p`)} and ${rightInSitting(sql`ys.n`, sql`yt.n`, sql`yq.p`)}), 0),
        yp.max_marks
      from test_assignments yta
      join bench_y_tests yt on yt.id = yta.test_id
      join bench_y_students ys on ys.id = yta.student_id
      join bench_y_papers yp on yp.test_id = yta.test_id
      where (ys.n + yt.n) % 6 <> 0`,
  );
  await bulkInsert(
    db,
    'test_attempt_answers',
    parts(
      (
        part,
      ) => sql`insert into test_attempt_answers (attempt_id, question_id, answer, saved_at, first_saved_at, awarded)
      select yat.id, ytq.question_id, case when yr.is_right then case when yq.choice then 'B' else '20' end
          else case when yq.choice then 'A' else '12' end end,
        yat.started_at + ytq.position * interval '2 minutes', yat.started_at + ytq.position * interval '2 minutes',
        case when yr.is_right then ytq.marks else 0 end
      from test_attempts yat
      join test_assignments yta on yta.id = yat.assignment_id
      join bench_y_tests yt on yt.id = yta.test_id
      join bench_y_students ys on ys.id = yat.student_id
      join test_questions ytq on ytq.test_id = yta.test_id
      join bench_y_questions yq on yq.id = ytq.question_id
      cross join lateral (select ${rightInSitting(sql`ys.n`, sql`yt.n`, sql`ytq.position`)} as is_right) yr
      where ${answeredInSitting(sql`ys.n`, sql`yt.n`, sql`ytq.position`)} and ys.n % ${PARTS}::int = ${part}::int
      order by 4`,
    ),
    { primaryKey: true },
  );
  took('tests, sittings and their answers');

  // The summaries, counted from the rows above as the academy counts them.
  await rebuildDays(db);
  took('student and category days (rebuildDays)');
  // Each student's skills from their first tries, set-based: the totals and the last ten first tries as the rule
  // keeps them, the level those ten show (levelOfRecent in common/rules/mastery.ts), a review card due some days
  // after the last, and a change per level on the way there. Replaying every answer through the rule
  // (rebuildStudentSkills) gives the exact levels but folds them in this process, about 0.1 s a student: over half
  // an hour for 20,000.
  await bulkInsert(
    db,
    'student_skills',
    sql`insert into student_skills (student_id, skill_id, level, recent_first_tries, recent_count, first_tries,
        first_tries_right, review_due_at, stability, difficulty, reviews, lapses, card_state, last_review_at, updated_at)
      select yk.student_id, yk.skill_id, yl.level, yk.recent_bits, yk.recent_count, yk.first_tries, yk.first_tries_right,
        yk.last_at + (1 + yl.level * 5) * interval '1 day', 1 + yl.level * 5, 5, yk.first_tries,
        yk.first_tries - yk.first_tries_right, 2, yk.last_at, yk.last_at
      from (select yr.student_id, yr.skill_id, count(*)::int as first_tries,
          count(*) filter (where yr.is_correct)::int as first_tries_right,
          sum(case when yr.is_correct and yr.recent <= ${RECENT_WINDOW}::int then 1 << (yr.recent::int - 1) else 0 end)::int as recent_bits,
          least(count(*), ${RECENT_WINDOW}::int)::smallint as recent_count,
          count(*) filter (where yr.is_correct and yr.recent <= ${RECENT_WINDOW}::int)::int as recent_right,
          max(yr.created_at) as last_at
        from (select yf.student_id, ysk.id as skill_id, yf.is_correct, yf.created_at,
            row_number() over (partition by yf.student_id, ysk.id order by yf.created_at desc) as recent
          from (select distinct on (yaa.student_id, yaa.question_id) yaa.student_id, yaa.question_id, yaa.is_correct,
              yaa.created_at
            from answer_attempts yaa order by yaa.student_id, yaa.question_id, yaa.created_at) yf
          join question_focus yqf on yqf.question_id = yf.question_id
          join skills ysk on ysk.focus_area_id = yqf.focus_id and (ysk.category_id is null or exists (
            select 1 from question_categories yqc where yqc.question_id = yf.question_id and yqc.category_id = ysk.category_id))) yr
        group by yr.student_id, yr.skill_id) yk
      cross join lateral (select case
          when yk.recent_count >= ${PROFICIENT_STREAK}::int and yk.recent_bits & ${(1 << PROFICIENT_STREAK) - 1}::int = ${(1 << PROFICIENT_STREAK) - 1}::int then ${PROFICIENT}::smallint
          when yk.recent_count >= ${FAMILIAR_MIN_TRIES}::int and yk.recent_right >= ${FAMILIAR_SHARE}::float8 * yk.recent_count then ${FAMILIAR}::smallint
          else ${ATTEMPTED}::smallint end as level) yl`,
  );
  await bulkInsert(
    db,
    'student_skill_changes',
    sql`insert into student_skill_changes (student_id, skill_id, from_level, to_level, created_at)
      select yss.student_id, yss.skill_id, yg.l - 1, yg.l, yss.last_review_at - (yss.level - yg.l) * interval '20 days'
      from student_skills yss cross join generate_series(1, yss.level) as yg(l)`,
  );
  took('skill levels and their changes');

  for (const helper of ['students', 'classes', 'sections', 'questions', 'tests', 'papers'])
    await db.execute(sql.raw(`drop table bench_y_${helper}`));
  await db.execute(sql`vacuum analyze`);
  took('vacuum analyze');
}

/** Whom the measurements sign in as and what they read, found in a seeded year (a kept one included). */
export interface YearSample {
  learners: Learner[];
  teachers: Array<{ email: string; classId: string }>;
  tests: string[];
  counts: Record<string, number>;
}

export async function yearSample(db: Db, learnerCount = 50): Promise<YearSample> {
  const [{ students, classes }] = await rows<{ students: number; classes: number }>(
    db,
    sql`select (select count(*)::int from users yu where yu.email like 'year-student-%') as students,
      (select count(*)::int from classes yc where yc.name like 'Year class %') as classes`,
  );
  // Evenly over the academy, the inactive accounts passed over (their next one taken).
  const spread = (count: number, of: number) =>
    [
      ...new Set(
        Array.from({ length: count }, (_, k) => 1 + Math.floor((k * of) / count)).map((n) =>
          n % INACTIVE_EVERY === 0 ? n + 1 : n,
        ),
      ),
    ].filter((n) => n <= of);
  // Each learner studies the first section of their class's course: two of its multiple-choice questions answered
  // right and one wrong, as the learner loop of bench/learners.ts does.
  const learners = await rows<{ email: string; course_id: string; section_id: string; checks: string[] | string }>(
    db,
    sql`select yu.email, ycc.course_id, yse.id as section_id,
        (select json_agg(ych.question_id order by ych.position) from (select ysq.question_id, ysq.position
          from section_questions ysq join questions yq on yq.id = ysq.question_id
          where ysq.section_id = yse.id and yq.type = 'Multiple Choice' order by ysq.position limit 3) ych) as checks
      from unnest(${sql.param(spread(learnerCount, students).map(yearStudentEmail))}::text[]) as ye(email)
      join users yu on yu.email = ye.email
      join class_students ycs on ycs.student_id = yu.id
      join class_courses ycc on ycc.class_id = ycs.class_id
      join units yun on yun.course_id = ycc.course_id and yun.unit_number = 1
      join sections yse on yse.unit_id = yun.id and yse.section_number = 1
      order by yu.email`,
  );
  const teachers = await rows<{ email: string; class_id: string }>(
    db,
    sql`select yu.email, yct.class_id from unnest(${sql.param(spread(10, classes).map(yearTeacherEmail))}::text[]) as ye(email)
      join users yu on yu.email = ye.email join class_teachers yct on yct.teacher_id = yu.id order by yu.email`,
  );
  // Tests of the year with sittings, spread over it.
  const tests = await rows<{ id: string }>(
    db,
    sql`select yt.id from tests yt
      where yt.title like 'Year test %' and (split_part(yt.title, ' ', 3)::int - 1) % greatest(1, ${Math.floor((classes * 4) / 10)}::int) = 0
        and exists (select 1 from test_assignments yta join test_attempts yat on yat.assignment_id = yta.id where yta.test_id = yt.id)
      order by split_part(yt.title, ' ', 3)::int limit 10`,
  );
  const [counts] = await rows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from users yu where yu.type = 'student') as students,
      (select count(*)::int from users yu where yu.type = 'parent') as parents,
      (select count(*)::int from classes yc) as classes,
      (select count(*)::int from courses yco) as courses,
      (select count(*)::int from sections yse) as sections,
      (select count(*)::int from questions yq) as questions,
      (select count(*)::int from answer_attempts yaa) as answer_attempts,
      (select count(*)::int from student_days ysd) as student_days,
      (select count(*)::int from category_days ycd) as category_days,
      (select count(*)::int from student_skills yss) as student_skills,
      (select count(*)::int from student_skill_changes ysc) as level_changes,
      (select count(*)::int from tests yt) as tests,
      (select count(*)::int from test_attempts yat) as sittings,
      (select count(*)::int from test_attempt_answers ytaa) as sitting_answers`,
  );
  return {
    learners: learners.map((l) => {
      const checks = typeof l.checks === 'string' ? (JSON.parse(l.checks) as string[]) : l.checks;
      return {
        email: l.email,
        password: YEAR_PASSWORD,
        courseId: l.course_id,
        sectionId: l.section_id,
        checks: checks.map((questionId, k) => ({ questionId, studentAnswer: k < 2 ? 'B' : 'A' })),
      };
    }),
    teachers: teachers.map((t) => ({ email: t.email, classId: t.class_id })),
    tests: tests.map((t) => t.id),
    counts,
  };
}
