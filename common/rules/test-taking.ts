/**
 * Students sitting saved tests: when results reach them, the limits of giving a test, and the messages
 * the server and the screens share.
 */

/** Results reach the student when they submit, or when staff release them. */
export const RELEASE_MODES = ['on-submit', 'manual'] as const;
export type ReleaseMode = (typeof RELEASE_MODES)[number];

export const ATTEMPT_STATUSES = ['not-started', 'in-progress', 'submitted'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Students given a test in one call: a class or a year group, not the whole academy. */
export const MAX_STUDENTS_GIVEN_AT_ONCE = 500;
/** One saved answer: the same cap as a checked answer. */
export const MAX_TEST_ANSWER_LENGTH = 2_000;
/** How often each server looks for sittings whose time ran out. */
export const SWEEP_INTERVAL_MS = 30_000;
/**
 * Answers one student may save in an hour, over all their sittings: the page saves 0.6 s after typing stops, so a
 * student working steadily saves a few hundred; each save runs the answer checker.
 */
export const SAVES_PER_HOUR = 2400;

/** A released score in words, the same for a student and their parent: '5 / 7 (35.71 of 50)'. */
export function scoreText(
  score: { marks: number; maxMarks: number; scaled: number | null },
  totalMarks: number | null,
): string {
  return `${score.marks} / ${score.maxMarks}${score.scaled !== null && totalMarks !== null ? ` (${score.scaled} of ${totalMarks})` : ''}`;
}

/** "Practice my weak spots": questions offered at most, drawn from this many of the weakest focus areas. */
export const PRACTICE_SIZE = 10;
export const PRACTICE_AREAS = 2;

export interface Accuracy {
  name: string;
  /** Marks awarded and marks offered by the questions of this focus area or category. */
  got: number;
  of: number;
  percent: number;
}

/**
 * Accuracy per focus area or per category in a released result, weakest first (ties by name), the same for the
 * review page and the practice the server draws. Questions without one, or worth no marks, are left out.
 */
export function accuracyBy(
  results: ReadonlyArray<{ marks: number; awarded: number; focus: string | null; category: string | null }>,
  by: 'focus' | 'category',
): Accuracy[] {
  const sums = new Map<string, { got: number; of: number }>();
  for (const r of results) {
    const name = r[by];
    if (!name || r.marks <= 0) continue;
    const sum = sums.get(name) ?? { got: 0, of: 0 };
    sums.set(name, { got: sum.got + r.awarded, of: sum.of + r.marks });
  }
  return [...sums]
    .map(([name, { got, of }]) => ({ name, got, of, percent: Math.round((got / of) * 100) }))
    .sort((x, y) => x.got / x.of - y.got / y.of || x.name.localeCompare(y.name));
}

/** The focus areas to practice: the weakest ones not fully right, at most PRACTICE_AREAS. */
export const weakestFocusAreas = (results: Parameters<typeof accuracyBy>[0]): string[] =>
  accuracyBy(results, 'focus')
    .filter((a) => a.got < a.of)
    .slice(0, PRACTICE_AREAS)
    .map((a) => a.name);

export const TEST_TAKING_MESSAGES = {
  given: (n: number) => `Test assigned to ${n} ${n === 1 ? 'student' : 'students'}`,
  noStudents: 'Choose at least one student',
  tooManyStudents: `Assign to at most ${MAX_STUDENTS_GIVEN_AT_ONCE} students at once`,
  notYourStudent: 'You can only assign tests to your own students',
  unknownStudent: 'One of the students was not found',
  window: 'The test must close after it opens',
  maxAttempts: 'A test can be sat once',
  noQuestions: 'This test has no questions to sit',
  givenTestNotFound: 'Test assignment not found',
  attemptNotFound: 'Test attempt not found',
  notOpenYet: 'This test is not open yet',
  closed: 'This test has closed',
  timeUp: 'Time is up: this test has been submitted and your answer was not saved',
  submitted: 'This test has been submitted',
  notInTest: 'This question is not part of the test',
  answerTooLong: `An answer can be at most ${MAX_TEST_ANSWER_LENGTH} characters`,
  tooManySaves:
    'Too many answers saved in a short time. Please wait a few minutes; your answers are kept on this page.',
  released: 'Results released',
  nothingToRelease: 'This test has no results to release',
  rescored: (n: number, changed: number) =>
    `Re-scored ${n} submitted ${n === 1 ? 'test' : 'tests'}: ${changed === 0 ? 'no score changed' : changed === 1 ? '1 score changed' : `${changed} scores changed`}`,
  practiceNotYet: 'Practice opens once your results are released',
  noReport: 'This test has no score report yet',
  rescoredOverrides: (n: number) =>
    n === 0 ? '' : `; ${n === 1 ? '1 override now disagrees' : `${n} overrides now disagree`} with the automatic marks`,
} as const;

/** Marks a teacher may give by hand: whole or half marks, from 0 to the question's marks on the paper. */
export const OVERRIDE_STEP = 0.5;
/** A reason for an override: a sentence or two, kept with the change. */
export const MAX_OVERRIDE_REASON_LENGTH = 500;
/** A comment on one question, and on the whole test. */
export const MAX_QUESTION_COMMENT_LENGTH = 2_000;
export const MAX_TEST_COMMENT_LENGTH = 4_000;

/** Whether marks are a whole or half mark (0.5 steps), the one rule of the form and the server. */
export const onOverrideStep = (marks: number) => Number.isInteger(marks / OVERRIDE_STEP);

/** Reviewing a sitting: what the form and the server say. */
export const REVIEW_MESSAGES = {
  notYourStudent: 'You can only review the sittings of your own students',
  notSubmitted: 'This sitting has not been submitted yet',
  marksNumber: 'Marks must be a number',
  marksNegative: 'Marks cannot be below 0',
  marksStep: `Marks must be whole or half marks (steps of ${OVERRIDE_STEP})`,
  marksAbove: (max: number) => `Marks cannot be more than the question's ${max}`,
  reasonRequired: 'A reason is required to change the marks',
  reasonTooLong: `A reason can be at most ${MAX_OVERRIDE_REASON_LENGTH} characters`,
  commentTooLong: `A comment can be at most ${MAX_QUESTION_COMMENT_LENGTH} characters`,
  testCommentTooLong: `The comment on the test can be at most ${MAX_TEST_COMMENT_LENGTH} characters`,
  notInSitting: 'This question is not part of the sitting',
  duplicateQuestion: 'Each question can be changed once per save',
  nothingToSave: 'Nothing to save',
  saved: 'Review saved',
  unchanged: 'No change to save',
} as const;
