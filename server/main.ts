import path from 'node:path';
import { buildApp, logRedactions } from './app';
import { loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { ensureAdmin, type Credentials } from './db/demo/accounts';
import { seedDemo } from './db/demo';

function print(text: string) {
  process.stdout.write(`${text}\n`);
}

function printCredentials(title: string, list: Credentials[]) {
  if (list.length === 0) return;
  print(`\n${title}`);
  for (const c of list) print(`  ${c.role.padEnd(11)} ${c.email.padEnd(32)} ${c.password}`);
}

async function main() {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      redact: logRedactions,
      ...(config.env === 'development' ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, then closing the database`);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const admin = await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
  const demo = config.seedDemo ? await seedDemo(database.db, config.dataDir) : [];

  await app.listen({ port: config.port, host: config.host });
  print(`\nMath Academy is running at ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'pg')}` : 'PostgreSQL'})`);
  printCredentials('First start: the admin account (this password is shown only once)', admin ? [admin] : []);
  printCredentials('Demo accounts', demo);
  if (!config.smtpUrl) print(`\nE-mails are written to ${path.join(config.dataDir, 'outbox')} (no SMTP_URL set).`);
}

main().catch((error) => {
  process.stderr.write(`The server could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
