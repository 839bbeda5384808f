import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../db/client';

/** Where the test run's set-up leaves the migrated database for `freshPglite` (test/harness.ts). */
export const TEMPLATE_VARIABLE = 'ACADEMY_TEST_PGLITE_TEMPLATE';

/**
 * Migrates one PGlite database before any test file runs and leaves its dump for the files: making a database and
 * applying every migration costs seconds, loading a migrated one a fraction of that, and the test files open about
 * a hundred. The workers inherit the variable that names the file.
 */
export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-pglite-template-'));
  const file = path.join(dir, 'migrated.tar.gz');
  const database = await openPglite(null);
  try {
    const { dump } = await database.snapshot!();
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[TEMPLATE_VARIABLE] = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
