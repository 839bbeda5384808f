/** Skill levels read by the student, their parent, their staff, and a class's heat map. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import { CLASS_MESSAGES } from '../../../common/rules/classes';
import { MASTERY_MESSAGES } from '../../../common/rules/mastery';
import { rows } from '../../db/prepared';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  buildUser,
  linkTeacher,
  signIn,
  type BuiltCourse,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { countSkillAnswers, type SkillAnswer } from './keep';
import { buildSkills } from '../../test/skills';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (cookie: string | null, url: string) => call(t.app, cookie, { method: 'GET', url });

describe('reading skills', () => {
  let s: Awaited<ReturnType<typeof buildSkills>>;
  let course: BuiltCourse;
  let student: TestUser;
  let other: TestUser;
  let parent: TestUser;
  let teacher: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let classId: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    s = await buildSkills(t.db);
    course = await buildCourse(t.db, { units: 1, sections: 1 });
    const section = course.units[0].sections[0].id;
    for (const [position, questionId] of [...s.plain, ...s.worded].entries())
      await t.db.execute(
        sql`insert into section_questions (section_id, question_id, position) values (${section}, ${questionId}, ${position})`,
      );
    student = await buildStudent(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
    other = await buildStudent(t.db, { firstName: 'Blaise', lastName: 'Pascal' });
    parent = await buildUser(t.db, 'parent');
    teacher = await buildTeacher(t.db);
    stranger = await buildTeacher(t.db);
    admin = await buildAdmin(t.db);
    // The student has the section on their own; the other student through the class.
    await t.db.execute(sql`insert into student_courses (student_id, course_id) values (${student.id}, ${course.id})`);
    await t.db.execute(
      sql`insert into student_units (student_id, unit_id) values (${student.id}, ${course.units[0].id})`,
    );
    await t.db.execute(sql`insert into student_sections (student_id, section_id) values (${student.id}, ${section})`);
    await t.db.execute(sql`insert into parent_students (parent_id, student_id) values (${parent.id}, ${student.id})`);
    const [created] = await rows<{ id: string }>(
      t.db,
      sql`insert into classes (name) values ('Grade 5 A') returning id`,
    );
    classId = created.id;
    await t.db.execute(sql`insert into class_teachers (class_id, teacher_id) values (${classId}, ${teacher.id})`);
    await t.db.execute(sql`insert into class_courses (class_id, course_id) values (${classId}, ${course.id})`);
    for (const id of [student.id, other.id])
      await t.db.execute(sql`insert into class_students (class_id, student_id) values (${classId}, ${id})`);
    for (const user of [student, other, parent, teacher, stranger, admin]) cookies[user.id] = await signIn(t.app, user);
  });

  it('a student reads the skills of their open sections, moved by their checks at once', async () => {
    const before = await get(cookies[student.id], '/api/student/skills');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      skills: [
        {
          skillId: s.whole,
          focusArea: s.focusName,
          category: null,
          gradeMin: null,
          gradeMax: null,
          level: 0,
          label: 'Not started',
          firstTries: 0,
          firstTriesRight: 0,
          reviewDueAt: null,
        },
        {
          skillId: s.narrow,
          focusArea: s.focusName,
          category: s.categoryName,
          gradeMin: 4,
          gradeMax: 6,
          level: 0,
          label: 'Not started',
          firstTries: 0,
          firstTriesRight: 0,
          reviewDueAt: null,
        },
      ],
    });
    for (const questionId of [s.plain[0], s.plain[1], s.worded[0]]) {
      const checked = await call(t.app, cookies[student.id], {
        method: 'POST',
        url: '/api/questions/check-answer',
        payload: { questionId, studentAnswer: 'A' },
      });
      expect(checked.json().result.isCorrect, checked.body).toBe(true);
    }
    const after = (await get(cookies[student.id], '/api/student/skills')).json();
    expect(after.skills[0]).toMatchObject({ level: 3, label: 'Proficient', firstTries: 3, firstTriesRight: 3 });
    expect(after.skills[0].reviewDueAt).toEqual(expect.any(String));
    expect(after.skills[1]).toMatchObject({ level: 1, label: 'Attempted', firstTries: 1 });
  });

  it("a parent reads their own child's skills, and no other child's", async () => {
    const mine = await get(cookies[parent.id], `/api/parent/children/${student.id}/skills`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual((await get(cookies[student.id], '/api/student/skills')).json());
    for (const id of [other.id, randomUUID(), 'not-an-id']) {
      const refused = await get(cookies[parent.id], `/api/parent/children/${id}/skills`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(DASHBOARD_MESSAGES.childNotFound);
    }
  });

  it('staff read a student they may read: their teacher and an admin; another teacher is refused', async () => {
    for (const id of [teacher.id, admin.id]) {
      const read = await get(cookies[id], `/api/students/${student.id}/skills`);
      expect(read.statusCode).toBe(200);
      expect(read.json().skills[0]).toMatchObject({ skillId: s.whole, level: 3 });
    }
    const refused = await get(cookies[stranger.id], `/api/students/${student.id}/skills`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MASTERY_MESSAGES.notYourStudent);
    await linkTeacher(t.db, stranger.id, other.id);
    expect((await get(cookies[stranger.id], `/api/students/${other.id}/skills`)).statusCode).toBe(200);
    for (const id of [randomUUID(), 'not-an-id', teacher.id]) {
      const unknown = await get(cookies[admin.id], `/api/students/${id}/skills`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(MASTERY_MESSAGES.studentNotFound);
    }
  });

  it("a class's teacher and an admin read its heat map: students down, skills across", async () => {
    for (const id of [teacher.id, admin.id]) {
      const map = await get(cookies[id], `/api/classes/${classId}/skills`);
      expect(map.statusCode).toBe(200);
      expect(map.json()).toEqual({
        skills: [
          { skillId: s.whole, focusArea: s.focusName, category: null, gradeMin: null, gradeMax: null },
          { skillId: s.narrow, focusArea: s.focusName, category: s.categoryName, gradeMin: 4, gradeMax: 6 },
        ],
        students: [
          { id: student.id, name: 'Ada Lovelace', levels: [3, 1] },
          { id: other.id, name: 'Blaise Pascal', levels: [0, 0] },
        ],
      });
    }
  });

  it("refuses another teacher's class (403) and an unknown one (404)", async () => {
    const refused = await get(cookies[stranger.id], `/api/classes/${classId}/skills`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CLASS_MESSAGES.notYourClass);
    for (const id of [randomUUID(), 'not-an-id']) {
      const unknown = await get(cookies[admin.id], `/api/classes/${id}/skills`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(CLASS_MESSAGES.notFound);
    }
  });

  it("takes a class's skills from its questions' focus areas and categories: other categories practice the focus area alone", async () => {
    const [focus] = await rows<{ id: string }>(
      t.db,
      sql`select fa.id from focus_areas fa where fa.name = ${s.focusName}`,
    );
    const categoryIds: string[] = [];
    for (const name of ['Geometry', 'Measurement']) {
      const [made] = await rows<{ id: string }>(
        t.db,
        sql`insert into categories (name) values (${`${name} ${randomUUID().slice(0, 8)}`}) returning id`,
      );
      categoryIds.push(made.id);
    }
    // One question of the focus area in two categories, neither the narrowed skill's.
    const question = await buildQuestion(t.db);
    await t.db.execute(sql`insert into question_focus (question_id, focus_id) values (${question.id}, ${focus.id})`);
    for (const categoryId of categoryIds)
      await t.db.execute(
        sql`insert into question_categories (question_id, category_id) values (${question.id}, ${categoryId})`,
      );
    const elsewhere = await buildCourse(t.db, { units: 1, sections: 1 });
    await t.db.execute(sql`insert into section_questions (section_id, question_id, position)
      values (${elsewhere.units[0].sections[0].id}, ${question.id}, 1)`);
    const [created] = await rows<{ id: string }>(t.db, sql`insert into classes (name) values ('Shapes') returning id`);
    await t.db.execute(sql`insert into class_courses (class_id, course_id) values (${created.id}, ${elsewhere.id})`);
    const map = await get(cookies[admin.id], `/api/classes/${created.id}/skills`);
    expect(map.json().skills).toEqual([
      { skillId: s.whole, focusArea: s.focusName, category: null, gradeMin: null, gradeMax: null },
    ]);
  });

  it('answers a class without courses with no skills, its students still listed', async () => {
    const [empty] = await rows<{ id: string }>(t.db, sql`insert into classes (name) values ('Empty') returning id`);
    await t.db.execute(sql`insert into class_students (class_id, student_id) values (${empty.id}, ${other.id})`);
    const map = await get(cookies[admin.id], `/api/classes/${empty.id}/skills`);
    expect(map.json()).toEqual({ skills: [], students: [{ id: other.id, name: 'Blaise Pascal', levels: [] }] });
  });
});

describe("the skills a student's and a class's sections practice, kept between reads", () => {
  let s: Awaited<ReturnType<typeof buildSkills>>;
  let student: TestUser;
  let admin: TestUser;
  let classId: string;
  let section: string;
  /** The focus area's own skill, made again by the first test. */
  let whole: string;
  const cookies: Record<string, string> = {};
  const skillIdsOf = async (cookie: string, url: string) =>
    ((await get(cookie, url)).json().skills as { skillId: string }[]).map((skill) => skill.skillId).sort();
  const studentSkills = () => skillIdsOf(cookies[student.id], '/api/student/skills');
  const mapSkills = () => skillIdsOf(cookies[admin.id], `/api/classes/${classId}/skills`);
  // Notices reach the server a moment after the write commits.
  const soon = { timeout: 5000, interval: 50 };

  beforeAll(async () => {
    s = await buildSkills(t.db);
    whole = s.whole;
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    section = course.units[0].sections[0].id;
    await t.db.execute(
      sql`insert into section_questions (section_id, question_id, position) values (${section}, ${s.plain[0]}, 1)`,
    );
    student = await buildStudent(t.db);
    admin = await buildAdmin(t.db);
    const [created] = await rows<{ id: string }>(t.db, sql`insert into classes (name) values ('Kept') returning id`);
    classId = created.id;
    await t.db.execute(sql`insert into class_courses (class_id, course_id) values (${classId}, ${course.id})`);
    await t.db.execute(sql`insert into class_students (class_id, student_id) values (${classId}, ${student.id})`);
    for (const user of [student, admin]) cookies[user.id] = await signIn(t.app, user);
  });

  it('follow a question placed or its tag taken off, a skill removed or made, and a course taken back or given', async () => {
    expect(await studentSkills()).toEqual([s.whole]);
    expect(await mapSkills()).toEqual([s.whole]);

    // A question of the category placed in the section: a content change naming the class's students.
    await t.db.execute(
      sql`insert into section_questions (section_id, question_id, position) values (${section}, ${s.worded[0]}, 2)`,
    );
    const both = [s.whole, s.narrow].sort();
    await expect.poll(studentSkills, soon).toEqual(both);
    await expect.poll(mapSkills, soon).toEqual(both);

    // The question's category taken off: a bank change, which names the question and no student.
    await t.db.execute(sql`delete from question_categories qc where qc.question_id = ${s.worded[0]}`);
    await expect.poll(studentSkills, soon).toEqual([s.whole]);
    await expect.poll(mapSkills, soon).toEqual([s.whole]);

    // The focus area's skill removed, then made again: the skills' own notices.
    const [{ focus_area_id: focusAreaId }] = await rows<{ focus_area_id: string }>(
      t.db,
      sql`select sk.focus_area_id from skills sk where sk.id = ${s.whole}`,
    );
    await t.db.execute(sql`delete from skills sk where sk.id = ${s.whole}`);
    await expect.poll(studentSkills, soon).toEqual([]);
    await expect.poll(mapSkills, soon).toEqual([]);
    [{ id: whole }] = await rows<{ id: string }>(
      t.db,
      sql`insert into skills (focus_area_id) values (${focusAreaId}) returning id`,
    );
    await expect.poll(studentSkills, soon).toEqual([whole]);
    await expect.poll(mapSkills, soon).toEqual([whole]);

    // The course taken back from the class, then given again.
    await t.db.execute(sql`delete from class_courses cc where cc.class_id = ${classId}`);
    await expect.poll(studentSkills, soon).toEqual([]);
    await expect.poll(mapSkills, soon).toEqual([]);
    await t.db.execute(sql`insert into class_courses (class_id, course_id)
      select ${classId}, u.course_id from units u join sections se on se.unit_id = u.id where se.id = ${section}`);
    await expect.poll(studentSkills, soon).toEqual([whole]);
    await expect.poll(mapSkills, soon).toEqual([whole]);
  });

  it('keeps nothing for a class without students, whose changes are announced to nobody', async () => {
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    await t.db.execute(sql`insert into section_questions (section_id, question_id, position)
      values (${course.units[0].sections[0].id}, ${s.plain[1]}, 1)`);
    const [empty] = await rows<{ id: string }>(t.db, sql`insert into classes (name) values ('Nobody') returning id`);
    const url = `/api/classes/${empty.id}/skills`;
    expect(await skillIdsOf(cookies[admin.id], url)).toEqual([]);
    await t.db.execute(sql`insert into class_courses (class_id, course_id) values (${empty.id}, ${course.id})`);
    expect(await skillIdsOf(cookies[admin.id], url)).toEqual([whole]);
  });
});

describe("a skill's level changes", () => {
  it('are stored as one change from the first level to the last when answers share an instant', async () => {
    const skills = await buildSkills(t.db);
    const student = await buildStudent(t.db);
    await t.db.execute(
      sql`insert into student_skills (student_id, skill_id, level) values (${student.id}, ${skills.whole}, 3)`,
    );
    const sitting = (at: string, rights: boolean[]): SkillAnswer[] =>
      rights.map((right, i) => ({
        studentId: student.id,
        questionId: skills.plain[i],
        right,
        kind: 'mixed',
        at: new Date(at),
      }));
    const count = (answers: SkillAnswer[]) => t.db.transaction((tx) => countSkillAnswers(tx, answers));
    const changes = () =>
      rows<{ from_level: number; to_level: number; at: string }>(
        t.db,
        sql`select c.from_level, c.to_level, to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') as at
          from student_skill_changes c where c.student_id = ${student.id} and c.skill_id = ${skills.whole}
          order by c.created_at`,
      );

    // A sitting confirms Proficient (3 -> 4), a wrong answer lowers it (4 -> 3), the last confirms it again.
    await count(sitting('2026-03-02T10:00:00Z', [true, false, true]));
    expect(await changes()).toEqual([{ from_level: 3, to_level: 4, at: '2026-03-02' }]);
    // Down and back up at one instant: no change at all.
    await count(sitting('2026-03-09T10:00:00Z', [false, true]));
    expect(await changes()).toEqual([{ from_level: 3, to_level: 4, at: '2026-03-02' }]);
    // At instants of their own, each change is its own.
    await count([...sitting('2026-03-16T10:00:00Z', [false]), ...sitting('2026-03-23T10:00:00Z', [true])]);
    expect(await changes()).toEqual([
      { from_level: 3, to_level: 4, at: '2026-03-02' },
      { from_level: 4, to_level: 3, at: '2026-03-16' },
      { from_level: 3, to_level: 4, at: '2026-03-23' },
    ]);
    const [stored] = await rows<{ level: number }>(
      t.db,
      sql`select ss.level from student_skills ss where ss.student_id = ${student.id} and ss.skill_id = ${skills.whole}`,
    );
    expect(stored.level).toBe(4);
  });
});
