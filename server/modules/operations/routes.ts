/**
 * What a load balancer and an operator ask of an instance: is it alive, may it take traffic. Both are public and
 * tell nothing about the academy's content. And the backup of an academy on the embedded database, which only its
 * own process can take while it runs: public to the access rules, it answers 404 to anyone without the secret.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { CONNECT_TIMEOUT_MS, migrationsApplied, type Database } from '../../db/client';
import { backupArchive } from '../../lib/backup';

export interface BackupOffer {
  database: Database;
  /** The secret `npm run backup` reads from DATA_DIR (lib/backup.ts, `writeBackupAccess`). */
  token: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route answer to overload; one that returns nothing lets the request through. */
    pressureHandler?: () => void;
  }
}

const check = z.enum(['ok', 'failed']);
const readyReply = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: check,
  migrations: check,
  storage: check,
});
type ReadyReply = z.infer<typeof readyReply>;
/** How long a readiness verdict answers every caller: the storage's, which writes a file to the bucket. */
export const READY_VERDICT_CACHE_MS = 5000;
/**
 * The database's is asked again sooner: two cheap statements, and a load balancer must see an outage (and the
 * return) within a second or so, not a verdict taken before it.
 */
export const READY_DATABASE_CACHE_MS = 1000;
/** Under overload /ready answers as every route does (errors.ts). */
const overloaded = z.object({ message: z.string(), code: z.string() });

/**
 * Each check on its own, so one slow or broken part does not hide the others, within its time: the database's a
 * second (a database that does not answer must not hold the answer), the bucket's a few, as a write there may take
 * them.
 */
async function probe(work: () => Promise<unknown>, withinMs: number): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), withinMs);
  });
  try {
    await Promise.race([work(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** `check`'s answer, shared by every caller for `periodMs` from when it was asked (and by those asking meanwhile). */
function sharedFor<T>(periodMs: number, now: () => number, check: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | null = null;
  return () => {
    const at = now();
    if (!last || at - last.at >= periodMs || at < last.at) last = { at, answer: check() };
    return last.answer;
  };
}

/** A connection from this machine: from a loopback address, or from the very address it reached. */
function fromThisMachine(request: FastifyRequest): boolean {
  // The peer itself, never a forwarded address: a proxy must not be able to vouch for anyone.
  const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const local = (request.socket.localAddress ?? '').replace(/^::ffff:/, '');
  return peer === '::1' || (isIP(peer) === 4 && peer.startsWith('127.')) || (peer !== '' && peer === local);
}

function holdsToken(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function operationsRoutes(ctx: AppContext, backups?: BackupOffer) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Alive means the process answers: it stays 200 under pressure, when /ready already turns traffic away.
    r.get('/health', { config: { access: 'public', pressureHandler: () => undefined } }, async () => ({
      status: 'ok',
    }));

    const now = () => ctx.now().getTime();
    const databaseChecks = sharedFor(READY_DATABASE_CACHE_MS, now, () =>
      Promise.all([
        probe(() => ctx.db.execute(sql`select 1`), CONNECT_TIMEOUT_MS),
        probe(async () => {
          if (!(await migrationsApplied(ctx.db))) throw new Error('behind');
        }, CONNECT_TIMEOUT_MS),
      ]),
    );
    // Anyone may ask, and each check writes a file to the bucket: one check serves every caller for a few
    // seconds (those asking while it runs wait for it), so a flood of asks costs at most one write per period.
    const storageCheck = sharedFor(READY_VERDICT_CACHE_MS, now, () => probe(() => ctx.uploads.driver.probe(), 5000));
    r.get(
      '/ready',
      {
        config: { access: 'public' },
        schema: { response: { 200: readyReply, 503: z.union([readyReply, overloaded]) } },
      },
      async (_req, reply) => {
        const [[database, migrations], storage] = await Promise.all([databaseChecks(), storageCheck()]);
        const ready = database === 'ok' && migrations === 'ok' && storage === 'ok';
        const answer: ReadyReply = { status: ready ? 'ready' : 'unavailable', database, migrations, storage };
        return reply.code(ready ? 200 : 503).send(answer);
      },
    );

    // The backup file as a stream (a tar, lib/backup.ts), taken between two statements of the running server.
    r.get('/backup', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      // Refused exactly as a route that does not exist.
      if (!backups || !fromThisMachine(request) || !holdsToken(request, backups.token)) return reply.callNotFound();
      const archive = Readable.from(backupArchive(backups.database, ctx.uploads, ctx.now()));
      archive.on('error', (error) => request.log.error({ err: error }, 'the backup failed half-way'));
      request.log.info('backup requested');
      return reply.header('content-type', 'application/x-tar').header('cache-control', 'no-store').send(archive);
    });
  };
}
