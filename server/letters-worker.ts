/**
 * The parents' letters' process (see letters-process.ts): the academy's server code on the academy's PostgreSQL,
 * claiming and sending letters, listening on no port. It stops with a SIGTERM, or when the server that started it is
 * gone.
 */
import { buildApp, logRedactions } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('The letters process runs on PostgreSQL only (DATABASE_URL).');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    config,
    database,
    distDir: null,
    jobs: true,
    logger: { level: config.logLevel, redact: logRedactions, base: { process: 'letters' } },
  });
  await app.ready();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop());
  // Ctrl+C in a terminal reaches the whole process group: the server stops this process once its requests are done.
  process.on('SIGINT', () => undefined);
  // The server's channel closes when it exits, however it ends.
  process.on('disconnect', () => void stop());
}

main().catch((error) => {
  process.stderr.write(
    `The letters process could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
