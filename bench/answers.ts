/**
 * Runs the answer-checker corpus through our checker and through Khan Academy's
 * KaS side by side: accuracy against the corpus and checks per second, for the whole corpus and per part;
 * then the answer-form cases, which only ours can judge.
 * Usage: npm run bench:answers
 */
import * as KAS from '@khanacademy/kas';
import { matchesAccepted } from '../common/answers/index';
import { matchInForm } from '../common/answers/forms';
import {
  basicCases,
  formCases,
  highSchoolCases,
  matchCases,
  solutionSetCases,
  type MatchCase,
} from '../common/answers/corpus';

type Verdict = MatchCase['expected'];
type Checker = (student: string, accepted: string) => Verdict;

/** KaS adapted to the corpus: units through unitParse when both sides have one, a parse failure is unreadable. */
const kas: Checker = (student, accepted) => {
  try {
    const unitA = KAS.unitParse(accepted);
    const unitS = KAS.unitParse(student);
    if (unitA.parsed && unitS.parsed) return KAS.compare(unitA.expr, unitS.expr).equal ? 'equal' : 'different';
    const a = KAS.parse(accepted);
    if (!a.parsed) return 'different';
    const s = KAS.parse(student);
    if (!s.parsed) return 'unreadable';
    return KAS.compare(a.expr, s.expr).equal ? 'equal' : 'different';
  } catch {
    return 'unreadable';
  }
};

const checkers: Record<string, Checker> = { ours: matchesAccepted, kas };
const parts: Record<string, MatchCase[]> = {
  'whole corpus': matchCases,
  'K-8 core': basicCases,
  'high school': highSchoolCases,
  'solution sets': solutionSetCases,
};
const BENCH_MS = 2000;

/** Right verdicts and checks per second of a checker over cases. */
function measure<T>(cases: T[], verdict: (c: T) => string, expected: (c: T) => string): string {
  const right = cases.filter((c) => verdict(c) === expected(c)).length;
  const start = performance.now();
  let checks = 0;
  while (performance.now() - start < BENCH_MS) {
    for (const c of cases) verdict(c);
    checks += cases.length;
  }
  const perSecond = (checks * 1000) / (performance.now() - start);
  const accuracy = ((100 * right) / cases.length).toFixed(1);
  return `${right}/${cases.length} (${accuracy}%), ${Math.round(perSecond).toLocaleString('en-US')} checks/s`;
}

for (const [name, check] of Object.entries(checkers)) {
  for (const [part, cases] of Object.entries(parts)) {
    if (name === 'kas' && part !== 'whole corpus') continue;
    const line = measure(
      cases,
      (c) => check(c.student, c.accepted),
      (c) => c.expected,
    );
    console.log(`${name}, ${part}: ${line}`);
  }
}
const inForm = measure(
  formCases,
  (c) => {
    const result = matchInForm(c.student, c.accepted, c.forms, matchesAccepted);
    return typeof result === 'string' ? result : 'form';
  },
  (c) => c.expected,
);
console.log(`ours, answer forms: ${inForm}`);

const TYPICAL = 20_000;
const start = performance.now();
for (let i = 0; i < TYPICAL; i++) matchesAccepted('(x+1)^2', 'x^2+2x+1');
console.log(
  `ours, typical check ((x+1)^2 vs x^2+2x+1): ${(((performance.now() - start) * 1000) / TYPICAL).toFixed(1)} µs`,
);
