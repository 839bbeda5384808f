/**
 * A student's variant under simultaneous requests, on PostgreSQL (PGlite runs one statement at a time, so no race
 * could show): the first reads of a question give one variant, and "Show me another" twice at once gives one new one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES as M } from '../../../common/rules/templates';
import { rows } from '../../db/prepared';
import { sectionQuestions, studentCourses, studentSections, studentUnits } from '../../db/schema';
import { buildCourse, buildQuestion, buildStudent, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
});
afterAll(() => t.close());

describe('a variant under simultaneous requests', () => {
  it('is given once to a student opening a question on two tabs, and changed once by two Show me another', async () => {
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    const [unit] = course.units;
    const [section] = unit.sections;
    const question = await buildQuestion(t.db, {
      type: 'Fill in the Blank',
      questionText: '<p>{a} + {b} = ___1___</p>',
      options: {},
      answer: [['{s}']],
      template: {
        variables: [
          { name: 'a', kind: 'range', min: '1', max: '50', step: '1' },
          { name: 'b', kind: 'range', min: '1', max: '50', step: '1' },
          { name: 's', kind: 'computed', expression: 'a + b' },
        ],
        constraints: [],
        seeds: null,
      },
    });
    await t.db.insert(sectionQuestions).values({ sectionId: section.id, questionId: question.id, position: 1 });
    const student = await buildStudent(t.db);
    await t.db.insert(studentCourses).values({ studentId: student.id, courseId: course.id });
    await t.db.insert(studentUnits).values({ studentId: student.id, unitId: unit.id });
    await t.db.insert(studentSections).values({ studentId: student.id, sectionId: section.id });
    const cookie = await signIn(t.app, student);
    const post = (url: string, payload: object = {}) => call(t.app, cookie, { method: 'POST', url, payload });

    const reads = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/questions/batch', { questionIds: [question.id] })),
    );
    const seeds = new Set(reads.map((r) => r.json()[0].variant));
    expect(seeds.size).toBe(1);
    const [seed] = seeds;

    const shown = reads[0].json()[0].questionText as string;
    const [a, b] = /(\d+) \+ (\d+)/.exec(shown)!.slice(1).map(Number);
    for (let i = 0; i < 2; i++)
      await post('/api/questions/check-answer', {
        questionId: question.id,
        studentAnswer: JSON.stringify([String(a + b + 1)]),
        sectionId: section.id,
      });
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => post(`/api/student/questions/${question.id}/another`)),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 403, 403, 403, 403, 403]);
    expect(burst.find((r) => r.statusCode === 403)!.json().message).toBe(M.anotherNotYet);
    const [stored] = await rows<{ seed: number; replaced: number }>(
      t.db,
      sql`select sv.seed, sv.replaced from student_variants sv where sv.student_id = ${student.id} and sv.question_id = ${question.id}`,
    );
    expect(stored.replaced).toBe(1);
    expect(stored.seed).not.toBe(seed);
    expect(stored.seed).toBe(burst.find((r) => r.statusCode === 200)!.json().variant);
  });
});
