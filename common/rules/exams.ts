/**
 * Exam-style tests: a scoring profile (points for a right, a wrong and an omitted answer, an optional cap, timed
 * sections with breaks between them), the section clock of a sitting, a student's accommodations, and the
 * raw-to-scaled tables that give an estimate. The one home of these rules for the server and the screens; the rules
 * of each exam and their sources are in docs/EXAMS.md.
 */
import { multipleAnswers, type CheckableQuestion } from '../answers/check';
import { rulesOf } from '../question-types';
import { plural } from './ui';

/** How a question of an exam-scored sitting came out: a blank is not a wrong answer. */
export type ExamOutcome = 'right' | 'wrong' | 'blank';

export interface ExamSection {
  name: string;
  /** How many questions of the test, in order, the section holds. */
  questions: number;
  minutes: number;
  /** Points for a right answer in this section, where it differs from the profile's (a Target round's 2). */
  right?: number | null;
}

/** What scores and times a sitting: the profile's rule as the sitting copied it when it started. */
export interface ExamRules {
  right: number;
  wrong: number;
  blank: number;
  /** The highest raw score counted, if the exam has one. */
  cap: number | null;
  /** Timed sections in order; none means one part timed by the test's own time limit. */
  sections: ExamSection[];
  /** Minutes of break between two sections. */
  breakMinutes: number;
  /** Bubbles A-E with "leave blank" for multiple choice, or written answers. */
  answerSheet: AnswerSheet;
}

export const ANSWER_SHEETS = ['bubbles', 'written'] as const;
export type AnswerSheet = (typeof ANSWER_SHEETS)[number];
/** The bubbles of an answer sheet: a question's options in order take these letters. */
export const SHEET_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

export const EXAM_LIMITS = {
  name: 120,
  description: 2_000,
  source: 1_000,
  rulesAsOf: 40,
  /** Points for one answer, either way. */
  points: 100,
  sections: 20,
  sectionName: 80,
  sectionQuestions: 200,
  sectionMinutes: 600,
  breakMinutes: 120,
  tableRows: 500,
  scaled: 10_000,
} as const;

/** Points for one answer in question `index` (from 0) of a paper scored by `rules`. */
export function pointsFor(rules: ExamRules, index: number, outcome: ExamOutcome): number {
  if (outcome === 'wrong') return rules.wrong;
  if (outcome === 'blank') return rules.blank;
  return sectionRight(rules, sectionOf(rules, index));
}

const sectionRight = (rules: ExamRules, section: number) => rules.sections[section]?.right ?? rules.right;

/** The section (from 0) question `index` belongs to; a paper without sections is one section. */
export function sectionOf(rules: ExamRules, index: number): number {
  let end = 0;
  for (const [i, section] of rules.sections.entries()) {
    end += section.questions;
    if (index < end) return i;
  }
  return Math.max(0, rules.sections.length - 1);
}

/** The questions a profile with sections needs; null when it takes any number (no sections). */
export const questionsNeeded = (rules: Pick<ExamRules, 'sections'>): number | null =>
  rules.sections.length === 0 ? null : rules.sections.reduce((sum, s) => sum + s.questions, 0);

/**
 * Whether a question can be answered on a sheet of bubbles: one right option among at most five (SHEET_LETTERS).
 */
export function fitsBubbles(question: CheckableQuestion): boolean {
  const options = question.options && typeof question.options === 'object' ? Object.keys(question.options) : [];
  return (
    rulesOf(question.type)?.choosesOptions === true &&
    options.length <= SHEET_LETTERS.length &&
    !multipleAnswers(question)
  );
}

/** The highest raw score of a paper of `count` questions. */
export function maxRaw(rules: ExamRules, count: number): number {
  let max = 0;
  for (let i = 0; i < count; i++) max += sectionRight(rules, sectionOf(rules, i));
  return rules.cap === null ? max : Math.min(max, rules.cap);
}

export interface SectionScore {
  name: string;
  right: number;
  wrong: number;
  blank: number;
  points: number;
  maxPoints: number;
}

/**
 * A paper's raw score under an exam's rule, from each question's outcome in paper order: the points added up (the
 * cap applied to the total), and the same per section.
 */
export function examScore(
  rules: ExamRules,
  outcomes: ExamOutcome[],
): { raw: number; max: number; sections: SectionScore[] } {
  const names = rules.sections.length ? rules.sections.map((s) => s.name) : ['Test'];
  const sections: SectionScore[] = names.map((name) => ({
    name,
    right: 0,
    wrong: 0,
    blank: 0,
    points: 0,
    maxPoints: 0,
  }));
  let raw = 0;
  outcomes.forEach((outcome, i) => {
    const section = sections[sectionOf(rules, i)];
    const points = pointsFor(rules, i, outcome);
    section[outcome] += 1;
    section.points = round2(section.points + points);
    section.maxPoints += pointsFor(rules, i, 'right');
    raw += points;
  });
  raw = round2(raw);
  return { raw: rules.cap === null ? raw : Math.min(raw, rules.cap), max: maxRaw(rules, outcomes.length), sections };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A saved answer's outcome: blank when nothing was answered (no answer, or "leave blank", which saves an empty
 * answer), right only with full credit (an exam has no part marks), wrong otherwise.
 */
export function outcomeOf(answer: string | null | undefined, credit: number): ExamOutcome {
  if (!answer || !hasContent(answer)) return 'blank';
  return credit >= 1 ? 'right' : 'wrong';
}

/** Whether an answer holds anything typed or chosen (the wire forms wrap parts in `[" ", ...]`). */
export const hasContent = (answer: string) => answer.replace(/[\s[\]",]/g, '') !== '';

// --- Accommodations ----------------------------------------------------------------------------------------------

/** Extra time: none, a factor of every timed part, or minutes added to every timed part. */
export const TIME_FACTORS = [1.25, 1.5, 2] as const;
export const MAX_EXTRA_MINUTES = 240;
export const MAX_EXTRA_BREAK_MINUTES = 60;

export interface Accommodations {
  timeFactor: number | null;
  extraMinutes: number | null;
  extraBreakMinutes: number;
  largeText: boolean;
}

export const NO_ACCOMMODATIONS: Accommodations = {
  timeFactor: null,
  extraMinutes: null,
  extraBreakMinutes: 0,
  largeText: false,
};

/** Milliseconds a timed part of `minutes` gives a student with these accommodations. */
export function allowedMs(minutes: number, accommodations: Accommodations): number {
  const base = minutes * 60_000;
  if (accommodations.timeFactor) return Math.round(base * accommodations.timeFactor);
  if (accommodations.extraMinutes) return base + accommodations.extraMinutes * 60_000;
  return base;
}

/** The accommodations in words, for results and the student's sheet: "Time x1.5, 10 more minutes of break, larger text". */
export function accommodationsText(a: Accommodations): string {
  const parts: string[] = [];
  if (a.timeFactor) parts.push(`Time x${a.timeFactor}`);
  if (a.extraMinutes) parts.push(`${plural(a.extraMinutes, 'extra minute')} per timed part`);
  if (a.extraBreakMinutes) parts.push(`${plural(a.extraBreakMinutes, 'more minute')} of break between sections`);
  if (a.largeText) parts.push('larger text');
  return parts.join(', ');
}

export const hasAccommodations = (a: Accommodations) => accommodationsText(a) !== '';

// --- The section clock -------------------------------------------------------------------------------------------

/** A sitting's sections as timed for its student: each section's length and the break between two, in ms. */
export interface SectionPlan {
  sectionMs: number[];
  breakMs: number;
}

/** Where a sitting's sections stand: the current section and when it starts (a time to come is a break until then). */
export interface SectionState {
  index: number;
  startedAt: number;
}

export type SectionPhase = 'break' | 'section' | 'done';
export interface SectionNow {
  index: number;
  phase: SectionPhase;
  startsAt: number;
  endsAt: number;
}

/**
 * The section clock at `now`: a section whose time ran out closed at its end, and the next began after the break,
 * whether or not the student was there, as in the exam room.
 */
export function sectionNow(plan: SectionPlan, state: SectionState, now: number): SectionNow {
  let { index, startedAt } = state;
  let endsAt = startedAt;
  while (index < plan.sectionMs.length) {
    endsAt = startedAt + plan.sectionMs[index];
    if (now < startedAt) return { index, phase: 'break', startsAt: startedAt, endsAt };
    if (now < endsAt) return { index, phase: 'section', startsAt: startedAt, endsAt };
    index += 1;
    startedAt = endsAt + plan.breakMs;
  }
  return { index, phase: 'done', startsAt: endsAt, endsAt };
}

/** The student ends the current section before its time: it closes now, and the next starts after the break. */
export function endSection(plan: SectionPlan, state: SectionState, now: number): SectionState | null {
  const at = sectionNow(plan, state, now);
  if (at.phase !== 'section') return null;
  return { index: at.index + 1, startedAt: now + plan.breakMs };
}

/** The student starts the next section before the break is over. */
export function startSectionNow(plan: SectionPlan, state: SectionState, now: number): SectionState | null {
  const at = sectionNow(plan, state, now);
  if (at.phase !== 'break') return null;
  return { index: at.index, startedAt: now };
}

/** When the last section ends if no section is ended early: the sitting's deadline. */
export function sectionsEnd(plan: SectionPlan, state: SectionState): number {
  let end = state.startedAt;
  for (let i = state.index; i < plan.sectionMs.length; i++)
    end += plan.sectionMs[i] + (i > state.index ? plan.breakMs : 0);
  return end;
}

/** What a sitting copies at its start: the profile's rule, and its sections as timed for its student. */
export interface SittingExam {
  profileId: string;
  name: string;
  rulesAsOf: string;
  rules: ExamRules;
  /** Null when the profile has no sections (the test's own time limit times it). */
  plan: SectionPlan | null;
}

/** The sections of `rules` timed for a student with `accommodations`. */
export function planFor(rules: ExamRules, accommodations: Accommodations): SectionPlan | null {
  if (rules.sections.length === 0) return null;
  return {
    sectionMs: rules.sections.map((s) => allowedMs(s.minutes, accommodations)),
    breakMs: (rules.breakMinutes + accommodations.extraBreakMinutes) * 60_000,
  };
}

// --- Scaled estimates --------------------------------------------------------------------------------------------

/** A row of a raw-to-scaled table: this raw score and above (to the next row) give this scaled range. */
export interface ScaledRow {
  raw: number;
  low: number;
  high: number;
  percentile: number | null;
}

/** The row for a raw score: the highest row at or below it (rows of any order); null below the table. */
export function scaledRowFor(rows: readonly ScaledRow[], raw: number): ScaledRow | null {
  let best: ScaledRow | null = null;
  for (const row of rows) if (row.raw <= raw && (best === null || row.raw > best.raw)) best = row;
  return best;
}

/** An estimate as the report says it: never as if it were the official score. */
export const estimateText = (row: ScaledRow) =>
  `Estimated scaled score ${row.low === row.high ? row.low : `${row.low}-${row.high}`}`;

/**
 * A table as an admin types it: one row per line, `raw, scaled` or `raw, low-high`, and an optional percentile
 * (`raw, low-high, percentile`). Returns the rows or the first line's problem.
 */
export function parseScaledTable(text: string): { rows: ScaledRow[] } | { error: string } {
  const rows: ScaledRow[] = [];
  const lines = text.split('\n');
  if (lines.length > EXAM_LIMITS.tableRows + 1) return { error: EXAM_MESSAGES.tableTooLong };
  for (const [i, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const cells = trimmed.split(/[,;\t]/).map((c) => c.trim());
    const [rawText, scaledText, percentileText] = cells;
    const raw = Number(rawText);
    const [lowText, highText = lowText] = (scaledText ?? '').split('-').map((c) => c.trim());
    const low = Number(lowText);
    const high = Number(highText);
    const percentile = percentileText === undefined || percentileText === '' ? null : Number(percentileText);
    const bad =
      cells.length > 3 ||
      rawText === '' ||
      !Number.isFinite(raw) ||
      !Number.isInteger(low) ||
      !Number.isInteger(high) ||
      low < 0 ||
      high < low ||
      high > EXAM_LIMITS.scaled ||
      (percentile !== null && (!Number.isInteger(percentile) || percentile < 1 || percentile > 99));
    if (bad) return { error: EXAM_MESSAGES.tableLine(i + 1) };
    if (rows.some((r) => r.raw === raw)) return { error: EXAM_MESSAGES.tableDuplicate(i + 1) };
    rows.push({ raw, low, high, percentile });
  }
  if (rows.length === 0) return { error: EXAM_MESSAGES.tableEmpty };
  return { rows: rows.sort((a, b) => a.raw - b.raw) };
}

export const scaledTableText = (rows: readonly ScaledRow[]) =>
  rows
    .map(
      (r) =>
        `${r.raw}, ${r.low === r.high ? r.low : `${r.low}-${r.high}`}${r.percentile === null ? '' : `, ${r.percentile}`}`,
    )
    .join('\n');

/** How the report labels every estimate. */
export const ESTIMATE_NOTE =
  "An estimate from the academy's table, not an official score: the exam's own scaled scores come from its equating, which it does not publish.";

/**
 * The code of a refused answer to a question outside the section running (closed, to come, or a break): the clock
 * moved on, and the page reads the sitting again instead of ending it.
 */
export const SECTION_MOVED_ON = 'SECTION_MOVED_ON';

export const EXAM_MESSAGES = {
  profileNotFound: 'Exam profile not found',
  profileSaved: 'Exam profile saved',
  profileDeleted: 'Exam profile deleted',
  builtIn:
    "A built-in profile follows the exam's published rules and cannot be changed. Add a profile of your own instead.",
  profileInUse: 'This profile is used by a test, so it cannot be deleted',
  nameRequired: 'A profile needs a name',
  nameTaken: 'A profile with this name already exists',
  points: `Points must be numbers from -${EXAM_LIMITS.points} to ${EXAM_LIMITS.points}`,
  rightPositive: 'A right answer must be worth a whole number of points above 0',
  cap: 'The cap must be a whole number above 0',
  sectionName: 'Each section needs a name',
  sectionQuestions: `A section holds 1 to ${EXAM_LIMITS.sectionQuestions} questions`,
  sectionMinutes: `A section lasts 1 to ${EXAM_LIMITS.sectionMinutes} minutes`,
  tooManySections: `A profile has at most ${EXAM_LIMITS.sections} sections`,
  breakMinutes: `A break lasts 0 to ${EXAM_LIMITS.breakMinutes} minutes`,
  questionCount: (profile: string, needed: number, has: number) =>
    `The ${profile} profile needs ${plural(needed, 'question')} in its sections; this test has ${has}`,
  bubblesNeedChoices: (numbers: number[]) =>
    `An answer sheet of bubbles takes multiple-choice questions with one right answer and at most five options; not question ${numbers.join(', ')}`,
  tableSaved: 'Score table saved',
  tableDeleted: 'Score table deleted',
  tableNotFound: 'Score table not found',
  tableEmpty: 'Enter at least one row: raw score, scaled score',
  tableTooLong: `A table has at most ${EXAM_LIMITS.tableRows} rows`,
  tableLine: (line: number) =>
    `Line ${line}: write "raw, scaled", "raw, low-high" or "raw, low-high, percentile" (a percentile from 1 to 99)`,
  tableDuplicate: (line: number) => `Line ${line}: this raw score is already in the table`,
  accommodationsSaved: 'Accommodations saved',
  studentNotFound: 'Student not found',
  notYourStudent: 'You can only set the accommodations of your own students',
  oneExtraTime: 'Choose a time factor or extra minutes, not both',
  timeFactor: `Extra time must be x${TIME_FACTORS.join(', x')}`,
  extraMinutes: `Extra minutes must be a whole number from 1 to ${MAX_EXTRA_MINUTES}`,
  extraBreak: `Extra break must be a whole number of minutes from 0 to ${MAX_EXTRA_BREAK_MINUTES}`,
  sectionClosed: 'This section is closed: its answers can no longer be changed',
  sectionNotStarted: 'This section has not started yet',
  onBreak: 'You are on a break: the next section has not started yet',
  noSectionToEnd: 'There is no section in progress to end',
  noBreak: 'There is no break to end',
  notSectioned: 'This test has no sections',
  overrideExam: "Marks of an exam-scored test come from the exam's rule and cannot be changed by hand",
} as const;
