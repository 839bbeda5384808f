import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { CheckableQuestion, CheckResult } from '../../common/answers';
import type { AcademySettings } from '../../common/schemas/desk';
import type { Database } from '../db/client';
import type { KeptSize } from '../lib/metrics';

/**
 * What the server keeps in memory between requests, and what empties it: the one home of both (docs/DESIGN-NOTES.md).
 *
 * - Rendered views: a route declares `config: { kept: { view, key } }`. Its first 200 answer for a key, the bytes its
 *   reply schema serialized, is kept with a gzip copy; later requests for the key get those bytes without the handler.
 *   A burst of requests for a key that is not kept renders it once.
 * - Memos: typed values a service keeps (`ctx.memos`), such as the reachable question a check needs.
 *
 * Each namespace names the channels that empty it. Statement-level triggers announce content and bank changes on commit
 * to every instance, so no write path can forget, and name what a change reaches (migration 0012: courses, students,
 * questions): a `scoped` namespace, whose keys are the ids its entries depend on, loses only the entries that name
 * them, and those of the students of a named course; the others are emptied whole. A staff edit of one course thus
 * leaves every other student's kept views alone. A writing route declares `config: { invalidates: [...] }`: before it
 * answers, its own instance waits until it has heard (and applied) the notices of its write, so a read right after a
 * write sees it. Attempts are announced by their writer, one student at a time.
 */

/** The database channel of each kind of change. */
export const CHANNELS = {
  /** Courses, units, sections, a section's questions, assignments, and a question's text or answer (migration 0002). */
  content: 'academy_content_changed',
  /** Questions, their tags, the tags' names and attachments (migration 0003). */
  bank: 'academy_bank_changed',
  /** Accounts, profiles, a teacher's students or a parent's children were added, changed or removed (0008, 0011). */
  users: 'academy_users_changed',
  /** Students' answer attempts were stored; the payload is `<instance> <studentId>...` (server/modules/student/attempts.ts). */
  attempts: 'academy_attempts_added',
  /** The academy's own details (name, contact, social links, currency) were changed (migration 0017). */
  academy: 'academy_settings_changed',
} as const;
/** A write's instance asks for this notice after its write: once heard, the write's own notices have been applied. */
const BARRIER_CHANNEL = 'academy_kept_barrier';
/** How long a write waits to hear its notices before emptying its channels whole (the listener may be reconnecting). */
const BARRIER_TIMEOUT_MS = 2_000;
export type Channel = keyof typeof CHANNELS;
/** What a writing route may declare: attempts are announced per student by their writer, which updates the memos. */
export type WriteChannel = Exclude<Channel, 'attempts'>;

const MB = 1024 * 1024;

/**
 * What empties a view or memo: its channels, and whether it is `scoped`: its keys name every student, course and
 * question its entries depend on, so a notice that names some empties only their entries (see `applyNotice`).
 */
interface Kept {
  clearedBy: readonly Channel[];
  maxBytes: number;
  scoped?: boolean;
}

/** Every rendered view, with the channels that empty it and the bytes it may hold. */
const VIEWS = {
  /** The staff catalogue of courses. */
  courses: { clearedBy: ['content'], maxBytes: 4 * MB },
  /** The units of a course, or of every course. */
  units: { clearedBy: ['content'], maxBytes: 8 * MB },
  /** The sections of a unit, with their lessons. */
  sections: { clearedBy: ['content'], maxBytes: 16 * MB },
  /** The admin and teacher section lists (no lessons), filtered or whole. */
  sectionSummaries: { clearedBy: ['content'], maxBytes: 16 * MB },
  /** A student's course view, by student and course. */
  studentCourse: { clearedBy: ['content'], maxBytes: 32 * MB, scoped: true },
  /** A student's My Courses list, by student. */
  studentCourses: { clearedBy: ['content'], maxBytes: 8 * MB, scoped: true },
  /**
   * A caller's questions batch, by caller and question ids: the questions' text and placement are content, their
   * tags and attachments the bank's; what a student may see of them changes with their courses.
   */
  questionBatch: { clearedBy: ['content', 'bank'], maxBytes: 16 * MB, scoped: true },
  /** A page of the question bank; "not yet in this section" depends on content. */
  questionPage: { clearedBy: ['content', 'bank'], maxBytes: 16 * MB },
  /**
   * A page of the student manager, by caller (admins share theirs), filter, page and minute (the "joined in the last
   * 30 days" card moves with the clock): assignments are content; names, grades, schools and a teacher's students
   * are announced with the accounts (migration 0011).
   */
  studentPage: { clearedBy: ['content', 'users'], maxBytes: 8 * MB },
  /** A page of the admin's users table, by filter and page: accounts, profiles and their links (migration 0011). */
  userPage: { clearedBy: ['users'], maxBytes: 8 * MB },
  /** The academy's public details, read by every page's footer and the contact page. */
  academy: { clearedBy: ['academy'], maxBytes: 64 * 1024 },
} as const satisfies Record<string, Kept>;
export type ViewName = keyof typeof VIEWS;

/**
 * A question as a check needs it, and the verdicts of the answers checked so far, by answer: the same answer to
 * the same question gets the same verdict, and a class answering one question gives a few answers between them.
 * The verdicts go with the question when it changes.
 */
export type KeptQuestion = CheckableQuestion & { verdicts: Map<string, CheckResult> };

/** A question as a check needs it, with the accessible section the student reaches it through. */
export type ReachableQuestion = KeptQuestion & { via: string | null };

/**
 * What a student's figures are computed from (server/modules/student/progress.ts): their stored checks, summed per
 * question. Only their own checks change it; the memo is counted on as they are taken.
 */
export interface StudentTotals {
  attempts: number;
  correctAttempts: number;
  /** By question id: [checks, the try that first got it right, or 0 while it is not solved]. */
  questions: Record<string, [number, number]>;
  /** The section of the latest check. */
  lastSectionId: string | null;
}

/** A section open to a student, with where it sits and its exercises in order. */
export interface OutlineSection {
  courseId: string;
  unitId: string;
  unitTitle: string;
  unitNumber: number;
  sectionId: string;
  title: string;
  sectionNumber: number;
  questionIds: string[];
}

/** A student's assigned courses and the sections open to them: only content and assignments change it. */
export interface StudentOutline {
  courses: Array<{ id: string; name: string; code: string }>;
  sections: OutlineSection[];
}

/** Every memo: its value type, the channels that empty it and the bytes it may hold. */
const MEMOS = {
  /** By student, question and preferred section (null: not reachable). */
  reachableQuestion: {
    clearedBy: ['content', 'bank'],
    maxBytes: 16 * MB,
    scoped: true,
    value: null as ReachableQuestion | null,
  },
  /**
   * By question, shared by every student: what a check needs (type, answer, options). After an edit each question
   * is read once, not once per student who checks it.
   */
  checkableQuestion: {
    clearedBy: ['content', 'bank'],
    maxBytes: 16 * MB,
    scoped: true,
    value: null as KeptQuestion | null,
  },
  /** The bank's count of a filter, by filter. */
  bankCount: { clearedBy: ['content', 'bank'], maxBytes: 2 * MB, value: 0 as number },
  /** The ids of the bank's questions that match a filter, by filter: what the test generator's random draw samples. */
  bankIds: { clearedBy: ['bank'], maxBytes: 32 * MB, value: [] as string[] },
  /**
   * By student: counted on by this instance's own checks (recordAttempt), and a student's entry evicted when another
   * instance stores attempts of theirs; deleting a question or a section changes their stored attempts, which is
   * announced as content naming the students.
   */
  studentTotals: { clearedBy: ['content', 'attempts'], maxBytes: 16 * MB, scoped: true, value: {} as StudentTotals },
  /** By student: their courses and open sections with their exercises. */
  studentOutline: { clearedBy: ['content'], maxBytes: 16 * MB, scoped: true, value: {} as StudentOutline },
  /**
   * By student: whether any test was ever assigned to them, so the dashboard's figures of a student without tests
   * cost no statement; assigning a test is announced as content naming the student.
   */
  studentHasTests: { clearedBy: ['content'], maxBytes: 1 * MB, scoped: true, value: false as boolean },
  /**
   * By student: the questions on the papers of their sittings not yet submitted, which they may not check, read the
   * solution of or fetch as practice meanwhile; a sitting started or submitted is announced as content naming them.
   */
  openTestQuestions: { clearedBy: ['content'], maxBytes: 4 * MB, scoped: true, value: [] as string[] },
  /** The users table's counts: the stat cards (key '') and each filter's total, by filter. */
  userCounts: { clearedBy: ['users'], maxBytes: 1 * MB, value: {} as Record<string, number> },
  /** The academy's details (key ''): the mail the desk sends and the pages the server hands out carry them. */
  academy: { clearedBy: ['academy'], maxBytes: 64 * 1024, value: {} as AcademySettings },
} as const satisfies Record<string, Kept & { value: unknown }>;
type MemoName = keyof typeof MEMOS;
export type Memos = { readonly [M in MemoName]: Memo<(typeof MEMOS)[M]['value']> };

/** The parts of a kept view's key: the view's name is its namespace, so two views never share a key. */
export type KeyParts = ReadonlyArray<string | number | boolean | null | undefined>;
/** The request as a key function sees it: after validation, so params, query and body have their schema's shape. */
export type KeyRequest = FastifyRequest<{
  Params: Record<string, string>;
  Querystring: Record<string, unknown>;
  Body: unknown;
}>;
export interface KeptRoute {
  view: ViewName;
  key: (request: KeyRequest) => KeyParts;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is a kept view: the key picks it within the view's namespace. */
    kept?: KeptRoute;
    /** The database changes this route makes: its own instance empties what they change before answering. */
    invalidates?: readonly WriteChannel[];
  }
  interface FastifyInstance {
    /** Every route with a kept view and its reply schema: a test renders each and checks it against its schema. */
    keptRoutes: Array<{ method: string; url: string; view: ViewName; schema: unknown }>;
    /** What every view and memo holds now, for the metrics. */
    keptSizes(): KeptSize[];
  }
}

/** Entries by key, bounded in bytes (oldest dropped first); `generation` tells a value computed across a clear. */
class Bounded<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;
  generation = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  bytesOf(key: string): number {
    return this.entries.get(key)?.bytes ?? 0;
  }

  set(key: string, value: V, bytes: number, generationAtStart: number): void {
    if (generationAtStart !== this.generation) return;
    // The key's old value goes even when the new one is too big to keep: it would be served stale.
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.bytes;
    }
  }

  delete(key: string): void {
    const previous = this.entries.get(key);
    if (!previous) return;
    this.entries.delete(key);
    this.bytes -= previous.bytes;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Drops every entry whose key `names` says is reached by a change. */
  evictWhere(names: (key: string) => boolean): void {
    for (const key of this.entries.keys()) if (names(key)) this.delete(key);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

const gzipAsync = promisify(gzip);
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** A JSON answer rendered once: its bytes, and a gzip copy for the browsers that accept one (they all do). */
export interface RenderedView {
  body: Buffer;
  gzip: Buffer | null;
}

/** A render under way: requests that arrive meanwhile wait for it (null: it failed, they run their own handler). */
interface Render {
  done: Promise<RenderedView | null>;
  finish(view: RenderedView | null): void;
}

/** Rendered answers of one view, bounded by their measured bytes (the JSON and its gzip copy). */
export class RenderedViews {
  private readonly store: Bounded<RenderedView>;
  private readonly rendering = new Map<string, Render>();

  constructor(maxBytes: number) {
    this.store = new Bounded(maxBytes);
  }

  get(key: string): RenderedView | undefined {
    return this.store.get(key);
  }

  /** The render under way for `key`, if any. */
  pending(key: string): Promise<RenderedView | null> | undefined {
    return this.rendering.get(key)?.done;
  }

  /** Starts rendering `key`: call `keep` with the serialized answer, or `fail` when there is none to keep. */
  start(key: string): { keep(json: string): Promise<RenderedView>; fail(): void } {
    const generation = this.store.generation;
    let finish: (view: RenderedView | null) => void = () => {};
    const render: Render = { done: new Promise((resolve) => (finish = resolve)), finish: (view) => finish(view) };
    this.rendering.set(key, render);
    const settle = (view: RenderedView | null) => {
      if (this.rendering.get(key) === render) this.rendering.delete(key);
      render.finish(view);
    };
    return {
      keep: async (json) => {
        const body = Buffer.from(json);
        // Compressed off the main thread (zlib's pool): a large list must not stall other requests.
        const view = { body, gzip: body.length >= COMPRESS_FROM_BYTES ? await gzipAsync(body) : null };
        // Not kept when a change reached the key while it rendered (evictWhere or clear dropped the render).
        if (this.rendering.get(key) === render)
          this.store.set(key, view, Buffer.byteLength(key) + body.length + (view.gzip?.length ?? 0), generation);
        settle(view);
        return view;
      },
      fail: () => settle(null),
    };
  }

  clear(): void {
    this.store.clear();
    // Requests from now on render afresh; those already waiting get the render they waited for.
    this.rendering.clear();
  }

  /** Drops the views, kept or rendering, whose key `names` says is reached by a change. */
  evictWhere(names: (key: string) => boolean): void {
    this.store.evictWhere(names);
    for (const key of [...this.rendering.keys()]) if (names(key)) this.rendering.delete(key);
  }

  get size() {
    return this.store.size;
  }
}

/**
 * Typed values kept by key, each measured by the bytes of its key and its JSON. A load in flight is shared by the
 * requests that need it meanwhile, and is not kept when the key changed while it ran (`update`, `evict`, `clear`).
 */
export class Memo<V> {
  private readonly store: Bounded<V>;
  private readonly loading = new Map<string, Promise<V>>();

  constructor(maxBytes: number) {
    this.store = new Bounded(maxBytes);
  }

  get(key: string): V | undefined {
    return this.store.get(key);
  }

  /** The kept value of `key`, or `load()`'s, kept when `keep` allows it. */
  remember(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const kept = this.store.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const running = this.loading.get(key);
    if (running) return running;
    const generation = this.store.generation;
    const loaded: Promise<V> = load()
      .then((value) => {
        if (this.loading.get(key) === loaded && keep(value))
          this.store.set(key, value, measure(key, value), generation);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  /**
   * Changes a kept value in place (nothing when none is kept); a load under way is not kept. `growth`, told the value
   * before the change, bounds the bytes the change adds, for a value changed often: measuring it again would cost a
   * pass over all of it on every change.
   */
  update(key: string, change: (value: V) => V, growth?: (before: V) => number): void {
    this.loading.delete(key);
    const kept = this.store.get(key);
    if (kept !== undefined) {
      const bytes = growth ? this.store.bytesOf(key) + growth(kept) : undefined;
      const value = change(kept);
      this.store.set(key, value, bytes ?? measure(key, value), this.store.generation);
    }
  }

  evict(key: string): void {
    this.loading.delete(key);
    this.store.delete(key);
  }

  clear(): void {
    this.loading.clear();
    this.store.clear();
  }

  /** Drops the values, kept or loading, whose key `names` says is reached by a change. */
  evictWhere(names: (key: string) => boolean): void {
    this.store.evictWhere(names);
    for (const key of [...this.loading.keys()]) if (names(key)) this.loading.delete(key);
  }

  get size() {
    return this.store.size;
  }
}

function measure(key: string, value: unknown): number {
  return Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(value) ?? '');
}

/** Whether an Accept-Encoding header allows gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Browsers send a handful of Accept-Encoding values: each is read once. Bounded, as the header is the client's. */
const gzipByHeader = new Map<string, boolean>();
function headerAcceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  let accepts = gzipByHeader.get(header);
  if (accepts === undefined) {
    accepts = acceptsGzip(header);
    if (gzipByHeader.size < 64) gzipByHeader.set(header, accepts);
  }
  return accepts;
}

/** The bytes to send of a rendered view: gzip to clients that accept it. */
function chooseEncoding(request: FastifyRequest, reply: FastifyReply, view: RenderedView): Buffer {
  reply.header('vary', 'accept-encoding');
  if (view.gzip && headerAcceptsGzip(request.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return view.gzip;
  }
  return view.body;
}

/**
 * Sends JSON text that the database wrote as the reply (a list too long to map and serialize row by row): the reply
 * schema's serializer does not run on text, so the kept-routes test checks such text against the schema instead.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

const renderOf = new WeakMap<FastifyRequest, ReturnType<RenderedViews['start']>>();

/**
 * The hooks of a kept route. They take callbacks rather than returning promises: a kept answer is the busiest path of
 * the academy, and each async hook costs a promise and a turn of the microtask queue on every request of the route.
 */
function keptHooks(
  views: RenderedViews,
  route: KeptRoute,
): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler; onResponse: onResponseHookHandler } {
  const keyOf = (request: FastifyRequest) => JSON.stringify(route.key(request as KeyRequest));
  // A hook that answers early calls reply.send and not done.
  const send = (request: FastifyRequest, reply: FastifyReply, view: RenderedView) =>
    void reply.header('content-type', 'application/json; charset=utf-8').send(chooseEncoding(request, reply, view));
  return {
    preHandler(request, reply, done) {
      const key = keyOf(request);
      const kept = views.get(key);
      if (kept) return send(request, reply, kept);
      const pending = views.pending(key);
      if (!pending) {
        // Nobody renders this key: this request's own answer becomes the kept view.
        renderOf.set(request, views.start(key));
        return done();
      }
      // The render failed: this request runs its own handler.
      void pending.then((rendered) => (rendered ? send(request, reply, rendered) : done()));
    },
    onSend(request, reply, payload, done) {
      const render = renderOf.get(request);
      if (!render) return done(null, payload);
      renderOf.delete(request);
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        render.fail();
        return done(null, payload);
      }
      render.keep(payload).then(
        (view) => done(null, chooseEncoding(request, reply, view)),
        (error: Error) => done(error),
      );
    },
    // An answer that never reached onSend (the client went away) must not leave others waiting.
    onResponse(request, _reply, done) {
      const render = renderOf.get(request);
      if (render) {
        render.fail();
        renderOf.delete(request);
      }
      done();
    },
  };
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** What a notice of the content or bank channel names (migration 0012); `everything` when it names nothing we read. */
export type Notice =
  { everything: true } | { everything: false; courses: string[]; students: string[]; questions: string[] };

const NAME = /^([csq]):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Reads a notice's payload: names joined by spaces, or anything else (`*`, a table's name) for everything. */
export function readNotice(payload: string): Notice {
  const notice = {
    everything: false as const,
    courses: [] as string[],
    students: [] as string[],
    questions: [] as string[],
  };
  for (const part of payload.split(' ')) {
    const match = NAME.exec(part);
    if (!match) return { everything: true };
    (match[1] === 'c' ? notice.courses : match[1] === 's' ? notice.students : notice.questions).push(match[2]);
  }
  return notice;
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Whether a scoped key names one of `ids`: the keys of scoped views and memos are made of ids (a view's as JSON). */
const namesAny = (ids: ReadonlySet<string>) => (key: string) => (key.match(UUIDS) ?? []).some((id) => ids.has(id));

/** Where the plugin reads and writes: its channels, the barrier's notice, and the students a course change reaches. */
export interface KeptDatabase extends Pick<Database, 'listen'> {
  /** Sends a notice on a channel (a statement of its own, after the write's transaction). */
  notify(channel: string, payload: string): Promise<void>;
  /** The students assigned to any of these courses, or to a unit or section of one. */
  studentsOf(courseIds: string[]): Promise<string[]>;
}

/**
 * Sets up every view and memo, the hooks of the routes that declare `kept` or `invalidates`, and the LISTEN of every
 * channel. `instance` names this server on the attempts channel and in its barrier notices.
 */
export async function registerKept(app: FastifyInstance, database: KeptDatabase, instance: string): Promise<Memos> {
  const views = Object.fromEntries(
    Object.entries(VIEWS).map(([name, spec]) => [name, new RenderedViews(spec.maxBytes)]),
  ) as Record<ViewName, RenderedViews>;
  const memos = Object.fromEntries(
    Object.entries(MEMOS).map(([name, spec]) => [name, new Memo(spec.maxBytes)]),
  ) as unknown as Memos;
  const all: Array<{ spec: Kept; kept: RenderedViews | Memo<unknown> }> = [
    ...(Object.keys(VIEWS) as ViewName[]).map((name) => ({ spec: VIEWS[name] as Kept, kept: views[name] })),
    ...(Object.keys(MEMOS) as MemoName[]).map((name) => ({
      spec: MEMOS[name] as Kept,
      kept: memos[name] as Memo<unknown>,
    })),
  ];
  const clearedBy = (channel: Channel) => all.filter(({ spec }) => spec.clearedBy.includes(channel));
  const clear = (channel: Channel) => {
    for (const { kept } of clearedBy(channel)) kept.clear();
  };

  /** Empties what a notice reaches: the entries of scoped namespaces that name it or a student of a named course, and every other namespace of the channel whole. */
  async function applyNotice(channel: Channel, notice: Notice): Promise<void> {
    if (notice.everything) return clear(channel);
    const students = notice.courses.length ? await database.studentsOf(notice.courses) : [];
    const named = namesAny(new Set([...notice.courses, ...notice.students, ...notice.questions, ...students]));
    for (const { spec, kept } of clearedBy(channel)) {
      if (spec.scoped) kept.evictWhere(named);
      else kept.clear();
    }
  }

  // Notices are applied one after another, in the order they came, so that a barrier's turn means every notice before
  // it has been applied.
  let applying: Promise<void> = Promise.resolve();
  const inTurn = (work: () => Promise<void> | void) => {
    applying = applying.then(work).catch((error: unknown) => {
      // The names could not be resolved (the database went away): empty everything the notice's channel reaches.
      app.log.warn({ err: error }, 'kept: a change notice could not be applied by name; emptied its channels whole');
      clear('content');
      clear('bank');
    });
  };
  for (const channel of ['content', 'bank'] as const)
    await database.listen(CHANNELS[channel], (payload) => inTurn(() => applyNotice(channel, readNotice(payload))));
  // '*' means the notifications were interrupted: anything may have changed.
  await database.listen(CHANNELS.users, () => inTurn(() => clear('users')));
  await database.listen(CHANNELS.academy, () => inTurn(() => clear('academy')));
  await database.listen(CHANNELS.attempts, (payload) => {
    if (payload === '*') return clear('attempts');
    const [origin, ...studentIds] = payload.split(' ');
    // This instance counted its own attempts when it took them.
    if (origin === instance) return;
    for (const { kept } of clearedBy('attempts'))
      if (kept instanceof Memo) for (const studentId of studentIds) kept.evict(studentId);
  });

  // A write's barrier: its notice comes after the write's own (the database delivers notices in commit order), so by
  // its turn they have been applied.
  const barriers = new Map<string, () => void>();
  let barrierCount = 0;
  await database.listen(BARRIER_CHANNEL, (payload) => inTurn(() => barriers.get(payload)?.()));
  /** Resolves once this instance has applied the notices of the writes it made before; empties `channels` whole when that takes too long. */
  async function heardOwnWrites(channels: readonly WriteChannel[]): Promise<void> {
    const token = `${instance} ${++barrierCount}`;
    const heard = new Promise<boolean>((resolve) => {
      barriers.set(token, () => resolve(true));
      setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS).unref();
    });
    try {
      await database.notify(BARRIER_CHANNEL, token);
      if (await heard) return;
    } catch (error) {
      app.log.warn({ err: error }, 'kept: a write could not wait for its notices');
    } finally {
      barriers.delete(token);
    }
    for (const channel of channels) clear(channel);
  }

  app.decorate('keptRoutes', []);
  app.decorate('keptSizes', () => [
    ...(Object.keys(VIEWS) as ViewName[]).map((name): KeptSize => ({
      kind: 'view',
      name,
      ...views[name].size,
      maxBytes: VIEWS[name].maxBytes,
    })),
    ...(Object.keys(MEMOS) as MemoName[]).map((name): KeptSize => ({
      kind: 'memo',
      name,
      ...memos[name].size,
      maxBytes: MEMOS[name].maxBytes,
    })),
  ]);
  app.addHook('onRoute', (route) => {
    const kept = route.config?.kept;
    if (kept) {
      const hooks = keptHooks(views[kept.view], kept);
      route.preHandler = [...asList(route.preHandler), hooks.preHandler];
      route.onSend = [...asList(route.onSend), hooks.onSend];
      route.onResponse = [...asList(route.onResponse), hooks.onResponse];
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          app.keptRoutes.push({
            method,
            url: route.url,
            view: kept.view,
            schema: (route.schema?.response as Record<number, unknown> | undefined)?.[200],
          });
      }
    }
    const channels = route.config?.invalidates;
    if (channels?.length) {
      // The triggers' notices reach this instance a moment after the write commits: the answer waits for them.
      const awaitOwnNotices: onSendHookHandler = async (_request, reply, payload) => {
        if (reply.statusCode < 400) await heardOwnWrites(channels);
        return payload;
      };
      route.onSend = [...asList(route.onSend), awaitOwnNotices];
    }
  });
  return memos;
}
