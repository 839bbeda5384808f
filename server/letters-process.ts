import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How much lower the letters' process runs than the server (a `nice` increment). While both want the same core the
 * kernel shares it by weight, about three parts to the server for one to the letters at 5: enough for their 20 a
 * second (some 8 ms of processor each), and the students' answers keep the rest. At 10 the letters got a tenth and
 * fell to 8 a second behind a busy server, over the 5 minutes a run of 5,000 may take.
 */
export const LETTERS_NICENESS = 5;
/** The wait before a letters' process that stopped unasked is started again. */
export const LETTERS_RESTART_MS = 5_000;
/** How long a stopping letters' process may finish the letter in hand before it is killed. */
const STOP_GRACE_MS = 10_000;

export interface LettersProcess {
  /** The running process's id, if one runs. */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Builds and sends the parents' letters in a process of its own, on PostgreSQL: drawing a chart and composing a mail
 * took the server's event loop and processor from the students' answers for as long as a run of letters lasted. The
 * process is the academy's own server code (server/letters-worker.ts) with its own connections, started at a lower
 * priority, and started again if it stops; the server keeps only the ticks it asks for.
 */
export function startLettersProcess(log: FastifyBaseLogger): LettersProcess {
  const entry = fileURLToPath(new URL('./letters-worker.ts', import.meta.url));
  const node = [process.execPath, ...process.execArgv, entry];
  // Lowered from its first instruction, every thread of it: `nice` where the system has it.
  const [command, ...args] = process.platform === 'win32' ? node : ['nice', '-n', String(LETTERS_NICENESS), ...node];
  let child: ChildProcess | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | null = null;

  const run = () => {
    const started = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = started;
    started.on('error', (error) => log.error({ err: error }, 'the letters process could not start'));
    started.on('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      log.error({ code, signal }, `the letters process stopped; it starts again in ${LETTERS_RESTART_MS / 1000} s`);
      restart = setTimeout(run, LETTERS_RESTART_MS);
    });
  };
  run();

  return {
    get pid() {
      return child?.pid;
    },
    async stop() {
      stopping = true;
      if (restart) clearTimeout(restart);
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const kill = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(kill);
    },
  };
}
