import { describe, expect, it } from 'vitest';
import {
  accommodationsText,
  allowedMs,
  endSection,
  estimateText,
  examScore,
  maxRaw,
  NO_ACCOMMODATIONS,
  outcomeOf,
  parseScaledTable,
  planFor,
  scaledRowFor,
  scaledTableText,
  sectionNow,
  sectionOf,
  sectionsEnd,
  startSectionNow,
  type ExamOutcome,
  type ExamRules,
} from './exams';

const rules = (over: Partial<ExamRules>): ExamRules => ({
  right: 1,
  wrong: 0,
  blank: 0,
  cap: null,
  sections: [],
  breakMinutes: 0,
  answerSheet: 'bubbles',
  ...over,
});
const times = (outcome: ExamOutcome, n: number): ExamOutcome[] => Array.from({ length: n }, () => outcome);

describe('exam scoring', () => {
  it('scores the SSAT Middle and Upper rule: +1 right, -1/4 wrong, 0 blank, per section', () => {
    const ssat = rules({
      wrong: -0.25,
      sections: [
        { name: 'Quantitative 1', questions: 25, minutes: 30 },
        { name: 'Quantitative 2', questions: 25, minutes: 30 },
      ],
    });
    const outcomes = [...times('right', 20), ...times('wrong', 3), ...times('blank', 2), ...times('right', 25)];
    const score = examScore(ssat, outcomes);
    expect(score.raw).toBe(44.25);
    expect(score.max).toBe(50);
    expect(score.sections).toEqual([
      { name: 'Quantitative 1', right: 20, wrong: 3, blank: 2, points: 19.25, maxPoints: 25 },
      { name: 'Quantitative 2', right: 25, wrong: 0, blank: 0, points: 25, maxPoints: 25 },
    ]);
    // Every answer wrong goes below zero, as the exam's raw score does.
    expect(examScore(ssat, times('wrong', 50)).raw).toBe(-12.5);
  });

  it('scores the SSAT Elementary rule without the penalty', () => {
    const elementary = rules({ sections: [{ name: 'Quantitative', questions: 30, minutes: 30 }] });
    expect(examScore(elementary, [...times('right', 10), ...times('wrong', 10), ...times('blank', 10)]).raw).toBe(10);
  });

  it('scores AMC 10/12: 6 right, 1.5 blank, 0 wrong', () => {
    const amc = rules({ right: 6, blank: 1.5, sections: [{ name: 'AMC 10', questions: 25, minutes: 75 }] });
    const score = examScore(amc, [...times('right', 15), ...times('blank', 6), ...times('wrong', 4)]);
    expect(score.raw).toBe(99);
    expect(score.max).toBe(150);
    expect(examScore(amc, times('blank', 25)).raw).toBe(37.5);
  });

  it('scores AMC 8: one point a right answer, nothing off', () => {
    const amc8 = rules({ sections: [{ name: 'AMC 8', questions: 25, minutes: 40 }] });
    expect(examScore(amc8, [...times('right', 17), ...times('wrong', 8)]).raw).toBe(17);
  });

  it('scores MATHCOUNTS: Sprint 1 point, Target 2 points a question, 46 at most', () => {
    const target = (n: number) => ({ name: `Target ${n}`, questions: 2, minutes: 6, right: 2 });
    const mathcounts = rules({
      answerSheet: 'written',
      sections: [{ name: 'Sprint round', questions: 30, minutes: 40 }, target(1), target(2), target(3), target(4)],
    });
    expect(maxRaw(mathcounts, 38)).toBe(46);
    const score = examScore(mathcounts, [
      ...times('right', 20),
      ...times('wrong', 10),
      ...times('right', 5),
      ...times('blank', 3),
    ]);
    expect(score.raw).toBe(30);
    expect(sectionOf(mathcounts, 29)).toBe(0);
    expect(sectionOf(mathcounts, 30)).toBe(1);
    expect(sectionOf(mathcounts, 37)).toBe(4);
  });

  it("applies a profile's cap to the total, and to the highest score", () => {
    const capped = rules({ right: 2, cap: 15 });
    expect(examScore(capped, times('right', 10))).toMatchObject({ raw: 15, max: 15 });
    expect(examScore(capped, times('right', 5)).raw).toBe(10);
  });

  it('counts a paper without sections as one part named Test', () => {
    expect(examScore(rules({}), ['right', 'blank']).sections).toEqual([
      { name: 'Test', right: 1, wrong: 0, blank: 1, points: 1, maxPoints: 2 },
    ]);
  });

  it('reads an empty answer, or one of only the wire form, as blank, and part credit as wrong', () => {
    expect(outcomeOf(null, 0)).toBe('blank');
    expect(outcomeOf('', 0)).toBe('blank');
    expect(outcomeOf('[" ", ""]', 0)).toBe('blank');
    expect(outcomeOf('B', 1)).toBe('right');
    expect(outcomeOf('B', 0)).toBe('wrong');
    expect(outcomeOf('["3", "x"]', 0.5)).toBe('wrong');
  });
});

describe('accommodations', () => {
  it('gives a time factor or added minutes to each timed part, and breaks their extra minutes', () => {
    expect(allowedMs(30, NO_ACCOMMODATIONS)).toBe(30 * 60_000);
    expect(allowedMs(30, { ...NO_ACCOMMODATIONS, timeFactor: 1.5 })).toBe(45 * 60_000);
    expect(allowedMs(40, { ...NO_ACCOMMODATIONS, timeFactor: 1.25 })).toBe(50 * 60_000);
    expect(allowedMs(30, { ...NO_ACCOMMODATIONS, extraMinutes: 10 })).toBe(40 * 60_000);
    const plan = planFor(
      rules({
        sections: [
          { name: 'A', questions: 5, minutes: 6 },
          { name: 'B', questions: 5, minutes: 6 },
        ],
        breakMinutes: 5,
      }),
      { timeFactor: 2, extraMinutes: null, extraBreakMinutes: 10, largeText: false },
    );
    expect(plan).toEqual({ sectionMs: [12 * 60_000, 12 * 60_000], breakMs: 15 * 60_000 });
    expect(planFor(rules({}), NO_ACCOMMODATIONS)).toBeNull();
  });

  it('says them in words, nothing for none', () => {
    expect(accommodationsText(NO_ACCOMMODATIONS)).toBe('');
    expect(accommodationsText({ timeFactor: 1.5, extraMinutes: null, extraBreakMinutes: 10, largeText: true })).toBe(
      'Time x1.5, 10 more minutes of break between sections, larger text',
    );
  });
});

describe('the section clock', () => {
  const minute = 60_000;
  const plan = { sectionMs: [6 * minute, 6 * minute], breakMs: 5 * minute };
  const start = { index: 0, startedAt: 0 };

  it('runs a section, then the break, then the next, whether or not the student is there', () => {
    expect(sectionNow(plan, start, 0)).toEqual({ index: 0, phase: 'section', startsAt: 0, endsAt: 6 * minute });
    expect(sectionNow(plan, start, 6 * minute)).toEqual({
      index: 1,
      phase: 'break',
      startsAt: 11 * minute,
      endsAt: 17 * minute,
    });
    expect(sectionNow(plan, start, 11 * minute)).toMatchObject({ index: 1, phase: 'section' });
    expect(sectionNow(plan, start, 17 * minute)).toMatchObject({ index: 2, phase: 'done' });
    expect(sectionsEnd(plan, start)).toBe(17 * minute);
  });

  it('ends a section early into its break, and starts the next before the break is over', () => {
    const ended = endSection(plan, start, 2 * minute)!;
    expect(ended).toEqual({ index: 1, startedAt: 7 * minute });
    expect(sectionNow(plan, ended, 3 * minute).phase).toBe('break');
    expect(endSection(plan, ended, 3 * minute)).toBeNull();
    const started = startSectionNow(plan, ended, 3 * minute)!;
    expect(started).toEqual({ index: 1, startedAt: 3 * minute });
    expect(sectionsEnd(plan, started)).toBe(9 * minute);
    expect(startSectionNow(plan, started, 4 * minute)).toBeNull();
  });
});

describe('scaled tables', () => {
  it('reads rows of raw, scaled or a range, and a percentile, in any order', () => {
    const parsed = parseScaledTable('# raw, scaled\n10, 710, 99\n0, 450-480\n\n5; 560-590\n');
    expect(parsed).toEqual({
      rows: [
        { raw: 0, low: 450, high: 480, percentile: null },
        { raw: 5, low: 560, high: 590, percentile: null },
        { raw: 10, low: 710, high: 710, percentile: 99 },
      ],
    });
    if ('rows' in parsed) expect(scaledTableText(parsed.rows)).toBe('0, 450-480\n5, 560-590\n10, 710, 99');
  });

  it('names the first line it cannot read, a raw score twice, and an empty table', () => {
    expect(parseScaledTable('0, 450\nten, 500')).toEqual({ error: expect.stringContaining('Line 2:') });
    expect(parseScaledTable('0, 500-450')).toEqual({ error: expect.stringContaining('Line 1:') });
    expect(parseScaledTable('0, 450, 100')).toEqual({ error: expect.stringContaining('Line 1:') });
    expect(parseScaledTable('0, 450\n0, 460')).toEqual({ error: 'Line 2: this raw score is already in the table' });
    expect(parseScaledTable('\n# nothing\n')).toEqual({ error: 'Enter at least one row: raw score, scaled score' });
  });

  it('gives the row at or below a raw score, nothing below the table, and says it as an estimate', () => {
    const rows = [
      { raw: 0, low: 450, high: 480, percentile: null },
      { raw: 6, low: 570, high: 610, percentile: 60 },
    ];
    expect(scaledRowFor(rows, 7.75)).toBe(rows[1]);
    expect(scaledRowFor(rows, 5.75)).toBe(rows[0]);
    expect(scaledRowFor(rows, -1)).toBeNull();
    expect(estimateText(rows[1])).toBe('Estimated scaled score 570-610');
    expect(estimateText({ raw: 10, low: 710, high: 710, percentile: null })).toBe('Estimated scaled score 710');
  });

  it('reads a long table in time linear in its size', () => {
    const text = Array.from({ length: 500 }, (_, i) => `${i}, ${i}-${i + 1}, 50`).join('\n');
    const started = performance.now();
    expect('rows' in parseScaledTable(text)).toBe(true);
    expect(parseScaledTable(`${'1'.repeat(20_000)}, 1`)).toEqual({ error: expect.stringContaining('Line 1') });
    expect(performance.now() - started).toBeLessThan(200);
  });
});
