/**
 * The free room on the disk of the data directory, watched while the academy writes there (the embedded database,
 * uploads kept on disk). Below the reserve every request that writes is refused with DISK_FULL before it reaches
 * the database: the embedded database never meets a full disk in the middle of a write, and everything already
 * stored stays readable. Signing in and out stay open, so that people can still read.
 */
import fsp from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DiskFull } from '../lib/errors';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALWAYS_OPEN = new Set(['/api/auth/login', '/api/auth/logout']);
/** How often the room is looked at: a statfs, a few microseconds. */
export const DISK_CHECK_MS = 2_000;

export class DiskGuard {
  /** Whether the room left is under the reserve, as of the last look. */
  full = false;
  freeBytes = Number.POSITIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dir: string,
    private readonly reserveBytes: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async check(): Promise<boolean> {
    const room = await fsp.statfs(this.dir);
    this.freeBytes = room.bavail * room.bsize;
    const full = this.freeBytes < this.reserveBytes;
    if (full && !this.full)
      this.log.error(
        { freeBytes: this.freeBytes, reserveBytes: this.reserveBytes, dir: this.dir },
        'the disk is full: every write is refused until there is room again',
      );
    else if (!full && this.full) this.log.warn({ freeBytes: this.freeBytes }, 'the disk has room again: writes resume');
    this.full = full;
    return full;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.check().catch((error: unknown) => this.log.warn({ err: error }, 'the disk room could not be read'));
    }, DISK_CHECK_MS).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/** Watches `dir` from now on and refuses writes while its disk has less than `reserveBytes` free. */
export async function registerDiskGuard(app: FastifyInstance, dir: string, reserveBytes: number): Promise<DiskGuard> {
  const guard = new DiskGuard(dir, reserveBytes, app.log);
  await fsp.mkdir(dir, { recursive: true });
  await guard.check();
  guard.start();
  app.addHook('onClose', () => guard.stop());
  app.addHook('onRequest', async (request) => {
    if (guard.full && !READS.has(request.method) && !ALWAYS_OPEN.has(request.url.split('?')[0])) throw DiskFull();
  });
  return guard;
}
