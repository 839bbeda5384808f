/**
 * Assignments and the student's side of learning: request bodies and the presenters of courses and questions.
 * The student presenters have no `answer` or `solution` key at all, so a zod parse strips them whatever the service returns.
 */
import { z } from 'zod';
import { QUESTION_TYPES } from '../rules/questions';
import { MAX_SEED } from '../rules/templates';
import { unstorableMessage } from '../text';
import { textRules } from './fields';
import { videoRef } from './video';
import { answerFormReply } from './question-parts';

export const LEARNING_LIMITS = {
  /** Question ids in one batch or assignment call. */
  questionIds: 1000,
  /** Questions one reorder call may list: far more than a section is given in practice, and bounded work. */
  sectionQuestions: 5000,
  /**
   * Characters of one submitted answer (a JSON array for several blanks). An accepted answer has at most 500
   * characters, so no longer single answer can be right; 2,000 hold a 20 x 20 matrix of two-digit entries or 20
   * blanks of 90 characters each, and bound what one stored attempt costs.
   */
  answer: 2_000,
  /** Answer checks per user per hour: a check every 6 seconds for a whole hour, in bursts or not. */
  checksPerHour: 600,
} as const;

export const LEARNING_MESSAGES = {
  answerRequired: 'Please enter an answer before checking.',
  answerTooLong: `Your answer must be at most ${LEARNING_LIMITS.answer.toLocaleString('en-US')} characters`,
  tooManyChecks: 'You have checked many answers in a short time. Please wait a few minutes and try again.',
  answerInvalidCharacter: unstorableMessage('Your answer'),
  selectSectionAndQuestion: 'Please select a section and at least one question',
  studentNotFound: 'Student not found',
  courseNotFound: 'Course not found',
  unitNotFound: 'Unit not found',
  sectionNotFound: 'Section not found',
  questionNotFound: 'Question not found',
  solutionNotYet: 'The worked solution opens after a correct answer or a second try.',
  inOpenTest: 'This question is part of a test you are taking. You can practice it after the test.',
  someInOpenTest: 'Some of these questions are part of a test you are taking. You can practice them after the test.',
  notYourStudent: 'You can only manage assignments of your own students.',
  unitNeedsCourse: "Assign the unit's course to this student first.",
  sectionNeedsUnit: "Assign the section's unit to this student first.",
  orderSaved: 'Question order saved',
  orderMismatch: "The section's questions have changed since they were loaded. Reload them and try again.",
  orderDuplicate: 'A question can appear only once in the order',
  orderRequired: "questionIds must list the section's questions in their new order",
} as const;

const id = (message: string) => z.uuid(message);

export const courseAssignmentBody = z.object({
  studentId: id(LEARNING_MESSAGES.studentNotFound),
  courseId: id(LEARNING_MESSAGES.courseNotFound),
});
export const unitAssignmentBody = z.object({
  studentId: id(LEARNING_MESSAGES.studentNotFound),
  unitId: id(LEARNING_MESSAGES.unitNotFound),
});
/** `withSections: true` assigns the unit and every section it has now, in one transaction. */
export const assignUnitBody = unitAssignmentBody.extend({
  withSections: z.boolean({ error: 'withSections must be true or false' }).optional(),
});
export const sectionAssignmentBody = z.object({
  studentId: id(LEARNING_MESSAGES.studentNotFound),
  sectionId: id(LEARNING_MESSAGES.sectionNotFound),
});

export const addSectionQuestionsBody = z.object({
  sectionId: z.uuid(LEARNING_MESSAGES.selectSectionAndQuestion),
  questionIds: z
    .array(z.uuid(LEARNING_MESSAGES.questionNotFound), { error: LEARNING_MESSAGES.selectSectionAndQuestion })
    .min(1, LEARNING_MESSAGES.selectSectionAndQuestion)
    .max(LEARNING_LIMITS.questionIds, `At most ${LEARNING_LIMITS.questionIds} questions at a time`),
});

/**
 * The new order of a section's questions: every question assigned to it, each once. The server compares it with
 * what is assigned now, so a list read before someone else's change is refused rather than half applied.
 */
export const reorderQuestionsBody = z.object(
  {
    questionIds: z
      .array(z.uuid(LEARNING_MESSAGES.questionNotFound), { error: LEARNING_MESSAGES.orderRequired })
      .max(
        LEARNING_LIMITS.sectionQuestions,
        `An order lists at most ${LEARNING_LIMITS.sectionQuestions.toLocaleString('en-US')} questions`,
      )
      .refine((ids) => new Set(ids).size === ids.length, LEARNING_MESSAGES.orderDuplicate),
  },
  { error: LEARNING_MESSAGES.orderRequired },
);

export const sectionQuestionParams = z.object({
  sectionId: z.uuid(LEARNING_MESSAGES.sectionNotFound),
  questionId: z.uuid(LEARNING_MESSAGES.questionNotFound),
});

/** Ids that are not uuids cannot name a question: the batch leaves them out, as it does unreachable ones. */
export const batchBody = z.object({
  questionIds: z
    .array(z.string({ error: 'questionIds must be a list of question ids' }).max(100), {
      error: 'questionIds must be a list of question ids',
    })
    .max(LEARNING_LIMITS.questionIds, `At most ${LEARNING_LIMITS.questionIds} questions at a time`),
});

/**
 * Fill-in-the-blank answers with every blank empty (`["", ""]`, spaced or not) are no answer. After each `""` the
 * spaces before a comma and those after it are told apart by the comma itself: where the two runs could meet, a
 * string of many `""  ` had 3^n ways to split its spaces to try before failing (19 of them took 13 s).
 */
const EMPTY_BLANKS = /^\[\s*(?:""\s*(?:,\s*)?)*\]$/;
export const isBlankAnswer = (answer: string) => {
  const trimmed = answer.trim();
  return trimmed === '' || EMPTY_BLANKS.test(trimmed);
};

export const checkAnswerBody = z.object({
  questionId: z.uuid(LEARNING_MESSAGES.questionNotFound),
  studentAnswer: z
    .string({ error: LEARNING_MESSAGES.answerRequired })
    .max(LEARNING_LIMITS.answer, LEARNING_MESSAGES.answerTooLong)
    .refine((a) => !isBlankAnswer(a), LEARNING_MESSAGES.answerRequired)
    .superRefine(textRules('Your answer', 'any')),
  /** The section the student is practicing in, recorded with the attempt when it holds the question. */
  sectionId: z.uuid().optional(),
  /**
   * Staff only: the variant of a question with random numbers they answer (the one a batch showed them). A
   * student's is always their own, which the server keeps.
   */
  variant: z.number().int().min(1).max(MAX_SEED).optional(),
});
export type CheckAnswerBody = z.input<typeof checkAnswerBody>;

/** Staff only: the variant of a question with random numbers whose solution they read (`?variant=`). */
export const variantQuery = z.object({
  variant: z.coerce.number().int().min(1).max(MAX_SEED).optional(),
});

export const checkAnswerReply = z.object({
  result: z.object({
    isCorrect: z.boolean(),
    feedback: z.string(),
    /** Right in value but not in the form asked (not stored as a try). */
    formMissed: z.literal(true).optional(),
  }),
});
export type CheckAnswerReply = z.infer<typeof checkAnswerReply>;

/**
 * A question's worked solution, the one path by which a student receives it: only after answering it right or
 * twice wrong (the server counts the stored attempts). Empty when the question has none.
 */
export const solutionReply = z.object({ solution: z.string() });
export type SolutionReply = z.infer<typeof solutionReply>;
/** Wrong tries after which the solution is offered. */
export const SOLUTION_AFTER_WRONG = 2;

const attachment = z.object({ filename: z.string(), originalname: z.string() });

/** What a student may see of a question: never its answer or solution. */
export const studentQuestion = z.object({
  id: z.string(),
  questionText: z.string(),
  type: z.enum(QUESTION_TYPES),
  grade: z.number(),
  options: z.unknown(),
  attachments: z.array(attachment),
  hint: z.string(),
  source: z.string(),
  /** Multiple choice with several correct options: the screen lets the student pick several. */
  multipleAnswers: z.boolean(),
  /** The forms each blank's answer must take ("Simplest form"), shown under the blank: they say how, not what. */
  answerForms: z.array(z.array(answerFormReply)),
  /** The variant shown (its seed), for a question with random numbers; null for one that is the same for everyone. */
  variant: z.number().nullable(),
});
export type StudentQuestion = z.infer<typeof studentQuestion>;

/**
 * A question on a sitting's paper: what a student sees while practicing, less the hint (a test is sat without
 * help) and the source (which names the past paper, where its answers can be looked up).
 */
export const sittingQuestion = studentQuestion.omit({ hint: true, source: true });
export type SittingQuestion = z.infer<typeof sittingQuestion>;

/** Staff see the whole question. */
export const staffQuestion = studentQuestion.extend({ answer: z.unknown(), solution: z.string() });
export type StaffQuestion = z.infer<typeof staffQuestion>;

export const studentQuestionList = z.array(studentQuestion);
export const batchReply = z.array(z.union([staffQuestion, studentQuestion]));

export const studentCourse = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  /** Question ids of the course's accessible sections, in course order. */
  exercises: z.array(z.string()),
  content: z.string(),
});
export type StudentCourse = z.infer<typeof studentCourse>;
export const studentCoursesReply = z.object({ courses: z.array(studentCourse) });

export const studentSection = z.object({
  id: z.string(),
  title: z.string(),
  sectionNumber: z.number(),
  grade: z.string(),
  unitId: z.string(),
  hasAccess: z.boolean(),
  content: z.string().optional(),
  /** The lesson's video, on open sections only (like the content). */
  video: videoRef.nullable().optional(),
  exercises: z.array(z.string()).optional(),
});
export type StudentSection = z.infer<typeof studentSection>;

export const studentUnit = z.object({
  id: z.string(),
  title: z.string(),
  unitNumber: z.number(),
  grade: z.string(),
  categories: z.array(z.string()),
  courseId: z.string(),
  hasAccess: z.boolean(),
  sections: z.array(studentSection),
});
export type StudentUnit = z.infer<typeof studentUnit>;

export const courseDetailReply = z.object({
  course: z.object({ name: z.string(), code: z.string(), description: z.string() }),
  units: z.array(studentUnit),
});
export type CourseDetail = z.infer<typeof courseDetailReply>;

/** How far a student is in one course: sections whose exercises are all solved, of the sections that have exercises. */
export const courseProgress = z.object({
  courseId: z.string(),
  sectionsDone: z.number(),
  sectionsWithExercises: z.number(),
});
export type CourseProgress = z.infer<typeof courseProgress>;

/** Where a student last checked an answer: the ids the course viewer opens, and the names the dashboard shows. */
export const lastSection = z.object({
  courseId: z.string(),
  unitId: z.string(),
  sectionId: z.string(),
  courseName: z.string(),
  sectionTitle: z.string(),
  unitNumber: z.number(),
  sectionNumber: z.number(),
});
export type LastSection = z.infer<typeof lastSection>;

export const studentStatsReply = z.object({
  enrolledCourses: z.number(),
  assignmentsDue: z.number(),
  /** Every check, as stored. */
  attempts: z.number(),
  correctAttempts: z.number(),
  /** Distinct questions checked at least once, solved at some try, and solved at the first. */
  questionsTried: z.number(),
  questionsSolved: z.number(),
  solvedFirstTry: z.number(),
  /** Share of the questions tried that were right at the first try, in percent, rounded; null before the first check. */
  firstTryAccuracy: z.number().nullable(),
  courses: z.array(courseProgress),
  /** The accessible section of the latest check; null before the first, or when that section is no longer open. */
  lastSection: lastSection.nullable(),
});
export type StudentStats = z.infer<typeof studentStatsReply>;

/** Per question of a section: how many checks, and the try that first got it right (null: not solved yet). */
export const questionProgress = z.object({
  questionId: z.string(),
  tries: z.number(),
  solvedOnTry: z.number().nullable(),
});
export type QuestionProgress = z.infer<typeof questionProgress>;
export const sectionProgressReply = z.object({ questions: z.array(questionProgress) });
export type SectionProgress = z.infer<typeof sectionProgressReply>;

/** Per open section of one course: its exercises and how many of them the student has solved. */
export const courseSectionProgress = z.object({
  sectionId: z.string(),
  unitId: z.string(),
  questions: z.number(),
  solved: z.number(),
});
export type CourseSectionProgress = z.infer<typeof courseSectionProgress>;
export const courseProgressReply = z.object({ sections: z.array(courseSectionProgress) });
export type CourseProgressReply = z.infer<typeof courseProgressReply>;

export const assignedStudent = z.object({
  id: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.string().nullable(),
  email: z.string(),
  school: z.string().nullable(),
  createdAt: z.string(),
  courses: z.array(z.object({ id: z.string(), courseId: z.string(), name: z.string(), code: z.string() })),
  units: z.array(z.string()),
  sections: z.array(z.string()),
});
export type AssignedStudent = z.infer<typeof assignedStudent>;

export const sectionQuestionsReply = z.object({ questions: z.array(staffQuestion) });
export const addSectionQuestionsReply = z.object({ message: z.string(), assigned: z.number() });
/** The section's `exercises` in their new order. */
export const reorderQuestionsReply = z.object({ message: z.string(), exercises: z.array(z.string()) });
