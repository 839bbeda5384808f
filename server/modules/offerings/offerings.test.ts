import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERING_LIMITS, OFFERING_MESSAGES, type UserType } from '../../../common/rules';
import { hiddenCharacterMessage } from '../../../common/text';
import { attachments, offerings, testQuestions, tests } from '../../db/schema';
import { naughtyStrings, xssPayloads } from '../../test/corpora';
import { buildCourse, buildOneOfEach, buildQuestion, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { multipartBody, pngBytes } from '../../test/questionFixtures';

let t: TestApp;
let people: Record<UserType, TestUser>;
let admin: string;
const cookies: Partial<Record<UserType, string>> = {};
let courseId: string;
let testId: string;

beforeAll(async () => {
  t = await createTestApp();
  people = await buildOneOfEach(t.db);
  for (const type of Object.keys(people) as UserType[]) cookies[type] = await signIn(t.app, people[type]);
  admin = cookies.admin!;
  courseId = (await buildCourse(t.db, { units: 2, title: 'SSAT Quantitative' })).id;
  const [test] = await t.db.insert(tests).values({ title: 'SSAT Mock Test 1' }).returning({ id: tests.id });
  testId = test.id;
  const question = await buildQuestion(t.db);
  await t.db.insert(testQuestions).values({ testId, position: 1, questionId: question.id });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (cookie: string | null, method: Method, url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** A string an address can carry: lone surrogates cannot be percent-encoded. */
const wellFormed = (s: string) => s.replace(/\p{Cs}/gu, '\uFFFD');

let counter = 0;
const valid = (extra: object = {}) => ({
  title: `Offering ${++counter}`,
  program: 'ssat',
  gradeBand: 'Grades 3-8',
  level: 'Middle School',
  ...extra,
});
async function create(extra: object = {}) {
  const response = await send(admin, 'POST', '/api/admin/offerings', valid(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().offering;
}
function refused(response: { statusCode: number; json(): { message: string } }, message: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(message);
}

describe('admin: create', () => {
  it('creates a draft with a slug from its title, sanitized math description and its content links', async () => {
    const response = await send(admin, 'POST', '/api/admin/offerings', {
      title: 'AMC 8 Prep',
      program: 'amc8',
      gradeBand: 'Grades 5-8',
      level: 'Middle School',
      summary: 'Problem solving for the AMC 8.',
      description: '<p>Solve $x^2 = 4$ fast.</p><script>alert(1)</script>',
      units: 6,
      mockTests: 8,
      sessions: 24,
      duration: '12 weeks',
      priceMinor: 59900,
      contents: [
        { kind: 'course', id: courseId },
        { kind: 'test', id: testId },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { message, offering } = response.json();
    expect(message).toBe(OFFERING_MESSAGES.created);
    expect(offering).toMatchObject({
      slug: 'amc-8-prep',
      programName: 'AMC 8',
      published: false,
      currency: 'USD',
      priceMinor: 59900,
      description: '<p>Solve $x^2 = 4$ fast.</p>',
      contents: [
        { kind: 'course', id: courseId, title: 'SSAT Quantitative' },
        { kind: 'test', id: testId, title: 'SSAT Mock Test 1' },
      ],
      imageUrl: null,
    });
    // A second offering of the same title gets the next free address; a typed one taken is refused.
    expect((await create({ title: 'AMC 8 Prep' })).slug).toBe('amc-8-prep-2');
    const taken = await send(admin, 'POST', '/api/admin/offerings', valid({ slug: 'amc-8-prep' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(OFFERING_MESSAGES.slugTaken('amc-8-prep'));
  });

  it('refuses each broken rule with its message, and never stores it', async () => {
    const before = (await t.db.select().from(offerings)).length;
    const cases: Array<[object, string]> = [
      [{ title: '' }, 'Title is required'],
      [{ title: 'x'.repeat(OFFERING_LIMITS.title + 1) }, `Title must be at most ${OFFERING_LIMITS.title} characters`],
      [{ title: 'Bad\u202Etitle' }, hiddenCharacterMessage('Title')],
      [{ program: 'chess' }, 'Choose a program'],
      [{ level: 'College' }, 'Choose a level'],
      [{ gradeBand: ' ' }, 'Grade band is required'],
      [{ summary: 'Learn $x$' }, OFFERING_MESSAGES.summaryPlain],
      [{ units: -1 }, `Units must be a whole number from 0 to ${OFFERING_LIMITS.count}`],
      [{ mockTests: 1.5 }, `Mock tests must be a whole number from 0 to ${OFFERING_LIMITS.count}`],
      [{ sessions: '3' }, `Sessions must be a whole number from 0 to ${OFFERING_LIMITS.count}`],
      [{ priceMinor: -1 }, OFFERING_MESSAGES.priceInvalid],
      [{ priceMinor: 9.99 }, OFFERING_MESSAGES.priceInvalid],
      [{ priceMinor: OFFERING_LIMITS.priceMinor + 1 }, OFFERING_MESSAGES.priceTooHigh],
      [{ currency: 'EUR' }, 'Currency must be one of USD, CAD'],
      [{ slug: 'Not a slug!' }, OFFERING_MESSAGES.slugInvalid],
      [{ title: '!!!' }, OFFERING_MESSAGES.slugFromTitle],
      [{ published: 'yes' }, 'Published must be true or false'],
      [{ contents: [{ kind: 'course', id: UNKNOWN }] }, OFFERING_MESSAGES.contentMissing],
      [{ contents: [{ kind: 'video', id: courseId }] }, 'Content must be a course or a saved test'],
      [
        {
          contents: [
            { kind: 'course', id: courseId },
            { kind: 'course', id: courseId },
          ],
        },
        OFFERING_MESSAGES.contentTwice,
      ],
      [
        { contents: Array.from({ length: OFFERING_LIMITS.contents + 1 }, () => ({ kind: 'test', id: UNKNOWN })) },
        OFFERING_MESSAGES.tooManyContents,
      ],
    ];
    for (const [extra, message] of cases)
      refused(await send(admin, 'POST', '/api/admin/offerings', valid(extra)), message);
    const missing = await send(admin, 'POST', '/api/admin/offerings', { title: 'No program' });
    expect(missing.statusCode).toBe(400);
    expect((await t.db.select().from(offerings)).length).toBe(before);
  });
});

describe('admin: edit, publish, reorder, delete', () => {
  it('changes only the fields it names', async () => {
    const made = await create({ summary: 'Kept', duration: '10 weeks', priceMinor: 1000, units: 3 });
    const response = await send(admin, 'PUT', `/api/admin/offerings/${made.id}`, { priceMinor: null });
    expect(response.statusCode, response.body).toBe(200);
    const { offering, message } = response.json();
    expect(message).toBe(OFFERING_MESSAGES.updated);
    const { priceMinor, updatedAt: _now, ...rest } = offering;
    const { priceMinor: before, updatedAt: _was, ...restBefore } = made;
    expect(priceMinor).toBeNull();
    expect(before).toBe(1000);
    expect(rest).toEqual(restBefore);
    // An empty slug keeps the address; a new one is lower-cased.
    const kept = await send(admin, 'PUT', `/api/admin/offerings/${made.id}`, { slug: '' });
    expect(kept.json().offering.slug).toBe(made.slug);
    const renamed = await send(admin, 'PUT', `/api/admin/offerings/${made.id}`, { slug: 'New-Address' });
    expect(renamed.json().offering.slug).toBe('new-address');
    refused(await send(admin, 'PUT', `/api/admin/offerings/${made.id}`, { title: '' }), 'Title is required');
    expect((await send(admin, 'PUT', `/api/admin/offerings/${UNKNOWN}`, { title: 'x' })).statusCode).toBe(404);
    expect((await send(admin, 'PUT', '/api/admin/offerings/not-an-id', { title: 'x' })).statusCode).toBe(400);
  });

  it('publishes and unpublishes: only published offerings are public', async () => {
    const made = await create({ title: 'Hidden Gem Course' });
    expect((await send(null, 'GET', `/api/offerings/${made.slug}`)).statusCode).toBe(404);
    const published = await send(admin, 'PUT', `/api/admin/offerings/${made.id}`, { published: true });
    expect(published.json().message).toBe(OFFERING_MESSAGES.published);
    const list = await send(null, 'GET', '/api/offerings');
    expect(list.json().map((o: { slug: string }) => o.slug)).toContain(made.slug);
    expect(list.json()[0]).not.toHaveProperty('published');
    expect((await send(null, 'GET', `/api/offerings/${made.slug}`)).json().title).toBe('Hidden Gem Course');
    const hidden = await send(admin, 'PUT', `/api/admin/offerings/${made.id}`, { published: false });
    expect(hidden.json().message).toBe(OFFERING_MESSAGES.unpublished);
    expect((await send(null, 'GET', `/api/offerings/${made.slug}`)).statusCode).toBe(404);
    expect((await send(null, 'GET', '/api/offerings')).json().map((o: { slug: string }) => o.slug)).not.toContain(
      made.slug,
    );
  });

  it('reorders the whole catalogue, and refuses a list that does not name every offering once', async () => {
    const all = (await send(admin, 'GET', '/api/admin/offerings')).json() as Array<{ id: string }>;
    const reversed = all.map((o) => o.id).reverse();
    const response = await send(admin, 'PUT', '/api/admin/offerings/order', { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map((o: { id: string }) => o.id)).toEqual(reversed);
    const short = await send(admin, 'PUT', '/api/admin/offerings/order', { ids: reversed.slice(1) });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(OFFERING_MESSAGES.orderMismatch);
    refused(
      await send(admin, 'PUT', '/api/admin/offerings/order', { ids: [reversed[0], reversed[0]] }),
      OFFERING_MESSAGES.orderMismatch,
    );
  });

  it('deletes an offering and its image', async () => {
    const made = await create();
    const form = await multipartBody({}, [{ field: 'image', name: 'cover.png', type: 'image/png', bytes: pngBytes() }]);
    const upload = await call(t.app, admin, { method: 'PUT', url: `/api/admin/offerings/${made.id}/image`, ...form });
    const filename = upload.json().offering.imageUrl.split('/').pop();
    const deleted = await send(admin, 'DELETE', `/api/admin/offerings/${made.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(OFFERING_MESSAGES.deleted);
    expect(await t.db.select().from(attachments).where(eq(attachments.filename, filename))).toEqual([]);
    expect(await t.app.uploads.list()).not.toContain(filename);
    expect((await send(admin, 'DELETE', `/api/admin/offerings/${made.id}`)).statusCode).toBe(404);
  });
});

describe('images', () => {
  it('stores an uploaded image, serves it to everyone, replaces and removes it', async () => {
    const made = await create();
    const put = async (bytes: Buffer, name = 'cover.png', type = 'image/png') =>
      call(t.app, admin, {
        method: 'PUT',
        url: `/api/admin/offerings/${made.id}/image`,
        ...(await multipartBody({}, [{ field: 'image', name, type, bytes }])),
      });
    const first = await put(pngBytes());
    expect(first.statusCode, first.body).toBe(200);
    const url: string = first.json().offering.imageUrl;
    expect(url).toMatch(/^\/api\/offerings\/images\/[0-9a-f]{32}\.png$/);
    const served = await send(null, 'GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const second = await put(pngBytes(8, 8));
    const old = url.split('/').pop()!;
    expect(second.json().offering.imageUrl).not.toBe(url);
    expect((await send(null, 'GET', url)).statusCode).toBe(404);
    expect(await t.app.uploads.list()).not.toContain(old);
    const notImage = await put(Buffer.from('<svg onload="alert(1)"/>'), 'x.png');
    expect(notImage.statusCode).toBe(415);
    const removed = await send(admin, 'DELETE', `/api/admin/offerings/${made.id}/image`);
    expect(removed.json().offering.imageUrl).toBeNull();
    expect((await send(null, 'GET', second.json().offering.imageUrl)).statusCode).toBe(404);
    expect((await send(null, 'GET', '/api/offerings/images/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    const none = await call(t.app, admin, {
      method: 'PUT',
      url: `/api/admin/offerings/${made.id}/image`,
      ...(await multipartBody({ note: 'no file' })),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(OFFERING_MESSAGES.oneImage);
  });
});

describe('public reads', () => {
  it('lists published offerings in order, finds them by name or program, and shows one with what it grants', async () => {
    const mathcounts = await create({ title: 'MATHCOUNTS Sprint', program: 'mathcounts', published: true });
    const curriculum = await create({
      title: 'IB Math Benchmarks',
      program: 'curriculum',
      published: true,
      priceMinor: 45000,
      currency: 'CAD',
      description: '<p>$\\int_0^1 x\\,dx$</p>',
      contents: [
        { kind: 'test', id: testId },
        { kind: 'course', id: courseId },
      ],
    });
    const byName = (await send(null, 'GET', '/api/offerings?q=sprint')).json();
    expect(byName.map((o: { id: string }) => o.id)).toEqual([mathcounts.id]);
    const byProgram = (await send(null, 'GET', '/api/offerings?q=Curriculum')).json();
    expect(byProgram.map((o: { id: string }) => o.id)).toEqual([curriculum.id]);
    const filtered = (await send(null, 'GET', '/api/offerings?program=mathcounts')).json();
    expect(filtered.map((o: { id: string }) => o.id)).toEqual([mathcounts.id]);
    expect((await send(null, 'GET', '/api/offerings?q=%25')).json()).toEqual([]);
    refused(await send(null, 'GET', '/api/offerings?program=chess'), 'Choose a program');

    const detail = await send(null, 'GET', `/api/offerings/${curriculum.slug}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      title: 'IB Math Benchmarks',
      priceMinor: 45000,
      currency: 'CAD',
      description: '<p>$\\int_0^1 x\\,dx$</p>',
      contents: [
        { kind: 'test', title: 'SSAT Mock Test 1', questions: 1, units: [] },
        { kind: 'course', title: 'SSAT Quantitative', units: ['Unit 1', 'Unit 2'], questions: 0 },
      ],
    });
    expect((await send(null, 'GET', '/api/offerings/no-such-offering')).statusCode).toBe(404);
    expect((await send(null, 'GET', '/api/offerings/Bad%20Slug')).statusCode).toBe(400);
  });
});

describe('who may call', () => {
  it('refuses every admin route to visitors (401) and to every other role (403)', async () => {
    const made = await create();
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/api/admin/offerings'],
      ['GET', `/api/admin/offerings/${made.id}`],
      ['POST', '/api/admin/offerings', valid()],
      ['PUT', '/api/admin/offerings/order', { ids: [] }],
      ['PUT', `/api/admin/offerings/${made.id}`, { title: 'Taken over' }],
      ['DELETE', `/api/admin/offerings/${made.id}`],
      ['PUT', `/api/admin/offerings/${made.id}/image`, {}],
      ['DELETE', `/api/admin/offerings/${made.id}/image`],
    ];
    for (const [method, url, body] of routes) {
      expect((await send(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const role of ['student', 'parent', 'teacher', 'data-entry'] as const)
        expect((await send(cookies[role]!, method, url, body)).statusCode, `${method} ${url} ${role}`).toBe(403);
    }
    expect((await send(admin, 'GET', `/api/admin/offerings/${made.id}`)).json().title).toBe(made.title);
  });
});

/** Markup that could run: a script-like tag, an event handler inside a tag, a javascript: link. */
const UNSAFE = /<(script|iframe|svg|object|embed)\b|<[^>]*\son\w+\s*=|(href|src)="\s*javascript:/i;

describe('bad input corpora', () => {
  it('stores every naughty string as a title (trimmed) or refuses it with a message; searches never fail', async () => {
    let stored = 0;
    for (const s of naughtyStrings) {
      const response = await send(admin, 'POST', '/api/admin/offerings', valid({ title: s, slug: `n-${++counter}` }));
      if (response.statusCode === 201) {
        stored++;
        expect(response.json().offering.title, JSON.stringify(s)).toBe(s.trim());
      } else {
        expect(response.statusCode, JSON.stringify(s)).toBe(400);
        expect(response.json().message).toMatch(/^Title /);
      }
      const search = await send(
        null,
        'GET',
        `/api/offerings?q=${encodeURIComponent([...wellFormed(s)].slice(0, 100).join(''))}`,
      );
      expect(search.statusCode, JSON.stringify(s)).toBeLessThan(500);
      expect((await send(null, 'GET', `/api/offerings/${encodeURIComponent(wellFormed(s))}`)).statusCode).toBeLessThan(
        500,
      );
    }
    expect(stored).toBeGreaterThan(450);
  }, 120_000);

  it('sanitizes every XSS payload out of descriptions, keeping the math', async () => {
    const made = await create();
    const math = '<p>Area: $A = l \\times w$</p>';
    for (const { payload } of xssPayloads) {
      const response = await send(admin, 'PUT', `/api/admin/offerings/${made.id}`, { description: math + payload });
      expect(response.statusCode).toBe(200);
      const description: string = response.json().offering.description;
      expect(description.startsWith(math)).toBe(true);
      expect(description).not.toMatch(UNSAFE);
    }
  });
});
