/** Classes: students taught together by one or more teachers, given courses and tests as a group. */

/**
 * A join code's letters: no 0/O, 1/I/L or 5/S, which a student copying from a board reads one for the other.
 * Six of 29 characters make about 600 million codes: with joins rate-limited, guessing one is hopeless.
 */
export const JOIN_CODE_ALPHABET = '2346789ABCDEFGHJKMNPQRTUVWXYZ';
export const JOIN_CODE_LENGTH = 6;

export const CLASS_LIMITS = {
  name: 120,
  subject: 120,
  term: 60,
  /** E-mails in one CSV upload. */
  csvRows: 500,
  /** Students added by id in one call. */
  studentIds: 500,
  /** Wrong join codes a student may type per window before waiting. */
  joinFailures: 10,
  joinWindowSeconds: 15 * 60,
  /** Joins tried from one address per hour, right or wrong: a school's whole year behind one address, with typos. */
  joinsPerAddressPerHour: 300,
} as const;

export const CLASS_MESSAGES = {
  notFound: 'Class not found',
  notYourClass: 'You can only manage classes you teach',
  nameRequired: 'Class name is required',
  gradeInvalid: 'Grade must be K, 1 to 12, or empty',
  unknownTeacher: 'One of the teachers was not found',
  notATeacher: 'Only teacher accounts can teach a class',
  lastTeacher: 'A class keeps at least one teacher',
  unknownStudent: 'One of the students was not found',
  notYourStudent: 'You can only add students you teach; ask them to join with the class code',
  notAMember: 'This student is not in the class',
  unknownCourse: 'Course not found',
  courseNotGiven: 'The class does not have this course',
  unknownUnit: 'Unit not found',
  unknownSection: 'Section not found',
  unknownTest: 'Test not found',
  testNotGiven: 'The class does not have this test',
  joinCodeRequired: 'Type the class code your teacher gave you',
  joinCodeWrong: 'No class has this code. Check it with your teacher and try again.',
  alreadyMember: 'You are already in this class',
  tooManyJoinTries: 'Too many wrong codes. Please wait 15 minutes and try again.',
  csvEmpty: 'The file has no e-mails',
  csvTooMany: `At most ${CLASS_LIMITS.csvRows} rows can be uploaded at once`,
} as const;

/** Per-row outcomes of a CSV of e-mails. */
export const CLASS_CSV_ROW_MESSAGES = {
  added: 'Added to the class',
  already: 'Already in the class',
  invalid: 'Not a valid e-mail',
  repeated: 'This e-mail appears earlier in the file',
  unknown: 'No student account has this e-mail',
  notYours: 'Not one of your students: ask them to join with the class code, or ask an admin to add them',
} as const;
