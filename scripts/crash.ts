/**
 * `npm run crash [rounds] [pglite|postgres]`: kills the server (SIGKILL) mid-load twenty times (or `rounds`) on PGlite
 * and on PostgreSQL (127.0.0.1:5432, or TEST_DATABASE_URL's server), or on the one named, restarting and checking the
 * data after each kill.
 */
import { crashRig, type Backend } from '../server/test/crash-run';

async function main() {
  const rounds = Number(process.argv[2] ?? 20);
  let failed = false;
  const only = process.argv[3] as Backend | undefined;
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
  process.exit(failed ? 1 : 0);
}

void main();
