/**
 * The whole data model. Ids are uuids; timestamps are timestamptz.
 * Foreign keys cascade where the delete confirmations promise it (a course takes its units,
 * sections, question links and assignments with it).
 */
import { sql } from 'drizzle-orm';
import { QUESTION_TYPES } from '../../common/rules/questions';
import { RELEASE_MODES } from '../../common/rules/test-taking';
import {
  ANSWER_SHEETS,
  type Accommodations,
  type ExamSection,
  type ScaledRow,
  type SittingExam,
} from '../../common/rules/exams';
import { TEST_TYPES } from '../../common/rules/tests';
import { OFFERING_CURRENCIES, OFFERING_LEVELS, OFFERING_PROGRAM_KEYS } from '../../common/rules/offerings';
import { BOOKING_STATUSES, type SocialNetwork } from '../../common/rules/desk';
import { VIDEO_PROVIDERS } from '../../common/rules/video';
import { ENROLLMENT_STATUSES, PAYMENT_METHODS } from '../../common/rules/enrollments';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const userType = pgEnum('user_type', ['student', 'parent', 'teacher', 'admin', 'data_entry']);
export const userStatus = pgEnum('user_status', ['active', 'inactive']);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: userType('type').notNull(),
    status: userStatus('status').notNull().default('active'),
    emailVerifiedAt: at('email_verified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_type_idx').on(t.type),
    index('users_created_at_idx').on(t.createdAt),
    // The users table (GET /api/admin/users): newest first within a type or a status, and the stat cards' counts.
    index('users_type_created_idx').on(t.type, t.createdAt),
    index('users_status_created_idx').on(t.status, t.createdAt),
    index('users_type_status_idx').on(t.type, t.status),
    // Its search is a substring match: trigram indexes serve LIKE '%...%' (e-mails are stored lower-cased).
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number'),
    address: text('address'),
    school: text('school'),
    gradeLevel: text('grade_level'),
    gender: text('gender'),
    birthday: date('birthday', { mode: 'string' }),
    specialization: text('specialization'),
    department: text('department'),
    occupation: text('occupation'),
    /** A parent's child who has no account yet (the parent register form's student_name and student_grade). */
    studentName: text('student_name'),
    studentGrade: text('student_grade'),
    /** What the users search looks in besides the e-mail: the full name and the phone, lower-cased once on write. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || chr(10) || coalesce(phone_number, ''))`,
    ),
  },
  (t) => [index('profiles_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops'))],
);

export const teacherStudents = pgTable(
  'teacher_students',
  {
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.studentId] }), index('teacher_students_student_idx').on(t.studentId)],
);

export const parentStudents = pgTable(
  'parent_students',
  {
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.studentId] }), index('parent_students_student_idx').on(t.studentId)],
);

export const familyInvitationKind = pgEnum('family_invitation_kind', [
  'parent_invites_student',
  'student_invites_parent',
]);

/**
 * An invitation between a parent and a student, sent to an e-mail: accepting it links them (parent_students). Only
 * the SHA-256 of its link's secret is stored, as for sessions; it works once (accepted_at), until expires_at, and
 * only for an account with the invited e-mail.
 */
export const familyInvitations = pgTable(
  'family_invitations',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    kind: familyInvitationKind('kind').notNull(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('family_invitations_token_hash_key').on(t.tokenHash),
    index('family_invitations_inviter_idx').on(t.inviterId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: at('expires_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: at('sent_at').notNull().defaultNow(),
    verifiedAt: at('verified_at'),
    consumedAt: at('consumed_at'),
  },
  (t) => [index('email_codes_email_sent_idx').on(t.email, t.sentAt)],
);

/** Fixed-window counters shared by every server instance (sign-in, sign-up and code limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Newsletter sign-ups, one row each; an unsubscribe (by its link or an admin) ends every row of the address. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    /** SHA-256 of the token in the confirmation e-mail's unsubscribe link. */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
  },
  (t) => [
    index('subscriptions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('subscriptions_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('subscriptions_email_idx').on(t.email),
    uniqueIndex('subscriptions_unsubscribe_token_idx').on(t.unsubscribeTokenHash),
  ],
);

/** Booking requests from the landing page, worked through by the admins in their inbox. */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('new'),
    note: text('note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || chr(10) || email || chr(10) || phone)`),
  },
  (t) => [
    index('bookings_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('bookings_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('bookings_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('bookings_status_check', sql`status in ('new', 'contacted', 'closed')`),
  ],
);

/** The academy's own details: one row (id 1), which every page reads through the public academy route. */
export const academySettings = pgTable(
  'academy_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** By network: its https link, or null when the academy has none there. */
    social: jsonb('social').$type<Record<SocialNetwork, string | null>>().notNull(),
    currency: text('currency').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  () => [check('academy_settings_one_row', sql`id = 1`)],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    title: text('title').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('courses_code_key').on(t.code), index('courses_created_at_idx').on(t.createdAt)],
);

export const units = pgTable(
  'units',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    unitNumber: integer('unit_number').notNull(),
    grade: text('grade').notNull().default(''),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('units_course_number_idx').on(t.courseId, t.unitNumber)],
);

export const sections = pgTable(
  'sections',
  {
    id: id(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sectionNumber: integer('section_number').notNull(),
    grade: text('grade').notNull().default(''),
    content: text('content').notNull().default(''),
    /** The lesson's video, stored as its host and id (common/schemas/video.ts), never as the link typed. */
    videoProvider: text('video_provider', { enum: VIDEO_PROVIDERS }),
    videoId: text('video_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sections_unit_number_idx').on(t.unitId, t.sectionNumber),
    check(
      'sections_video_check',
      sql`(video_provider is null and video_id is null) or (video_provider in ('youtube', 'vimeo') and video_id is not null)`,
    ),
  ],
);

export const categories = pgTable(
  'categories',
  { id: id(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('categories_name_key').on(sql`lower(${t.name})`)],
);

export const focusAreas = pgTable(
  'focus_areas',
  { id: id(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('focus_areas_name_key').on(sql`lower(${t.name})`)],
);

export const questionType = pgEnum('question_type', QUESTION_TYPES);

export const questions = pgTable(
  'questions',
  {
    id: id(),
    questionText: text('question_text').notNull(),
    grade: integer('grade').notNull(),
    type: questionType('type').notNull(),
    options: jsonb('options').notNull().default({}),
    answer: jsonb('answer').notNull(),
    /** The forms each blank's answer must take (common/rules/answer-forms.ts): a list per blank, empty for none. */
    answerForms: jsonb('answer_forms').notNull().default([]),
    solution: text('solution').notNull().default(''),
    hint: text('hint').notNull().default(''),
    source: text('source').notNull().default(''),
    /**
     * Random numbers (common/templates): the variables, constraints and approved seeds whose values the texts and key
     * name as `{a}`; null for a question that is the same for everyone.
     */
    template: jsonb('template'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the bank's search looks in, lower-cased once on write: LIKE on it costs a third of ILIKE on the two
     * columns. The line break keeps a search from matching across the text and the source.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(question_text || chr(10) || source)`),
  },
  (t) => [
    index('questions_grade_created_idx').on(t.grade, t.createdAt),
    index('questions_type_created_idx').on(t.type, t.createdAt),
    index('questions_created_idx').on(t.createdAt),
    // The bank's search (`q`) is a substring match: a trigram index serves LIKE '%...%' (extension pg_trgm, migration 0001).
    index('questions_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const questionCategories = pgTable(
  'question_categories',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.categoryId] }),
    index('question_categories_category_idx').on(t.categoryId),
  ],
);

export const questionFocus = pgTable(
  'question_focus',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    focusId: uuid('focus_id')
      .notNull()
      .references(() => focusAreas.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.focusId] }), index('question_focus_focus_idx').on(t.focusId)],
);

export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('attachments_filename_key').on(t.filename), index('attachments_question_idx').on(t.questionId)],
);

/**
 * Stored files that no row owns yet or any more: written before the transaction that names them, or named by one
 * that deleted their rows. A file is listed here (in its own statement) before it is written, and taken off in the
 * transaction that gives it an attachment row; a deleting transaction lists the files it frees. So a process killed
 * anywhere leaves every unowned file listed, and the sweep (lib/storage.ts) deletes them.
 */
export const looseFiles = pgTable('loose_files', {
  filename: text('filename').primaryKey(),
  createdAt: createdAt(),
});

export const sectionQuestions = pgTable(
  'section_questions',
  {
    sectionId: uuid('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sectionId, t.questionId] }),
    index('section_questions_question_idx').on(t.questionId),
  ],
);

export const studentCourses = pgTable(
  'student_courses',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: createdAt(),
  },
  // assigned_at: the admin dashboard's latest assignments.
  (t) => [
    primaryKey({ columns: [t.studentId, t.courseId] }),
    index('student_courses_course_idx').on(t.courseId),
    index('student_courses_assigned_at_idx').on(t.assignedAt),
  ],
);

export const studentUnits = pgTable(
  'student_units',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.unitId] }), index('student_units_unit_idx').on(t.unitId)],
);

export const studentSections = pgTable(
  'student_sections',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.sectionId] }), index('student_sections_section_idx').on(t.sectionId)],
);

export const testType = pgEnum('test_type', TEST_TYPES);

/**
 * A saved test. `code` is set for assessments only (`TEST-` and 6 characters). The columns
 * are the API's under the database's names: title is the API's `name`, code its `testCode`.
 */
export const tests = pgTable(
  'tests',
  {
    id: id(),
    title: text('title').notNull(),
    type: testType('type').notNull().default('test'),
    code: text('code'),
    description: text('description').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    timeLimit: integer('time_limit'),
    totalMarks: integer('total_marks'),
    /** The exam's scoring and timing, when the test is scored like one; null: marks per question. */
    examProfileId: uuid('exam_profile_id').references(() => examProfiles.id),
    /** The author: with admins, the only one who may change, archive, delete or re-score the test. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set once a test is archived: kept with its sittings and results, out of the builder and the lists to assign. */
    archivedAt: at('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tests_code_key').on(t.code),
    index('tests_created_idx').on(t.createdAt),
    index('tests_exam_profile_idx').on(t.examProfileId),
  ],
);

/**
 * How an exam scores and times a test (common/rules/exams.ts): the built-in ones follow an exam's published rules
 * (`key` names them; they cannot be changed), an admin adds others. A sitting copies the rule when it starts.
 */
export const examProfiles = pgTable(
  'exam_profiles',
  {
    id: id(),
    key: text('key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Which year's rules the profile follows, and where they are published. */
    rulesAsOf: text('rules_as_of').notNull().default(''),
    source: text('source').notNull().default(''),
    right: doublePrecision('right').notNull(),
    wrong: doublePrecision('wrong').notNull().default(0),
    blank: doublePrecision('blank').notNull().default(0),
    cap: doublePrecision('cap'),
    sections: jsonb('sections').$type<ExamSection[]>().notNull().default([]),
    breakMinutes: integer('break_minutes').notNull().default(0),
    answerSheet: text('answer_sheet', { enum: ANSWER_SHEETS }).notNull().default('bubbles'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exam_profiles_key_key').on(t.key),
    uniqueIndex('exam_profiles_name_key').on(sql`lower(${t.name})`),
  ],
);

/**
 * A raw-to-scaled table of a profile, for students of one grade or (grade null) any: where an exam publishes a
 * conversion, or the academy keeps its own from past mocks. Reports show what it gives as an estimate.
 */
export const examScoreTables = pgTable(
  'exam_score_tables',
  {
    id: id(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => examProfiles.id, { onDelete: 'cascade' }),
    grade: integer('grade'),
    source: text('source').notNull().default(''),
    rows: jsonb('rows').$type<ScaledRow[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('exam_score_tables_profile_grade_key').on(t.profileId, sql`coalesce(${t.grade}, -1)`)],
);

/** A student's accommodations, set by a teacher or an admin; every sitting they start copies them. */
export const studentAccommodations = pgTable('student_accommodations', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeFactor: doublePrecision('time_factor'),
  extraMinutes: integer('extra_minutes'),
  extraBreakMinutes: integer('extra_break_minutes').notNull().default(0),
  largeText: boolean('large_text').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * A test's questions by position (1, 2, 3...). A question deleted from the bank leaves its row with a null
 * `question_id`: the test keeps a visible gap at that position instead of renumbering behind the author's back.
 */
export const testQuestions = pgTable(
  'test_questions',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    marks: integer('marks').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.position] }),
    uniqueIndex('test_questions_test_question_key').on(t.testId, t.questionId),
    index('test_questions_question_idx').on(t.questionId),
  ],
);

export const testRelease = pgEnum('test_release', RELEASE_MODES);

/**
 * A saved test given to one student: its window, when results reach the student (`on-submit`, or
 * `manual` once staff release them, `released_at`), and whether the question order is shuffled per student.
 */
export const testAssignments = pgTable(
  'test_assignments',
  {
    id: id(),
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    opensAt: at('opens_at'),
    closesAt: at('closes_at'),
    release: testRelease('release').notNull().default('on-submit'),
    shuffle: boolean('shuffle').notNull().default(false),
    releasedAt: at('released_at'),
    /** The class that gave the test (class_tests), so a student leaving the class loses only what it gave. */
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('test_assignments_test_student_key').on(t.testId, t.studentId),
    index('test_assignments_student_idx').on(t.studentId),
    index('test_assignments_class_idx').on(t.classId),
  ],
);

/**
 * A student's one sitting of an assignment. `paper` is the test as it was when the student started (question ids
 * and marks in the order shown), so a later edit of the test changes no sitting; the deadline is fixed at the start
 * by the server's clock. Scores are stored at submission: a later change to the checker or a question rewrites
 * nothing until staff re-score.
 */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: id(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => testAssignments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Each question with its marks, and for one with random numbers the seed of the student's variant. */
    paper: jsonb('paper').$type<Array<{ questionId: string | null; marks: number; seed?: number }>>().notNull(),
    startedAt: at('started_at').notNull(),
    deadline: at('deadline'),
    submittedAt: at('submitted_at'),
    /** Whether the student submitted, or the server did when time ran out. */
    submittedBy: text('submitted_by'),
    score: doublePrecision('score'),
    maxMarks: integer('max_marks').notNull(),
    /** The reviewing teacher's comment on the whole sitting (per question: sitting_reviews). */
    reviewComment: text('review_comment'),
    /** The exam rule the sitting is scored and timed by, as it was at the start; null: marks per question. */
    exam: jsonb('exam').$type<SittingExam>(),
    /** The student's accommodations as they were at the start. */
    accommodations: jsonb('accommodations').$type<Accommodations>(),
    /** The section in progress (from 0) and when it started; a start to come is the break before it. */
    sectionIndex: integer('section_index'),
    sectionStartedAt: at('section_started_at'),
  },
  (t) => [
    uniqueIndex('test_attempts_assignment_key').on(t.assignmentId),
    index('test_attempts_student_idx').on(t.studentId),
    index('test_attempts_open_deadline_idx')
      .on(t.deadline)
      .where(sql`submitted_at is null`),
    // The admin's test results over a range of days (analytics).
    index('test_attempts_submitted_idx')
      .on(t.submittedAt)
      .where(sql`submitted_at is not null`),
  ],
);

/** One saved answer of a sitting; `awarded` (marks) is set when the sitting is scored. */
export const testAttemptAnswers = pgTable(
  'test_attempt_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => testAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull(),
    answer: text('answer').notNull(),
    savedAt: at('saved_at').notNull(),
    /** When the question was first answered (or left blank): the report's time per question. */
    firstSavedAt: at('first_saved_at'),
    awarded: doublePrecision('awarded'),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

/**
 * The questions given to a student in practice: a practice session's (`attempt_id` null) or the weak spots of a
 * released test sitting (`attempt_id`). The one rule of "given to this student in practice": a student may check and
 * see the solution of these as of a question in an open section.
 */
export const practiceQuestions = pgTable(
  'practice_questions',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id').references(() => testAttempts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.questionId] }),
    index('practice_questions_attempt_idx').on(t.attemptId),
  ],
);

/**
 * The variant of a question with random numbers a student practices: the seed they were given, kept so they find the
 * same numbers when they come back, changed by "Show me another" or by a teacher who gives them a new one.
 */
export const studentVariants = pgTable(
  'student_variants',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    seed: integer('seed').notNull(),
    /** How many variants the student was given before this one (0 for the first). */
    replaced: integer('replaced').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.questionId] }),
    index('student_variants_question_idx').on(t.questionId),
  ],
);

export const answerAttempts = pgTable(
  'answer_attempts',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').references(() => sections.id, { onDelete: 'set null' }),
    answer: jsonb('answer').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    /** The variant answered (its seed), for a question with random numbers; null for one without. */
    seed: integer('seed'),
    createdAt: createdAt(),
  },
  (t) => [
    index('answer_attempts_student_idx').on(t.studentId, t.createdAt),
    // A student's checks per question (whether one is a first try, their totals) have an index built while the academy
    // serves, answer_attempts_student_checks_idx (db/background-indexes.ts): building it here would hold the writes.
    index('answer_attempts_question_idx').on(t.questionId),
    // Whether a student ever got a question right, one probe however many wrong tries came before: the checks' index
    // walks every try of the pair, and a student stuck on a question stores thousands.
    index('answer_attempts_solved_idx')
      .on(t.studentId, t.questionId)
      .where(sql`is_correct`),
    // The admin dashboard's students active and answers checked in the last 7 days, across every student.
    index('answer_attempts_created_idx').on(t.createdAt),
  ],
);

export const offeringProgram = pgEnum('offering_program', OFFERING_PROGRAM_KEYS);
export const offeringLevel = pgEnum('offering_level', OFFERING_LEVELS);
export const offeringCurrency = pgEnum('offering_currency', OFFERING_CURRENCIES);

/**
 * The public catalogue: what a visitor can buy. `price_minor` is in cents of `currency`, null when free; `position`
 * is the display order (the admin's drag order). The image is an upload like a question's (an attachment row
 * without a question), so backups and the loose-file sweep know it.
 */
export const offerings = pgTable(
  'offerings',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    program: offeringProgram('program').notNull(),
    gradeBand: text('grade_band').notNull(),
    level: offeringLevel('level').notNull(),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    units: integer('units').notNull().default(0),
    mockTests: integer('mock_tests').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    duration: text('duration').notNull().default(''),
    priceMinor: integer('price_minor'),
    currency: offeringCurrency('currency').notNull().default('USD'),
    imageId: uuid('image_id').references(() => attachments.id, { onDelete: 'set null' }),
    published: boolean('published').notNull().default(false),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('offerings_slug_key').on(t.slug),
    // The public list (published, in order) and its program filter; the admin list is in order too.
    index('offerings_published_position_idx').on(t.published, t.position),
    index('offerings_program_position_idx').on(t.program, t.position),
    index('offerings_position_idx').on(t.position),
    index('offerings_image_idx').on(t.imageId),
    // The search by name is a substring match: a trigram index serves LIKE '%...%' on the lower-cased title.
    index('offerings_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('offerings_price_check', sql`${t.priceMinor} is null or ${t.priceMinor} >= 0`),
  ],
);

/** What an offering grants: each row one of our courses or one saved test (a mock-test package), in order. */
export const offeringContents = pgTable(
  'offering_contents',
  {
    id: id(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').references(() => tests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    index('offering_contents_offering_idx').on(t.offeringId, t.position),
    uniqueIndex('offering_contents_course_key').on(t.offeringId, t.courseId),
    uniqueIndex('offering_contents_test_key').on(t.offeringId, t.testId),
    index('offering_contents_course_idx').on(t.courseId),
    index('offering_contents_test_idx').on(t.testId),
    check('offering_contents_one_check', sql`num_nonnulls(${t.courseId}, ${t.testId}) = 1`),
  ],
);

/**
 * A family's cart, kept on the server: one offering for one student, bought by `user_id` (a parent or a student).
 * `student_id` is null until a parent chooses the child. An item stays until its enrollment is made (at once, or
 * when Stripe confirms a card payment), so a payment given up leaves the cart as it was.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One offering per student in a cart; items without a student yet may repeat (one per child to choose).
    uniqueIndex('cart_items_user_offering_student_key').on(t.userId, t.offeringId, t.studentId),
    index('cart_items_user_created_idx').on(t.userId, t.createdAt),
    index('cart_items_offering_idx').on(t.offeringId),
    index('cart_items_student_idx').on(t.studentId),
  ],
);

/**
 * One student's enrollment in one offering: pending until paid, active while it grants the offering's content,
 * then cancelled or refunded. The offering's title and the names are copied in `search_text` when it is made,
 * so the admin's search stays one trigram index. A card payment ties it to our checkout (`checkout_id`, the
 * Stripe session's client_reference_id) and the session.
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    offeringId: uuid('offering_id').references(() => offerings.id, { onDelete: 'set null' }),
    offeringTitle: text('offering_title').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    checkoutId: uuid('checkout_id'),
    stripeSessionId: text('stripe_session_id'),
    paymentIntentId: text('payment_intent_id'),
    paidAt: at('paid_at'),
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one live (pending or active) enrollment of a student in an offering.
    uniqueIndex('enrollments_live_key')
      .on(t.offeringId, t.studentId)
      .where(sql`status in ('pending', 'active')`),
    index('enrollments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('enrollments_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('enrollments_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('enrollments_student_idx').on(t.studentId, t.createdAt),
    // The admin's enrollments over a range of days narrowed to a program's offerings (analytics).
    index('enrollments_offering_created_idx').on(t.offeringId, t.createdAt),
    index('enrollments_buyer_idx').on(t.buyerId),
    index('enrollments_checkout_idx').on(t.checkoutId),
    index('enrollments_session_idx').on(t.stripeSessionId),
    index('enrollments_awaiting_idx').on(t.method, t.status),
    check('enrollments_status_check', sql`status in ('pending', 'active', 'cancelled', 'refunded')`),
    check('enrollments_method_check', sql`method in ('card', 'academy', 'free')`),
    check('enrollments_amount_check', sql`amount_minor >= 0`),
  ],
);

/**
 * What an active enrollment granted: a course or a saved test the student did not have before, or had from
 * another enrollment. Content a teacher or an admin assigned on their own is never recorded here, so ending an
 * enrollment takes away only what enrollments gave, and only once no other active one still grants it.
 */
export const enrollmentGrants = pgTable(
  'enrollment_grants',
  {
    id: id(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').references(() => tests.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('enrollment_grants_course_key').on(t.enrollmentId, t.courseId),
    uniqueIndex('enrollment_grants_test_key').on(t.enrollmentId, t.testId),
    index('enrollment_grants_student_course_idx').on(t.studentId, t.courseId),
    index('enrollment_grants_student_test_idx').on(t.studentId, t.testId),
    index('enrollment_grants_course_idx').on(t.courseId),
    index('enrollment_grants_test_idx').on(t.testId),
    check('enrollment_grants_one_check', sql`num_nonnulls(${t.courseId}, ${t.testId}) = 1`),
  ],
);

/** Stripe events already handled: Stripe delivers an event at least once, and a replay must change nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/**
 * A class: students taught together by one or more teachers (co-teachers have the same rights), given courses and
 * tests as a group. A student types `join_code` to join; null when joining by code is turned off.
 */
export const classes = pgTable(
  'classes',
  {
    id: id(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    grade: text('grade').notNull().default(''),
    term: text('term').notNull().default(''),
    joinCode: text('join_code'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('classes_join_code_key').on(t.joinCode), index('classes_created_idx').on(t.createdAt)],
);

export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.teacherId] }), index('class_teachers_teacher_idx').on(t.teacherId)],
);

/** A class's students now; one who leaves loses the row (and the class's access), never their own history. */
export const classStudents = pgTable(
  'class_students',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId] }), index('class_students_student_idx').on(t.studentId)],
);

/**
 * A course given to a class: open to every student of the class with all its units and sections, those added later
 * included, except the units and sections the class holds back (class_held_units, class_held_sections).
 */
export const classCourses = pgTable(
  'class_courses',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.courseId] }), index('class_courses_course_idx').on(t.courseId)],
);

export const classHeldUnits = pgTable(
  'class_held_units',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.classId, t.unitId] }), index('class_held_units_unit_idx').on(t.unitId)],
);

export const classHeldSections = pgTable(
  'class_held_sections',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.classId, t.sectionId] }), index('class_held_sections_section_idx').on(t.sectionId)],
);

/**
 * A saved test given to a class, with the window and release its students' given tests (test_assignments, whose
 * class_id names the class) are made with, now and when a student joins later.
 */
export const classTests = pgTable(
  'class_tests',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    testId: uuid('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    opensAt: at('opens_at'),
    closesAt: at('closes_at'),
    release: testRelease('release').notNull().default('on-submit'),
    shuffle: boolean('shuffle').notNull().default(false),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.testId] }), index('class_tests_test_idx').on(t.testId)],
);

/**
 * When a section's exercises are due: for a class's students (class_id), or for one student (student_id: a section
 * assigned to them alone, or an extension that overrides their classes' date). Finished after it is late; not
 * finished at it, missing.
 */
export const sectionDueDates = pgTable(
  'section_due_dates',
  {
    id: id(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'cascade' }),
    dueAt: at('due_at').notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('section_due_dates_class_key').on(t.classId, t.sectionId),
    uniqueIndex('section_due_dates_student_key').on(t.studentId, t.sectionId),
    index('section_due_dates_section_idx').on(t.sectionId),
    index('section_due_dates_due_idx').on(t.dueAt),
    check('section_due_dates_one_check', sql`num_nonnulls(${t.classId}, ${t.studentId}) = 1`),
  ],
);

/**
 * A teacher's review of one question of a sitting: marks that replace the automatic ones (with the reason), and a
 * comment. An override survives a re-score, which only changes the automatic marks beside it.
 */
export const sittingReviews = pgTable(
  'sitting_reviews',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => testAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull(),
    overrideMarks: doublePrecision('override_marks'),
    overrideReason: text('override_reason'),
    comment: text('comment'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

/** Every change to a sitting's review: who, when, what (`field`), and the value before and after. */
export const sittingReviewChanges = pgTable(
  'sitting_review_changes',
  {
    id: id(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => testAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id'),
    field: text('field').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: createdAt(),
  },
  (t) => [index('sitting_review_changes_attempt_idx').on(t.attemptId, t.changedAt)],
);

/** A teacher's note on a student, shown to the student, and to the student's parents when `for_parents`. */
export const studentNotes = pgTable(
  'student_notes',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    forParents: boolean('for_parents').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('student_notes_student_idx').on(t.studentId, t.createdAt)],
);

/**
 * A user's calendar feed: the SHA-256 of the secret in its address (an iCalendar subscription cannot sign in).
 * Revoking deletes the row; a new address makes a new secret.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The first time a student opened a question's hint or its solution (`kind`), for their teacher's view of their
 * work: help taken is part of how a question was solved.
 */
export const helpOpened = pgTable(
  'help_opened',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['hint', 'solution'] }).notNull(),
    openedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.questionId, t.kind] }),
    check('help_opened_kind_check', sql`kind in ('hint', 'solution')`),
  ],
);

/**
 * A skill: a focus area of the bank, alone or narrowed to one of its categories, with an optional grade band. A
 * question practices the skills whose focus area it carries and whose category it carries, when the skill names one.
 */
export const skills = pgTable(
  'skills',
  {
    id: id(),
    focusAreaId: uuid('focus_area_id')
      .notNull()
      .references(() => focusAreas.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    gradeMin: integer('grade_min'),
    gradeMax: integer('grade_max'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('skills_focus_category_key').on(
      t.focusAreaId,
      sql`coalesce(${t.categoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('skills_category_idx').on(t.categoryId),
    check('skills_grade_band_check', sql`grade_min is null or grade_max is null or grade_min <= grade_max`),
  ],
);

/** The skills that come before a skill. The graph stays acyclic: the service checks under a lock before it adds. */
export const skillPrerequisites = pgTable(
  'skill_prerequisites',
  {
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    prerequisiteId: uuid('prerequisite_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.skillId, t.prerequisiteId] }),
    index('skill_prerequisites_prerequisite_idx').on(t.prerequisiteId),
    check('skill_prerequisites_not_itself_check', sql`skill_id <> prerequisite_id`),
  ],
);

/**
 * A student's standing in a skill, kept as their answers are stored: the mastery rule's state (its level and the
 * recent first tries it reads, newest in the lowest bit) and the skill's review schedule (an FSRS card).
 */
export const studentSkills = pgTable(
  'student_skills',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull().default(0),
    recentFirstTries: integer('recent_first_tries').notNull().default(0),
    recentCount: smallint('recent_count').notNull().default(0),
    firstTries: integer('first_tries').notNull().default(0),
    firstTriesRight: integer('first_tries_right').notNull().default(0),
    reviewDueAt: at('review_due_at'),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    reviews: integer('reviews').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    cardState: smallint('card_state').notNull().default(0),
    lastReviewAt: at('last_review_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.skillId] }),
    index('student_skills_skill_idx').on(t.skillId),
    index('student_skills_review_idx').on(t.studentId, t.reviewDueAt),
    check('student_skills_level_check', sql`level between 0 and 4`),
  ],
);

/** Each change of a student's level in a skill, for "skills by level over time". */
export const studentSkillChanges = pgTable(
  'student_skill_changes',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    fromLevel: smallint('from_level').notNull(),
    toLevel: smallint('to_level').notNull(),
    changedAt: createdAt(),
  },
  (t) => [index('student_skill_changes_student_idx').on(t.studentId, t.changedAt)],
);

/**
 * Answers stored but not yet counted into their students' skills, oldest first: a check's first try, queued by the
 * statement that stores the check, and each question of a submitted sitting, queued by the submission. The skill
 * keeper (server/modules/mastery/keeper.ts) takes them off and counts them, so no answer waits for the mastery rule.
 */
export const skillAnswerQueue = pgTable('skill_answer_queue', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  studentId: uuid('student_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  questionId: uuid('question_id').notNull(),
  isCorrect: boolean('is_correct').notNull(),
  /** A question of a test sitting, a mixed assessment; otherwise a check's first try in practice. */
  mixed: boolean('mixed').notNull(),
  answeredAt: at('answered_at').notNull(),
});

/**
 * A student's activity on one day (UTC), added to as their answers are stored: the weekly charts and the admin's
 * active students and checks per day read these rows, never the answers.
 */
export const studentDays = pgTable(
  'student_days',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    checks: integer('checks').notNull().default(0),
    solved: integer('solved').notNull().default(0),
    firstTries: integer('first_tries').notNull().default(0),
    firstTriesRight: integer('first_tries_right').notNull().default(0),
    activeMinutes: integer('active_minutes').notNull().default(0),
    lastCheckAt: at('last_check_at'),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.day] }), index('student_days_day_idx').on(t.day)],
);

/**
 * The academy's checks per day (UTC), grade and category of the question, added to as answers are stored: the
 * admin's accuracy by category and grade over a year reads these rows.
 */
export const categoryDays = pgTable(
  'category_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    grade: integer('grade').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    checks: integer('checks').notNull().default(0),
    correct: integer('correct').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.grade, t.categoryId] })],
);

/**
 * The category_days of one closed month (`month` its first day) summed for the admin's analytics, per grade and
 * category: a year of accuracy by category is then a dozen months' rows and the days of the range's ends. Filled
 * by the analytics as they read (server/modules/analytics/categories.ts); rebuildDays empties it.
 */
export const categoryMonths = pgTable(
  'category_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    grade: integer('grade').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    checks: integer('checks').notNull(),
    correct: integer('correct').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.grade, t.categoryId] })],
);

/**
 * The student_days and the scored sittings of one closed day summed for the admin's analytics, so a year is 366 rows
 * instead of a row per student and day and one per sitting: for every student (`program` ''), or for a program's
 * students (`program` its key; `members` the fingerprint of who they were when counted, so a row counted for other
 * students is not read). Filled by the analytics as they read (server/modules/analytics/days.ts), never by the
 * statement that stores the checks; a delete from student_days (rebuildDays, a deleted student) empties the days it
 * reaches (migration 0026), and so does a sitting of a past day written (a re-score, a review, a delete: 0032).
 */
export const academyDays = pgTable(
  'academy_days',
  {
    program: text('program').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    members: text('members').notNull(),
    activeStudents: integer('active_students').notNull(),
    checks: integer('checks').notNull(),
    firstTries: integer('first_tries').notNull(),
    firstTriesRight: integer('first_tries_right').notNull(),
    /**
     * The sittings submitted that day with a score, and the sum of their scores in percent of their marks; null in a
     * row kept by a release before them, which is then summed again.
     */
    sittings: integer('sittings'),
    scorePercentSum: doublePrecision('score_percent_sum'),
  },
  (t) => [primaryKey({ columns: [t.program, t.day] })],
);

/** The score a parent or a teacher hopes a student's tests reach; drawn as a line on the test-scores chart. */
export const studentTargets = pgTable(
  'student_targets',
  {
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetPercent: smallint('target_percent').notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  () => [check('student_targets_percent_check', sql`target_percent between 1 and 100`)],
);

/**
 * A practice session: the questions the server chose for a student (skills due for review, just below Proficient, a
 * weak prerequisite, or the weak spots of a test sitting), in order, and how far the student is; kept across reloads.
 */
export const practiceSessions = pgTable(
  'practice_sessions',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id').references(() => testAttempts.id, { onDelete: 'cascade' }),
    items: jsonb('items').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('practice_sessions_student_idx').on(t.studentId, t.createdAt),
    // One open practice session per student, and one weak-spot session per test sitting: two clicks make one.
    uniqueIndex('practice_sessions_open_key')
      .on(t.studentId)
      .where(sql`finished_at is null and attempt_id is null`),
    uniqueIndex('practice_sessions_attempt_key')
      .on(t.attemptId)
      .where(sql`attempt_id is not null`),
  ],
);

/** How often a parent hears of a child by e-mail, when, and the token of the link that stops it without signing in. */
export const letterSettings = pgTable(
  'letter_settings',
  {
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['weekly', 'daily', 'off'] })
      .notNull()
      .default('weekly'),
    weekday: smallint('weekday').notNull().default(0),
    hour: smallint('hour').notNull().default(18),
    timeZone: text('time_zone').notNull().default('UTC'),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.studentId] }),
    uniqueIndex('letter_settings_token_key').on(t.unsubscribeTokenHash),
    check('letter_settings_when_check', sql`weekday between 0 and 6 and hour between 0 and 23`),
    check('letter_settings_frequency_check', sql`frequency in ('weekly', 'daily', 'off')`),
  ],
);

/** A letter about a child for a period: one per parent, child and period, whichever instance writes it first. */
export const letters = pgTable(
  'letters',
  {
    id: id(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('letters_period_key').on(t.parentId, t.studentId, t.periodStart),
    index('letters_status_idx').on(t.status, t.createdAt),
    check('letters_status_check', sql`status in ('queued', 'sent', 'failed')`),
  ],
);
