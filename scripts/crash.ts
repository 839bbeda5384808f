/**
 * `npm run crash [rounds] [pglite|postgres]`: kills the server (SIGKILL) mid-load twenty times (or `rounds`) on PGlite
 * and on PostgreSQL (127.0.0.1:5432, or TEST_DATABASE_URL's server), or on the one named, restarting and checking the
 * data after each kill.
 *
 * `npm run crash outage [seconds] [rounds]`: takes PostgreSQL away from a running server under the learner loop for
 * 30 s (or `seconds`) three times (or `rounds`), its address closed and every connection broken as a restart does;
 * then once silent (nothing passes, as through a cut network), and once ending every connection of its database
 * again and again; after each, how the requests meanwhile were answered, how soon all answered again, and whether
 * every acknowledged answer attempt was stored.
 *
 * `npm run crash upgrade [seconds]`: a rolling upgrade under the learner loop, from the previous release (the commit
 * before the newest migration, or UPGRADE_FROM) to this checkout, 20 s (or `seconds`) of load in each step; whether
 * any request failed and every acknowledged answer attempt was stored.
 *
 * `npm run crash disk`: the embedded database's disk filled under load on a small filesystem made for the run, with
 * the watch of DISK_RESERVE_MB and without; how writes were refused, and whether the data opened again is whole.
 */
import { crashRig, type Backend } from '../server/test/crash-run';
import { diskFullTest } from '../server/test/disk-full-run';
import { outageRig, type OutageKind } from '../server/test/outage-run';
import { rollingUpgrade, upgradeProblems } from '../server/test/upgrade-run';

async function kills(rounds: number, only: Backend | undefined): Promise<boolean> {
  let failed = false;
  for (const backend of (['pglite', 'postgres'] as Backend[]).filter((b) => !only || b === only)) {
    const rig = await crashRig(backend);
    try {
      for (let round = 1; round <= rounds; round++) {
        const result = await rig.round(round);
        const lost = result.attemptsAnswered - result.attemptsStored;
        process.stdout.write(
          `${backend} kill ${round}/${rounds}: ${result.questions} questions, ${result.files} files, attempts answered ${result.attemptsAnswered}, stored ${result.attemptsStored} (${lost} lost) ${result.problems.length ? `PROBLEMS: ${result.problems.join('; ')}` : 'whole'}\n`,
        );
        if (result.problems.length) failed = true;
      }
    } finally {
      await rig.close();
    }
  }
  return failed;
}

const KIND_NAMES: Record<OutageKind, string> = {
  cut: 'database cut off',
  silent: 'database silent',
  terminate: 'every connection ended',
};

async function outages(seconds: number, rounds: number): Promise<boolean> {
  let failed = false;
  const rig = await outageRig();
  try {
    const kinds: OutageKind[] = [...Array<OutageKind>(rounds).fill('cut'), 'silent', 'terminate'];
    for (const [index, kind] of kinds.entries()) {
      const round = await rig.round(kind, seconds * 1000);
      const during = Object.entries(round.duringByStatus)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ');
      process.stdout.write(
        `outage ${index + 1}/${kinds.length} (${KIND_NAMES[kind]} for ${seconds} s): ` +
          `requests meanwhile ${during}, slowest ${round.slowestMs} ms; all answered again ${(round.recoveredMs / 1000).toFixed(1)} s after; ` +
          `attempts acknowledged ${round.attemptsAcknowledged}, stored ${round.attemptsStored} (${round.attemptsWrittenTwice} twice) ` +
          `${round.problems.length ? `PROBLEMS: ${round.problems.join('; ')}` : 'whole'}\n`,
      );
      if (round.problems.length) failed = true;
    }
  } finally {
    await rig.close();
  }
  return failed;
}

async function upgrade(seconds: number): Promise<boolean> {
  const result = await rollingUpgrade({ loadSeconds: seconds, log: (line) => process.stdout.write(`${line}\n`) });
  const problems = upgradeProblems(result);
  const statuses = Object.entries(result.byStatus)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  process.stdout.write(
    `upgrade from ${result.from}: requests ${statuses}; attempts acknowledged ${result.attemptsAcknowledged}, stored ${result.attemptsStored} ` +
      `${problems.length ? `PROBLEMS: ${problems.join('; ')}` : 'whole'}\n`,
  );
  return problems.length > 0;
}

async function diskFull(): Promise<boolean> {
  const result = await diskFullTest();
  let failed = false;
  for (const round of result.rounds) {
    const problems = [...round.problems];
    if (round.attemptsStored !== round.attemptsAcknowledged) problems.push('acknowledged answers not stored');
    if (Object.keys(round.writesWhileFull).some((status) => status.startsWith('500'))) problems.push('a 500');
    if (!round.readsWhileFull || !round.writesAfter) problems.push('reads while full or writes after failed');
    const writes = Object.entries(round.writesWhileFull)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    process.stdout.write(
      `disk full on ${result.filesystemMb} MB, ${round.watched ? `watched (reserve ${result.reserveMb} MB)` : 'unwatched'}: ` +
        `first refusal ${round.refusedAfterMs} ms after; writes meanwhile ${writes}; reads ${round.readsWhileFull ? 'answered' : 'FAILED'}; ` +
        `attempts acknowledged ${round.attemptsAcknowledged}, stored ${round.attemptsStored}; ${round.questions} questions; ` +
        `${problems.length ? `PROBLEMS: ${problems.join('; ')}` : 'whole'}\n`,
    );
    if (problems.length) failed = true;
  }
  return failed;
}

async function main() {
  const mode = process.argv[2];
  const failed =
    mode === 'outage'
      ? await outages(Number(process.argv[3] ?? 30), Number(process.argv[4] ?? 3))
      : mode === 'upgrade'
        ? await upgrade(Number(process.argv[3] ?? 20))
        : mode === 'disk'
          ? await diskFull()
          : await kills(Number(process.argv[2] ?? 20), process.argv[3] as Backend | undefined);
  process.exit(failed ? 1 : 0);
}

void main();
