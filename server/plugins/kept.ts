import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { type Channel, CHANNELS } from '../db/changes';
import type { Database } from '../db/client';
import type { KeptRoute, KeptView, MemosOf, SomeKeptMemo } from '../lib/kept/declare';
import { chooseEncoding } from '../lib/kept/reply';
import { keyText, Memo, type RenderedView, RenderedViews, type Scope } from '../lib/kept/stores';
import type { KeptSize } from '../lib/metrics';

/**
 * Keeps answers and values in memory between requests, and empties them when the database announces a change that
 * reaches them (docs/DESIGN-NOTES.md). The modules declare what they keep (`server/lib/kept/declare.ts`); this plugin
 * knows none of it beyond those declarations.
 *
 * - Rendered views: a route declares `config: { kept: { view, key } }`. Its first 200 answer for a key, the bytes its
 *   reply schema serialized, is kept with a gzip copy; later requests for the key get those bytes without the handler.
 *   A burst of requests for a key that is not kept renders it once.
 * - Memos: typed values a service keeps (`ctx.memos`), such as the reachable question a check needs.
 *
 * Each names the channels that empty it. Statement-level triggers announce content and bank changes on commit to
 * every instance, so no write path can forget, and name what a change reaches (migration 0012: courses, students,
 * questions): a `scoped` view or memo, whose keys are `Scope`s, loses only the entries whose scope is named, and
 * those of the students of a named course; the others are emptied whole. A staff edit of one course thus leaves every
 * other student's kept views alone. A writing route declares `config: { invalidates: [...] }`: before it answers, its
 * own instance waits until it has heard (and applied) the notices of its write, so a read right after a write sees
 * it. Attempts are announced by their writer, one student at a time.
 */

/** A write's instance asks for this notice after its write: once heard, the write's own notices have been applied. */
const BARRIER_CHANNEL = 'academy_kept_barrier';
/** How long a write waits to hear its notices before emptying its channels whole (the listener may be reconnecting). */
const BARRIER_TIMEOUT_MS = 2_000;
/** What a writing route may declare: attempts are announced per student by their writer, which updates the memos. */
export type WriteChannel = Exclude<Channel, 'attempts'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is a kept view: the key picks it within the view. */
    kept?: KeptRoute;
    /** The database changes this route makes: its own instance empties what they change before answering. */
    invalidates?: readonly WriteChannel[];
  }
  interface FastifyInstance {
    /** Every route with a kept view and its reply schema: a test renders each and checks it against its schema. */
    keptRoutes: Array<{ method: string; url: string; view: string; schema: unknown }>;
    /** What every view and memo holds now, for the metrics. */
    keptSizes(): KeptSize[];
    /**
     * Resolves once this instance has applied the notices of the writes committed before the call: for a write made
     * outside a route (a test's own rows), whose notices reach this instance a moment later on PostgreSQL.
     */
    heardWrites(): Promise<void>;
  }
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
  const keyOf = (request: FastifyRequest) => route.key(request as Parameters<KeptRoute['key']>[0]);
  // A hook that answers early calls reply.send and not done.
  const send = (request: FastifyRequest, reply: FastifyReply, view: RenderedView) =>
    void reply.header('content-type', 'application/json; charset=utf-8').send(chooseEncoding(request, reply, view));
  return {
    preHandler(request, reply, done) {
      const key = keyOf(request);
      const text = keyText(key);
      const kept = views.get(text);
      if (kept) return send(request, reply, kept);
      const pending = views.pending(text);
      if (!pending) {
        // Nobody renders this key: this request's own answer becomes the kept view.
        renderOf.set(request, views.start(key, text));
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

/** The names of a notice, with the students of its courses: what they reach of a scoped view or memo. */
interface Named {
  courses: ReadonlySet<string>;
  students: ReadonlySet<string>;
  questions: ReadonlySet<string>;
}

/** Whether a change that names `named` reaches an entry of this scope. */
const reaches = (named: Named) => (scope: Scope) =>
  (scope.student !== undefined && named.students.has(scope.student)) ||
  (scope.course !== undefined && named.courses.has(scope.course)) ||
  (scope.question !== undefined && named.questions.has(scope.question)) ||
  (scope.questions?.some((id) => named.questions.has(id)) ?? false);

/** Where the plugin reads and writes: its channels, the barrier's notice, and the students a course change reaches. */
export interface KeptDatabase extends Pick<Database, 'listen'> {
  /** Sends a notice on a channel (a statement of its own, after the write's transaction). */
  notify(channel: string, payload: string): Promise<void>;
  /** The students assigned to any of these courses, or to a unit or section of one. */
  studentsOf(courseIds: string[]): Promise<string[]>;
}

/** A view or memo with its store. */
interface Kept {
  spec: { clearedBy: readonly Channel[]; clearedWholeBy?: readonly Channel[]; scoped: boolean; maxBytes: number };
  kind: 'view' | 'memo';
  name: string;
  store: RenderedViews | Memo<unknown, never>;
}

/**
 * Makes a store of every memo declared (what services find in `ctx.memos`) and of every view a route names, the hooks
 * of the routes that declare `kept` or `invalidates`, and the LISTEN of every channel. `instance` names this server on
 * the attempts channel and in its barrier notices.
 */
export async function registerKept<D extends Record<string, SomeKeptMemo>>(
  app: FastifyInstance,
  database: KeptDatabase,
  instance: string,
  memoSpecs: D,
): Promise<MemosOf<D>> {
  const memos = Object.fromEntries(
    Object.entries(memoSpecs).map(([name, spec]) => [name, spec.create()]),
  ) as MemosOf<D>;
  const all: Kept[] = Object.entries(memoSpecs).map(([name, spec]) => ({
    spec,
    kind: 'memo',
    name,
    store: memos[name] as unknown as Memo<unknown, never>,
  }));
  /** Each view's store, made when the first route that names it is added. */
  const views = new Map<KeptView, RenderedViews>();
  const storeOf = (view: KeptView): RenderedViews => {
    let store = views.get(view);
    if (!store) {
      if (all.some((kept) => kept.kind === 'view' && kept.name === view.name))
        throw new Error(`Two kept views are named ${view.name}`);
      store = new RenderedViews(view.maxBytes);
      views.set(view, store);
      all.push({ spec: view, kind: 'view', name: view.name, store });
    }
    return store;
  };

  const clearedBy = (channel: Channel) => all.filter(({ spec }) => spec.clearedBy.includes(channel));
  const clear = (channel: Channel) => {
    for (const { store } of clearedBy(channel)) store.clear();
  };

  /** Empties what a notice reaches: the entries of scoped views and memos it names (or a student of a named course), and every other one of the channel whole. */
  async function applyNotice(channel: Channel, notice: Notice): Promise<void> {
    if (notice.everything) return clear(channel);
    const students = notice.courses.length ? await database.studentsOf(notice.courses) : [];
    const reached = reaches({
      courses: new Set(notice.courses),
      students: new Set([...notice.students, ...students]),
      questions: new Set(notice.questions),
    });
    for (const { spec, store } of clearedBy(channel)) {
      if (spec.scoped && !spec.clearedWholeBy?.includes(channel)) store.evictWhere(reached);
      else store.clear();
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
  // Any change of accounts or of the academy's details, and '*' (the notifications were interrupted: anything may have
  // changed): what they reach is emptied whole.
  for (const channel of ['users', 'academy'] as const)
    await database.listen(CHANNELS[channel], () => inTurn(() => clear(channel)));
  await database.listen(CHANNELS.attempts, (payload) => {
    if (payload === '*') return clear('attempts');
    const [origin, ...studentIds] = payload.split(' ');
    // This instance counted its own attempts when it took them.
    if (origin === instance) return;
    // A memo that attempts empty is keyed `{ student }`: each named student's entry goes, and nobody else's.
    for (const { store } of clearedBy('attempts'))
      if (store instanceof Memo) for (const studentId of studentIds) store.evict({ student: studentId } as never);
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

  app.decorate('heardWrites', () => heardOwnWrites(['content', 'bank', 'users', 'catalogue', 'academy']));
  app.decorate('keptRoutes', []);
  app.decorate('keptSizes', () =>
    (['view', 'memo'] as const).flatMap((listed) =>
      all
        .filter(({ kind }) => kind === listed)
        .map(({ kind, name, spec, store }): KeptSize => ({ kind, name, ...store.size, maxBytes: spec.maxBytes })),
    ),
  );
  app.addHook('onRoute', (route) => {
    const kept = route.config?.kept;
    if (kept) {
      const hooks = keptHooks(storeOf(kept.view), kept);
      route.preHandler = [...asList(route.preHandler), hooks.preHandler];
      route.onSend = [...asList(route.onSend), hooks.onSend];
      route.onResponse = [...asList(route.onResponse), hooks.onResponse];
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          app.keptRoutes.push({
            method,
            url: route.url,
            view: kept.view.name,
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
