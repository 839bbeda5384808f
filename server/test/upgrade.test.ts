/**
 * A rolling upgrade loses nothing: two servers of the previous release serve learners through a balancer, a server of
 * this checkout starts, migrates the same PostgreSQL database and joins, the old ones go on answering on the migrated
 * schema, then leave and stop. The previous release is the parent of the newest commit with a migration, or
 * UPGRADE_FROM. Always on PostgreSQL: PGlite is one process by design. The rig is `upgrade-run.ts`.
 */
import { describe, expect, it } from 'vitest';
import { rollingUpgrade, upgradeProblems } from './upgrade-run';

describe('a rolling upgrade from the previous release', () => {
  it('fails no request and loses no attempt while the new release migrates, joins and the old one stops', async () => {
    const result = await rollingUpgrade({ loadSeconds: 4, log: (line) => process.stdout.write(`upgrade: ${line}\n`) });
    process.stdout.write(`upgrade: ${JSON.stringify(result)}\n`);
    expect(upgradeProblems(result)).toEqual([]);
    // The figures the problems are read from, so a change of the rig that stops measuring one shows here.
    expect(result.attemptsStored).toBe(result.attemptsAcknowledged);
    expect(result.oldExitCodes).toEqual({ 'old-1': 0, 'old-2': 0 });
    expect(result.oldReadyAfterMigration).toEqual({ 'old-1': 'ok', 'old-2': 'ok' });
  }, 900_000);
});
