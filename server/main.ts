import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, logRedactions } from './app';
import { loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { ensureAdmin, type Credentials } from './db/demo/accounts';
import { demoStudentIds, seedDemo } from './db/demo';
import { rebuildStudentSkills } from './modules/mastery/keep';
import { CODE_KEY_FILE } from './lib/code-key';
import { removeBackupAccess, writeBackupAccess } from './lib/backup';
import { DataDirUnsafeError, OWNER_ONLY_UMASK, prepareDataDir } from './lib/data-dir';
import { startMetricsServer, type MetricsServer } from './lib/metrics';
import { startLettersProcess, type LettersProcess } from './letters-process';

function print(text: string) {
  process.stdout.write(`${text}\n`);
}

function printCredentials(title: string, list: Credentials[]) {
  if (list.length === 0) return;
  print(`\n${title}`);
  for (const c of list) print(`  ${c.role.padEnd(11)} ${c.email.padEnd(32)} ${c.password}`);
}

/** Where a process on this machine reaches the server: a wildcard address is reached through loopback. */
function ownUrl(address: AddressInfo): string {
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * Builds the web app in a process of its own (warnings only), so that on two cores the build and the database's
 * first start (PGlite creating its files, the migrations) run side by side instead of one after the other.
 */
function buildWebApp(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    build.on('error', reject);
    build.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`The web app's build failed (exit code ${code}): see its output above.`)),
    );
  });
}

async function main() {
  const config = loadConfig();
  // `npm start` asks for the build here: it is waited for only before the server takes its first request.
  const webBuilt = process.argv.includes('--build') ? buildWebApp() : Promise.resolve();
  // Awaited below; a failure meanwhile must not count as unhandled.
  webBuilt.catch(() => undefined);
  // Everything the server writes (uploads, e-mails, the database's folders) is its own user's alone.
  process.umask(OWNER_ONLY_UMASK);
  let database;
  try {
    prepareDataDir(config.dataDir);
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DataDirUnsafeError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  try {
    await webBuilt;
  } catch (error) {
    await database.close();
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }

  // On the embedded database nobody else can open DATA_DIR while the server runs, so the server takes the backups.
  const backupToken = database.kind === 'pglite' ? randomBytes(32).toString('base64url') : undefined;
  const app = await buildApp({
    config,
    database,
    backupToken,
    // On PostgreSQL the letters are built by a process of their own (started below); the embedded database is open
    // in this process alone, which builds them itself.
    jobs: database.kind === 'postgres' ? { work: false } : true,
    logger: {
      level: config.logLevel,
      redact: logRedactions,
      // In the process rather than pino's worker: the start's log lines are then out before the accounts below.
      // pino-pretty is a development tool, loaded only there.
      ...(config.env === 'development'
        ? {
            stream: (await import('pino-pretty')).default({
              translateTime: 'HH:MM:ss',
              ignore: 'pid,hostname',
              sync: true,
            }),
          }
        : {}),
    },
  });

  let metricsServer: MetricsServer | undefined;
  let letters: LettersProcess | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, then closing the database`);
    try {
      if (backupToken) removeBackupAccess(config.dataDir);
      // A request in flight at the signal leaves its keep-alive connection open once answered, and the server would
      // wait for it until the keep-alive timeout (72 s): each connection is closed as soon as it is idle.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
      // Scraped until the requests in flight are done.
      await app.close().finally(() => clearInterval(closeIdle));
      await metricsServer?.close();
      await letters?.stop();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // The demo students' skills are replayed from their answers and sittings, with whatever skills the academy has.
  const seedDemoWithSkills = async () => {
    const credentials = await seedDemo(database.db, app.uploads);
    await rebuildStudentSkills(database.db, await demoStudentIds(database.db));
    return credentials;
  };
  // Instances started together create the admin and the demo once.
  const { admin, demo } = await database.exclusive(async () => ({
    admin: await ensureAdmin(database.db, config.adminEmail, config.adminPassword),
    demo: config.seedDemo ? await seedDemoWithSkills() : [],
  }));

  // Before the academy takes traffic: a metrics port already taken stops the start instead of going unnoticed.
  if (config.metricsPort) {
    // On METRICS_HOST, loopback unless told otherwise: the listener has no access rules of its own, so a scraper on
    // another machine is let in by naming the private network's interface, never by the academy's HOST.
    metricsServer = await startMetricsServer(app.metrics, {
      port: config.metricsPort,
      host: config.metricsHost,
      log: app.log,
    });
    app.log.info(`metrics at ${ownUrl(metricsServer.address)}/metrics`);
  }
  await app.listen({ port: config.port, host: config.host });
  // While the academy serves: the queries are right without them, and a large table's build takes minutes.
  void database.buildIndexes(app.log);
  if (database.kind === 'postgres') letters = startLettersProcess(app.log);
  if (backupToken)
    writeBackupAccess(config.dataDir, {
      pid: process.pid,
      url: ownUrl(app.server.address() as AddressInfo),
      token: backupToken,
    });
  print(
    `\nMath Academy is running at ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'pg')}` : 'PostgreSQL'})`,
  );
  if (!config.smtpUrl) print(`E-mails are written to ${path.join(config.dataDir, 'outbox')} (no SMTP_URL set).`);
  // Another instance with a key of its own would refuse every code this one mails.
  if (database.kind === 'postgres' && !config.codeSecret) {
    print(
      `E-mail codes are hashed with the key in ${path.join(config.dataDir, CODE_KEY_FILE)} (no CODE_SECRET set): give every instance the same CODE_SECRET.`,
    );
  }
  printCredentials('First start: the admin account (this password is shown only once)', admin ? [admin] : []);
  printCredentials('Demo accounts', demo);
}

main().catch((error) => {
  process.stderr.write(`The server could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
