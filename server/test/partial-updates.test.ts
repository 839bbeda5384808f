/**
 * Every update route edits only what it is sent: for each kind of record, a record is made with every optional
 * field set, one field at a time is sent, and a read-back shows that field changed and every other field as it
 * was (the status toggle sends the status alone, and must not empty the address, school or department).
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQuestion } from '../modules/questions/queries';
import { buildOneOfEach, buildQuestion, buildStudent, signIn, type TestUser } from './factories';
import { call, createTestApp, type TestApp } from './harness';
import { buildTags, multipartBody, multipleChoiceFields } from './questionFixtures';

let t: TestApp;
let admin: string;
let teacher: string;
let tags: Awaited<ReturnType<typeof buildTags>>;
let students: TestUser[];
let qs: string[];

type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  const people = await buildOneOfEach(t.db);
  [admin, teacher] = await Promise.all([signIn(t.app, people.admin), signIn(t.app, people.teacher)]);
  tags = await buildTags(t.db);
  students = [await buildStudent(t.db), await buildStudent(t.db)];
  qs = [];
  for (let i = 0; i < 3; i++) qs.push((await buildQuestion(t.db, { questionText: `Question ${i}` })).id);
});
afterAll(() => t.close());

function ok(response: LightMyRequestResponse, status = 200): Json {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as Json;
}
const unique = () => randomBytes(4).toString('hex');

const json = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(t.app, cookie, { method, url, ...(payload ? { payload } : {}) });

/** Fields every read-back has that any write changes. */
const STAMPS = ['updated_at', 'updatedAt'];

interface Case {
  /** The record made with every optional field set; its id and the cookie of whoever edits it. */
  create(): Promise<{ id: string; cookie: string }>;
  update(id: string, cookie: string, body: Json): Promise<LightMyRequestResponse>;
  read(id: string, cookie: string): Promise<Json>;
  /** One edit per field: the body sent, and the read-back fields it changes. */
  edits: Array<{ body: Json; changes: string[] }>;
}

// ---- accounts ----

const registered: Record<string, () => Json> = {
  student: () => ({
    first_name: 'Mia',
    last_name: 'Lopez',
    email: `student-${unique()}@example.com`,
    gender: 'female',
    date_of_birth: '2013-04-05',
    grade: '6',
    school: 'Hill School',
    address: '4 Oak Lane',
    phone_number: '(555) 222-3333',
    password: 'Strong@pass1',
    confirm_password: 'Strong@pass1',
  }),
  teacher: () => ({
    first_name: 'Tom',
    last_name: 'Reed',
    email: `teacher-${unique()}@example.com`,
    phone_number: '(555) 222-4444',
    specialization: 'Algebra',
    password: 'Strong@pass1',
    student_ids: [students[0].id],
  }),
  'data-entry': () => ({
    first_name: 'Dee',
    last_name: 'Park',
    email: `entry-${unique()}@example.com`,
    phone_number: '(555) 222-5555',
    department: 'Content',
    password: 'Strong@pass1',
  }),
  parent: () => ({
    first_name: 'Pat',
    last_name: 'Lopez',
    email: `parent-${unique()}@example.com`,
    phone_number: '(555) 222-6666',
    address: '4 Oak Lane',
    student_ids: [students[0].id],
    student_name: 'Sam Lopez',
    student_grade: '3',
    password: 'Strong@pass1',
    confirm_password: 'Strong@pass1',
  }),
};

const common = [
  { body: { status: 'inactive' }, changes: ['status'] },
  { body: { first_name: 'Renamed' }, changes: ['first_name'] },
  { body: { last_name: 'Renamed' }, changes: ['last_name'] },
  { body: { email: 'x' }, changes: ['email'] },
  { body: { phone_number: '(555) 999-0000' }, changes: ['phone_number'] },
];

/** A body of one field whose value is read when sent: the records it names are made before the tests run, after this table. */
const later = (key: string, value: () => unknown): Json =>
  Object.defineProperty({}, key, { get: value, enumerable: true });
const secondStudent = () => later('student_ids', () => [students[1].id]);

const accountEdits: Record<string, Case['edits']> = {
  student: [
    ...common,
    { body: { grade: '9' }, changes: ['grade'] },
    { body: { school: 'Lake School' }, changes: ['school'] },
    { body: { address: '9 Elm Road' }, changes: ['address'] },
  ],
  teacher: [
    ...common,
    { body: { specialization: 'Geometry' }, changes: ['specialization'] },
    { body: secondStudent(), changes: ['student_ids', 'students'] },
  ],
  'data-entry': [...common, { body: { department: 'Assessment' }, changes: ['department'] }],
  parent: [
    ...common,
    { body: { address: '9 Elm Road' }, changes: ['address'] },
    { body: secondStudent(), changes: ['student_ids', 'students'] },
  ],
};

/** Each account's e-mail as it stands, to find it in the users list. */
const emails = new Map<string, string>();

function accountCase(type: string): Case {
  return {
    async create() {
      const form = registered[type]();
      const reply = ok(await json(admin, 'POST', '/api/admin/register', { userType: type, formData: form }), 201);
      const id = (reply.user as Json).id as string;
      emails.set(id, form.email as string);
      return { id, cookie: admin };
    },
    update(id, cookie, body) {
      // A fresh address each time it is edited, as no two accounts share one.
      if (!body.email) return json(cookie, 'PUT', `/api/admin/users/${id}`, body);
      const email = `new-${unique()}@example.com`;
      emails.set(id, email);
      return json(cookie, 'PUT', `/api/admin/users/${id}`, { email });
    },
    async read(id, cookie) {
      const reply = ok(await json(cookie, 'GET', `/api/admin/users?q=${encodeURIComponent(emails.get(id)!)}`));
      const user = (reply.users as Json[]).find((u) => u.id === id);
      expect(user).toBeDefined();
      return user!;
    },
    edits: accountEdits[type],
  };
}

/** The own-profile edit: the student's details as the session reports them. */
const ownProfile: Case = {
  async create() {
    const form = registered.student();
    ok(await json(admin, 'POST', '/api/admin/register', { userType: 'student', formData: form }), 201);
    const cookie = await signIn(t.app, { email: form.email as string, password: 'Strong@pass1' });
    const me = ok(await json(cookie, 'GET', '/api/auth/me'));
    return { id: (me.user as Json).id as string, cookie };
  },
  update: (_id, cookie, body) => json(cookie, 'PUT', '/api/users/profile', { extra_field: body }),
  async read(_id, cookie) {
    const me = ok(await json(cookie, 'GET', '/api/auth/me'));
    const user = me.user as Json;
    return { ...(user.studentProfile as Json), firstName: user.firstName, lastName: user.lastName };
  },
  edits: [
    { body: { first_name: 'Renamed' }, changes: ['firstName'] },
    { body: { last_name: 'Renamed' }, changes: ['lastName'] },
    { body: { phone_number: '(555) 999-0000' }, changes: ['phoneNumber'] },
    { body: { address: '9 Elm Road' }, changes: ['address'] },
    { body: { school: 'Lake School' }, changes: ['school'] },
    { body: { grade_level: '9' }, changes: ['grade'] },
    { body: { gender: 'other' }, changes: ['gender'] },
    { body: { birthday: '2012-01-02' }, changes: ['dateOfBirth'] },
  ],
};

// ---- content ----

async function newCourse(): Promise<string> {
  const reply = ok(
    await json(teacher, 'POST', '/api/courses', {
      title: `Course ${unique()}`,
      description: 'All about fractions',
      code: `C-${unique()}`,
    }),
    201,
  );
  return reply.id as string;
}
async function newUnit(courseId: string): Promise<string> {
  const reply = ok(
    await json(teacher, 'POST', `/api/courses/${courseId}/units`, {
      title: 'Fractions',
      grade: '5',
      unitNumber: 3,
      categories: ['Numbers', 'Parts'],
    }),
    201,
  );
  return reply.id as string;
}
const found = (list: unknown, id: string): Json => {
  const items = (
    Array.isArray(list) ? list : ((list as Json).units ?? (list as Json).sections ?? (list as Json).courses)
  ) as Json[];
  const item = items.find((i) => i.id === id);
  expect(item).toBeDefined();
  return item!;
};

const courseCase: Case = {
  create: async () => ({ id: await newCourse(), cookie: teacher }),
  update: (id, cookie, body) => json(cookie, 'PUT', `/api/courses/${id}`, body),
  read: async (id, cookie) => found(ok(await json(cookie, 'GET', '/api/courses')), id),
  edits: [
    { body: { title: 'Renamed' }, changes: ['title', 'name'] },
    { body: { description: 'Now about decimals' }, changes: ['description'] },
    { body: { code: `NEW-${unique()}` }, changes: ['code'] },
  ],
};

const unitCourses = new Map<string, string>();
const unitCase: Case = {
  async create() {
    const courseId = await newCourse();
    const id = await newUnit(courseId);
    unitCourses.set(id, courseId);
    return { id, cookie: teacher };
  },
  update: (id, cookie, body) => json(cookie, 'PUT', `/api/units/${id}`, body),
  read: async (id, cookie) => found(ok(await json(cookie, 'GET', `/api/courses/${unitCourses.get(id)}/units`)), id),
  edits: [
    { body: { title: 'Renamed' }, changes: ['title'] },
    { body: { grade: '6' }, changes: ['grade'] },
    { body: { unitNumber: 7 }, changes: ['unitNumber', 'order'] },
    { body: { categories: ['Decimals'] }, changes: ['categories'] },
  ],
};

const sectionUnits = new Map<string, string>();
const sectionCase: Case = {
  async create() {
    const unitId = await newUnit(await newCourse());
    const reply = ok(
      await json(teacher, 'POST', `/api/units/${unitId}/sections`, {
        title: 'Halves',
        grade: '5',
        content: '<p>One half is $\\frac12$.</p>',
        sectionNumber: 4,
      }),
      201,
    );
    sectionUnits.set(reply.id as string, unitId);
    return { id: reply.id as string, cookie: teacher };
  },
  update: (id, cookie, body) => json(cookie, 'PUT', `/api/sections/${id}`, body),
  read: async (id, cookie) => found(ok(await json(cookie, 'GET', `/api/units/${sectionUnits.get(id)}/sections`)), id),
  edits: [
    { body: { title: 'Renamed' }, changes: ['title'] },
    { body: { grade: '6' }, changes: ['grade'] },
    { body: { content: '<p>Quarters next.</p>' }, changes: ['content'] },
    { body: { sectionNumber: 9 }, changes: ['sectionNumber', 'order'] },
  ],
};

const questionCase: Case = {
  async create() {
    const fields = multipleChoiceFields(tags, {
      source: 'Workbook',
      options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$1$' },
    });
    const reply = ok(
      await call(t.app, teacher, { method: 'POST', url: '/api/questions', ...(await multipartBody(fields)) }),
      201,
    );
    return { id: (reply.question as Json).id as string, cookie: teacher };
  },
  update: async (id, cookie, body) =>
    call(t.app, cookie, { method: 'PUT', url: `/api/questions/${id}`, ...(await multipartBody(body)) }),
  read: async (id) => (await getQuestion(t.db, id)) as unknown as Json,
  edits: [
    { body: { questionText: '<p>What is $\\frac{1}{2} + \\frac{1}{2}$?</p>' }, changes: ['questionText'] },
    { body: { grade: '6' }, changes: ['grade'] },
    { body: later('focus', () => [tags.focus[1].id]), changes: ['focus', 'focusNames'] },
    { body: later('category', () => [tags.categories[1].id]), changes: ['category', 'categoryNames'] },
    { body: { solution: '<p>Three quarters.</p>' }, changes: ['solution'] },
    { body: { hint: 'Halves are quarters twice.' }, changes: ['hint'] },
    { body: { source: 'Olympiad' }, changes: ['source'] },
    { body: { answer: { a1: ['B'] } }, changes: ['answer'] },
    { body: { options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$2$' } }, changes: ['options'] },
  ],
};

const testCase: Case = {
  async create() {
    const reply = ok(
      await json(teacher, 'POST', '/api/tests', {
        name: 'Fractions quiz',
        type: 'assessment',
        description: 'Adding fractions',
        instructions: 'Show your work.',
        timeLimit: 30,
        totalMarks: 10,
        questions: [
          { questionId: qs[0], order: 1, marks: 2 },
          { questionId: qs[1], order: 2 },
        ],
      }),
      201,
    );
    return { id: (reply.test as Json).id as string, cookie: teacher };
  },
  update: (id, cookie, body) => json(cookie, 'PUT', `/api/tests/${id}`, body),
  read: async (id, cookie) => ok(await json(cookie, 'GET', `/api/tests/${id}`)),
  edits: [
    { body: { name: 'Renamed' }, changes: ['name'] },
    { body: { type: 'test' }, changes: ['type', 'testCode'] },
    { body: { description: 'Fractions and decimals' }, changes: ['description'] },
    { body: { instructions: 'No calculators.' }, changes: ['instructions'] },
    { body: { timeLimit: 45 }, changes: ['timeLimit'] },
    { body: { totalMarks: 20 }, changes: ['totalMarks'] },
    {
      body: later('questions', () => [{ questionId: qs[2], order: 1 }]),
      changes: ['questions', 'questionCount', 'marks'],
    },
  ],
};

let grantedCourses: string[] = [];
const offeringCase: Case = {
  async create() {
    grantedCourses = [await newCourse(), await newCourse()];
    const reply = ok(
      await json(admin, 'POST', '/api/admin/offerings', {
        title: `Offering ${unique()}`,
        program: 'ssat',
        gradeBand: 'Grades 3-8',
        level: 'Elementary',
        summary: 'Timed practice.',
        description: '<p>Fractions such as $\\frac12$.</p>',
        units: 4,
        mockTests: 2,
        sessions: 10,
        duration: '8 weeks',
        priceMinor: 29900,
        currency: 'USD',
        published: false,
        contents: [{ kind: 'course', id: grantedCourses[0] }],
      }),
      201,
    );
    return { id: (reply.offering as Json).id as string, cookie: admin };
  },
  update: (id, cookie, body) => json(cookie, 'PUT', `/api/admin/offerings/${id}`, body),
  read: async (id, cookie) => ok(await json(cookie, 'GET', `/api/admin/offerings/${id}`)),
  edits: [
    { body: { title: 'Renamed' }, changes: ['title'] },
    { body: { slug: `moved-${unique()}` }, changes: ['slug'] },
    { body: { program: 'map' }, changes: ['program', 'programName'] },
    { body: { gradeBand: 'Grades 5-6' }, changes: ['gradeBand'] },
    { body: { level: 'High School' }, changes: ['level'] },
    { body: { summary: 'Untimed practice.' }, changes: ['summary'] },
    { body: { description: '<p>Decimals.</p>' }, changes: ['description'] },
    { body: { units: 5 }, changes: ['units'] },
    { body: { mockTests: 3 }, changes: ['mockTests'] },
    { body: { sessions: 12 }, changes: ['sessions'] },
    { body: { duration: '9 weeks' }, changes: ['duration'] },
    { body: { priceMinor: 19900 }, changes: ['priceMinor'] },
    { body: { currency: 'CAD' }, changes: ['currency'] },
    { body: { published: true }, changes: ['published'] },
    { body: later('contents', () => [{ kind: 'course', id: grantedCourses[1] }]), changes: ['contents'] },
  ],
};

const CASES: Record<string, Case> = {
  'PUT /api/admin/users/:id (student)': accountCase('student'),
  'PUT /api/admin/users/:id (teacher)': accountCase('teacher'),
  'PUT /api/admin/users/:id (data entry)': accountCase('data-entry'),
  'PUT /api/admin/users/:id (parent)': accountCase('parent'),
  'PUT /api/users/profile': ownProfile,
  'PUT /api/courses/:id': courseCase,
  'PUT /api/units/:id': unitCase,
  'PUT /api/sections/:id': sectionCase,
  'PUT /api/questions/:id': questionCase,
  'PUT /api/tests/:id': testCase,
  'PUT /api/admin/offerings/:id': offeringCase,
};

const without = (record: Json, keys: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k) && !STAMPS.includes(k)));

describe.each(Object.entries(CASES))('%s changes only the fields it is sent', (_route, c) => {
  it.each(c.edits.map((edit) => [Object.keys(edit.body).join(', '), edit] as const))(
    'sending only %s',
    async (_field, edit) => {
      const { id, cookie } = await c.create();
      const before = await c.read(id, cookie);
      // The record really holds every field the route edits, so that emptying one would show.
      for (const key of c.edits.flatMap((e) => e.changes)) expect(before[key], key).not.toBeNull();
      ok(await c.update(id, cookie, edit.body));
      const after = await c.read(id, cookie);
      expect(without(after, edit.changes)).toEqual(without(before, edit.changes));
      for (const key of edit.changes) expect(after[key], key).not.toEqual(before[key]);
    },
  );
});

it('a blank sent on purpose still empties an optional field', async () => {
  const { id, cookie } = await accountCase('student').create();
  ok(await json(cookie, 'PUT', `/api/admin/users/${id}`, { school: '' }));
  const user = await accountCase('student').read(id, cookie);
  expect(user.school).toBeNull();
  expect(user.address).toBe('4 Oak Lane');
});

it('an edit of some question fields is checked against the fields it keeps', async () => {
  const { id, cookie } = await questionCase.create();
  // With two options left, C cannot be the answer.
  const response = await questionCase.update(id, cookie, { options: { A: '$1$', B: '$2$' }, answer: { a1: ['C'] } });
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe('Each correct answer must be one of the options');
  const kept = await questionCase.update(id, cookie, { type: 'Fill in the Blank' });
  expect(kept.statusCode).toBe(400);
  const question = await getQuestion(t.db, id);
  expect(question.type).toBe('Multiple Choice');
  expect(question.answer).toEqual({ a1: ['A'] });
});
