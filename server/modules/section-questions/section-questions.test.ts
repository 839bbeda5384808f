import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  buildUser,
  signIn,
  type BuiltCourse,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: string;
let teacher: string;
let student: TestUser;
let course: BuiltCourse;

beforeAll(async () => {
  t = await createTestApp();
  const [a, te, s] = await Promise.all([buildAdmin(t.db), buildTeacher(t.db), buildStudent(t.db)]);
  student = s;
  [admin, teacher] = await Promise.all([signIn(t.app, a), signIn(t.app, te)]);
  course = await buildCourse(t.db, { units: 2, sections: 2 });
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: unknown) =>
  call(t.app, cookie, { method: 'POST', url, payload: payload as object });

describe('questions of a section', () => {
  it('appends in the order given, ignores duplicates and questions already there, and removes', async () => {
    const [q1, q2, q3] = await Promise.all([buildQuestion(t.db), buildQuestion(t.db), buildQuestion(t.db)]);
    const sectionId = course.units[0].sections[0].id;
    const first = await post(teacher, '/api/questions/assign-to-section', {
      sectionId,
      questionIds: [q2.id, q1.id, q2.id],
    });
    expect(first.json()).toEqual({ message: 'Successfully assigned 2 questions to Section 1.1', assigned: 2 });
    const second = await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q1.id, q3.id] });
    expect(second.json().assigned).toBe(1);
    const list = await call(t.app, teacher, { method: 'GET', url: `/api/sections/${sectionId}/questions` });
    expect(list.json().questions.map((q: { id: string }) => q.id)).toEqual([q2.id, q1.id, q3.id]);
    expect(list.json().questions[0]).toHaveProperty('answer');

    const removed = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/sections/${sectionId}/questions/${q1.id}`,
    });
    expect(removed.json()).toEqual({ message: 'Question removed from section' });
    const after = await call(t.app, admin, { method: 'GET', url: `/api/sections/${sectionId}/questions` });
    expect(after.json().questions.map((q: { id: string }) => q.id)).toEqual([q2.id, q3.id]);
    expect(
      (await call(t.app, admin, { method: 'DELETE', url: `/api/sections/${sectionId}/questions/${q1.id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses an empty selection, unknown sections and unknown questions', async () => {
    const q = await buildQuestion(t.db);
    const sectionId = course.units[0].sections[1].id;
    const empty = await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(LEARNING_MESSAGES.selectSectionAndQuestion);
    expect(
      (await post(admin, '/api/questions/assign-to-section', { sectionId: UNKNOWN, questionIds: [q.id] })).statusCode,
    ).toBe(404);
    expect(
      (await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q.id, UNKNOWN] })).statusCode,
    ).toBe(404);
    expect((await call(t.app, admin, { method: 'GET', url: `/api/sections/${UNKNOWN}/questions` })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, admin, { method: 'GET', url: `/api/sections/${sectionId}/questions` })).json().questions,
    ).toEqual([]);
  });
});

describe("reordering a section's questions (its exercises)", () => {
  const put = (cookie: string | null, sectionId: string, payload: unknown) =>
    call(t.app, cookie, {
      method: 'PUT',
      url: `/api/sections/${sectionId}/questions/order`,
      payload: payload as object,
    });
  const idsOf = async (sectionId: string) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/sections/${sectionId}/questions` }))
      .json()
      .questions.map((q: { id: string }) => q.id);
  const exercisesOf = async (sectionId: string) => {
    const unitId = course.units[1].id;
    const list = (
      await call(t.app, admin, { method: 'GET', url: `/api/admin/sections?unitId=${unitId}` })
    ).json() as Array<{ id: string; exercises: string[] }>;
    return list.find((s) => s.id === sectionId)!.exercises;
  };

  it('stores the new order for admins and teachers, as the section list and the assigned list read it', async () => {
    const sectionId = course.units[1].sections[0].id;
    const [q1, q2, q3] = await Promise.all([buildQuestion(t.db), buildQuestion(t.db), buildQuestion(t.db)]);
    await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q1.id, q2.id, q3.id] });

    const byTeacher = await put(teacher, sectionId, { questionIds: [q3.id, q1.id, q2.id] });
    expect(byTeacher.statusCode).toBe(200);
    expect(byTeacher.json()).toEqual({ message: LEARNING_MESSAGES.orderSaved, exercises: [q3.id, q1.id, q2.id] });
    expect(await idsOf(sectionId)).toEqual([q3.id, q1.id, q2.id]);
    expect(await exercisesOf(sectionId)).toEqual([q3.id, q1.id, q2.id]);

    expect((await put(admin, sectionId, { questionIds: [q2.id, q3.id, q1.id] })).statusCode).toBe(200);
    expect(await idsOf(sectionId)).toEqual([q2.id, q3.id, q1.id]);

    // A question assigned after a reorder goes to the end, and removing one leaves the rest in their order.
    const q4 = await buildQuestion(t.db);
    await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q4.id] });
    await call(t.app, admin, { method: 'DELETE', url: `/api/sections/${sectionId}/questions/${q3.id}` });
    expect(await idsOf(sectionId)).toEqual([q2.id, q1.id, q4.id]);
    expect((await put(admin, sectionId, { questionIds: [q4.id, q2.id, q1.id] })).statusCode).toBe(200);
    expect(await idsOf(sectionId)).toEqual([q4.id, q2.id, q1.id]);
  });

  it('an empty section takes an empty order', async () => {
    const empty = await buildCourse(t.db, { units: 1, sections: 1 });
    const response = await put(admin, empty.units[0].sections[0].id, { questionIds: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json().exercises).toEqual([]);
  });

  it('refuses an order that is not exactly the questions assigned now with 409, changing nothing', async () => {
    const sectionId = course.units[1].sections[1].id;
    const [q1, q2, other] = await Promise.all([buildQuestion(t.db), buildQuestion(t.db), buildQuestion(t.db)]);
    await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q1.id, q2.id] });
    for (const questionIds of [[q2.id], [q2.id, q1.id, other.id], [q2.id, other.id], [other.id, UNKNOWN], []]) {
      const response = await put(admin, sectionId, { questionIds });
      expect(response.statusCode, JSON.stringify(questionIds)).toBe(409);
      expect(response.json().message).toBe(LEARNING_MESSAGES.orderMismatch);
    }
    expect(await idsOf(sectionId)).toEqual([q1.id, q2.id]);
  });

  it('refuses repeated ids and malformed bodies with 400 and their message, and unknown sections with 404', async () => {
    const sectionId = course.units[1].sections[1].id;
    const [q1] = await idsOf(sectionId);
    const repeated = await put(admin, sectionId, { questionIds: [q1, q1] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe(LEARNING_MESSAGES.orderDuplicate);
    for (const body of [
      {},
      { questionIds: 'abc' },
      { questionIds: null },
      { questionIds: [42] },
      [],
      { questionIds: { 0: q1 } },
    ]) {
      const response = await put(admin, sectionId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/\S/);
    }
    const notUuid = await put(admin, sectionId, { questionIds: ['not-a-uuid'] });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().message).toBe(LEARNING_MESSAGES.questionNotFound);
    const tooMany = await put(admin, sectionId, { questionIds: Array.from({ length: 5001 }, () => UNKNOWN) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('An order lists at most 5,000 questions');
    expect((await put(admin, UNKNOWN, { questionIds: [] })).statusCode).toBe(404);
    const malformedSection = await put(admin, 'not-a-section', { questionIds: [] });
    expect(malformedSection.statusCode).toBe(400);
    expect(malformedSection.json().message).toBe('Not found');
    expect(await idsOf(sectionId)).toHaveLength(2);
  });

  it('is refused to students, parents, data-entry staff and visitors, changing nothing', async () => {
    const sectionId = course.units[1].sections[1].id;
    const before = await idsOf(sectionId);
    const [parent, dataEntry] = await Promise.all([buildUser(t.db, 'parent'), buildUser(t.db, 'data-entry')]);
    const [studentCookie, parentCookie, dataEntryCookie] = await Promise.all([
      signIn(t.app, student),
      signIn(t.app, parent),
      signIn(t.app, dataEntry),
    ]);
    for (const cookie of [studentCookie, parentCookie, dataEntryCookie])
      expect((await put(cookie, sectionId, { questionIds: [...before].reverse() })).statusCode).toBe(403);
    expect((await put(null, sectionId, { questionIds: [...before].reverse() })).statusCode).toBe(401);
    expect(await idsOf(sectionId)).toEqual(before);
  });
});
