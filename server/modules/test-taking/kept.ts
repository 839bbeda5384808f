import type { TestResults } from '../../../common/schemas/test-taking';
import { keptMemo, MB } from '../../lib/kept/declare';

/**
 * A test's results as read, by test and reader (an admin reads every student's, a teacher their own students'), with
 * the moment the test was last saved (`stamp`: its name, marks and questions are in tables that announce no
 * changes, and every save moves it). Everything else they read announces its changes, each of which empties them:
 * the tests given, the sittings and their totals (a review or a re-score writes the total) on `content`; the
 * questions' texts and tags on `content` and `bank`; names and who teaches whom on `users`. Results with a sitting
 * under way are not kept: its time used moves with the clock, and its deadline will submit it.
 */
export interface KeptTestResults {
  stamp: string;
  reply: TestResults;
}

export const testTakingMemos = {
  testResults: keptMemo<KeptTestResults>({ clearedBy: ['content', 'bank', 'users'], maxBytes: 16 * MB, scoped: false }),
};
