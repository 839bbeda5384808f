/**
 * Which database changes are announced, and on which channel: the one home of the map from a table to the channels
 * its triggers notify (the triggers themselves are in `migrations/`; `changes.test.ts` checks both agree). Every
 * instance listens and empties what a notice reaches of what it keeps in memory (server/plugins/kept.ts).
 */

/** The database channel of each kind of change. */
export const CHANNELS = {
  /**
   * Courses, units, sections, a section's questions, assignments, tests given and sat, and a question's text or
   * answer. The payload names what a write reached (migration 0012): `c:<course>`, `s:<student>`, `q:<question>`,
   * joined by spaces, or anything else (`*`, a table's name) for everything.
   */
  content: 'academy_content_changed',
  /** Questions, their tags, the tags' names and attachments; the payload as on `content`. */
  bank: 'academy_bank_changed',
  /**
   * Accounts, profiles, a teacher's students or a parent's children (the triggers: the statement's operation), or a
   * user's sessions (`announceUserChange`, server/modules/sessions/cache.ts: the user's id); `*` after a lost
   * connection.
   */
  users: 'academy_users_changed',
  /** Offerings or what they grant were added, changed, reordered or removed: every instance draws its landing page again. */
  catalogue: 'academy_catalogue_changed',
  /** The academy's own details (name, contact, social links, currency) were changed. */
  academy: 'academy_settings_changed',
  /** Students' answer attempts were stored; the payload is `<instance> <studentId>...` (server/modules/student/attempts.ts). */
  attempts: 'academy_attempts_added',
} as const;
export type Channel = keyof typeof CHANNELS;

/**
 * The tables whose changes something kept in memory depends on, and the channels their triggers notify. A table a
 * kept view or memo reads belongs here, with a trigger in a migration; `changes.test.ts` fails until both agree.
 */
export const ANNOUNCED_TABLES: Record<string, readonly Channel[]> = {
  courses: ['content'],
  units: ['content'],
  sections: ['content'],
  section_questions: ['content'],
  student_courses: ['content'],
  student_units: ['content'],
  student_sections: ['content'],
  test_assignments: ['content'],
  test_attempts: ['content'],
  practice_questions: ['content'],
  // A student's variant of a question with random numbers (changed or taken back; a first one is not announced).
  student_variants: ['content'],
  // Inserted attempts are announced by their writer on `attempts`; the triggers announce the others.
  answer_attempts: ['content'],
  questions: ['content', 'bank'],
  question_categories: ['bank'],
  question_focus: ['bank'],
  categories: ['bank'],
  focus_areas: ['bank'],
  attachments: ['bank'],
  // Which skills a student's or a class's sections practice is kept (server/modules/mastery/kept.ts).
  skills: ['bank'],
  users: ['users'],
  profiles: ['users'],
  teacher_students: ['users'],
  parent_students: ['users'],
  // What a class gives its students is open to them through these (a section's due date is among what they see).
  class_students: ['content', 'users'],
  class_teachers: ['users'],
  class_courses: ['content'],
  class_held_units: ['content'],
  class_held_sections: ['content'],
  section_due_dates: ['content'],
  // Read by no kept view: the landing page, drawn with the published catalogue, is drawn again on a notice.
  offerings: ['catalogue'],
  offering_contents: ['catalogue'],
  academy_settings: ['academy'],
};

/** The tables nothing kept in memory reads, so their changes are announced to nobody. */
export const UNANNOUNCED_TABLES: readonly string[] = [
  // Read on each request that needs them (the signed-in user cache hears of ended sessions through announceUserChange).
  'sessions',
  'email_codes',
  'rate_limits',
  'subscriptions',
  'bookings',
  'loose_files',
  // Invitations are read only when one is opened or accepted; accepting one writes parent_students, which announces.
  'family_invitations',
  // Saved tests and their answers are read afresh by the test pages; what a student's kept reads need of them
  // (assignments, sittings) is announced with test_assignments and test_attempts.
  'tests',
  'test_questions',
  'test_attempt_answers',
  // The cart and the enrollments are read afresh by their pages; what an enrollment grants is written to
  // student_courses, student_units, student_sections and test_assignments, which announce.
  'cart_items',
  'enrollments',
  'enrollment_grants',
  'stripe_events',
  // A class's own details are read afresh; what it gives is announced by the tables above, and a test it gives by
  // the test_assignments it writes for each student.
  'classes',
  'class_tests',
  // A sitting's review, a student's notes and calendar feeds are read afresh by their pages; a review's new total
  // is written to test_attempts, which announces.
  'sitting_reviews',
  'sitting_review_changes',
  'student_notes',
  'calendar_feeds',
  // Read afresh by a teacher's view of a student's work.
  'help_opened',
  // Prerequisites, students' standing in skills, their days of activity, practice sessions, targets and parents'
  // letters are read afresh by the pages and jobs that show or send them.
  'skill_prerequisites',
  'student_skills',
  'student_skill_changes',
  // Answers waiting for the skill keeper, which takes them off itself.
  'skill_answer_queue',
  'student_days',
  'category_days',
  // The analytics' sums of closed days and months, read afresh by every analytics read.
  'academy_days',
  'category_months',
  'student_targets',
  'practice_sessions',
  'letter_settings',
  'letters',
  // Exam profiles, their score tables and students' accommodations are read afresh when a test is saved, a sitting
  // starts (which copies them) or a report is read; nothing kept holds them.
  'exam_profiles',
  'exam_score_tables',
  'student_accommodations',
];
