import { plural } from './ui';
/**
 * Saved tests: their kinds, limits and messages, shared by the test builder and
 * the server.
 */

export const TEST_TYPES = ['test', 'assessment'] as const;
export type TestType = (typeof TEST_TYPES)[number];

/** The available questions of the test generator are shown 10 per page. */
export const TEST_GENERATOR_PAGE_SIZE = 10;
/** The Random Test Generator draws 1 to 50 questions, 10 unless told. */
export const RANDOM_MIN = 1;
export const RANDOM_MAX = 50;
export const RANDOM_DEFAULT = 10;
/** Bounds that keep one test printable and one save bounded. */
export const MAX_TEST_QUESTIONS = 200;
export const MARKS_MIN = 0;
export const MARKS_MAX = 100;
export const DEFAULT_MARKS = 1;

/**
 * An assessment's code: `TEST-` and 6 characters from an alphabet without the look-alikes 0/O, 1/I/L, 2/Z, 5/S
 * and 8/B, so a code read aloud or copied from paper is typed right.
 */
export const TEST_CODE_PREFIX = 'TEST-';
export const TEST_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const TEST_CODE_LENGTH = 6;
export const TEST_CODE_PATTERN = /^TEST-[ACDEFGHJKMNPQRTUVWXY34679]{6}$/;

/** Which tests a list shows: the active ones (builders, lists to assign), the archived ones, or both (results). */
export const TEST_LIST_STATUSES = ['active', 'archived', 'all'] as const;

export const TEST_LIMITS = {
  title: 200,
  description: 2_000,
  instructions: 5_000,
  timeLimit: 1_440,
  totalMarks: 100_000,
  search: 200,
} as const;

export const TEST_MESSAGES = {
  saved: 'Test saved successfully!',
  saveFailed: 'Failed to save test',
  saveError: 'Error saving test',
  alreadyInTest: 'Question is already in the test',
  added: 'Question added to test',
  removed: 'Question removed from test',
  reordered: 'Question reordered',
  addedRandom: (n: number) => `Added ${plural(n, 'random question')} to test`,
  titleRequired: 'Test title is required',
  type: 'Test type must be test or assessment',
  timeLimit: `Time limit must be a whole number of minutes from 1 to ${TEST_LIMITS.timeLimit}`,
  totalMarks: `Total marks must be a whole number from 0 to ${TEST_LIMITS.totalMarks}`,
  marks: `Marks must be a whole number from ${MARKS_MIN} to ${MARKS_MAX}`,
  noQuestions: 'Add at least one question to the test',
  tooManyQuestions: `A test can have at most ${MAX_TEST_QUESTIONS} questions`,
  order: 'Question orders must be distinct whole numbers from 1',
  questionGone: 'One of the questions is no longer in the question bank. Please reload it and try again.',
  randomCount: `Number of questions must be a whole number from ${RANDOM_MIN} to ${RANDOM_MAX}`,
  noneToDraw: 'No more questions match the current filters',
  notFound: 'Test not found',
  deleted: 'Test deleted successfully',
  duplicated: 'Test duplicated successfully',
  deleteFailed: 'Failed to delete test',
  loadFailed: 'Failed to load tests',
  notYours: 'Only the author of this test or an admin can change it.',
  rescoreNotYours: 'Only the author of this test or an admin can re-score its results.',
  deleteTaken: 'This test has been taken, so it cannot be deleted. Archive it instead to keep its results.',
  archived: 'Test archived successfully',
  restored: 'Test restored successfully',
  archiveFailed: 'Failed to archive test',
  restoreFailed: 'Failed to restore test',
  isArchived: 'This test is archived. Restore it before changing it.',
  giveArchived: 'This test is archived and cannot be assigned. Restore it first.',
  gapsBeforeSave: 'Some questions of this test were deleted from the question bank. Remove them before saving.',
} as const;

/**
 * The Random Test Generator's and the Save Test modal's reading of typed numbers: an integer in range,
 * else the fallback (1 for the random count, empty for the time limit and total marks).
 */
export function parseWholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

export const randomCountOf = (text: string): number => parseWholeNumber(text, RANDOM_MIN, RANDOM_MAX) ?? RANDOM_MIN;
