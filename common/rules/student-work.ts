/**
 * A student's work as their teacher reads it, and the notes teachers leave a student: limits and messages the
 * server and the screens share.
 */

/** Characters of one note: a paragraph or two for a student or their parent, not a report. */
export const NOTE_MAX_LENGTH = 2000;

/**
 * How much of a student's work one reply holds. Sections come a page at a time, in course order; each exercise
 * carries its latest attempts (a student can check one question hundreds of times) with the count of all of them;
 * the sittings and the notes are the newest ones.
 */
export const STUDENT_WORK_LIMITS = {
  sectionsPerPage: 10,
  attemptsPerExercise: 20,
  sittings: 50,
  notes: 100,
  /** Weakest focus areas and categories listed, each. */
  weakAreas: 5,
} as const;

export const STUDENT_WORK_MESSAGES = {
  studentNotFound: 'Student not found',
  notYourStudent: 'You can only see the work of your own students',
  noteRequired: 'Note is required',
  noteTooLong: `A note can be at most ${NOTE_MAX_LENGTH} characters`,
  noteNotFound: 'Note not found',
  notYourNote: 'You can only change your own notes',
  noteSaved: 'Note saved',
  noteDeleted: 'Note deleted',
  loadFailed: "Failed to load the student's work",
  newVariant: (number: number) => `Question ${number} has new numbers for this student`,
  notOpenToStudent: 'This question is in none of the sections open to this student',
} as const;
