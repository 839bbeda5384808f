/**
 * Classes: a teacher's or an admin's list and details of a class, its students, teachers, courses and tests, and a
 * student's joining by code.
 */
import { z } from 'zod';
import { CLASS_LIMITS, CLASS_MESSAGES as M, JOIN_CODE_LENGTH } from '../rules/classes';
import { GRADES } from '../rules/profile';
import { RELEASE_MODES, TEST_TAKING_MESSAGES } from '../rules/test-taking';
import { requiredText, textRules } from './fields';

const shortText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(textRules(label, 'line'));

const grade = z.union([z.enum(GRADES), z.literal('')], { error: M.gradeInvalid });

export const classBody = z.object({
  name: requiredText('Class name', CLASS_LIMITS.name),
  subject: shortText('Subject', CLASS_LIMITS.subject).default(''),
  grade: grade.default(''),
  term: shortText('Term', CLASS_LIMITS.term).default(''),
  /** An admin names the teachers; a teacher creating a class teaches it (the list may add co-teachers). */
  teacherIds: z
    .array(z.uuid(M.unknownTeacher), { error: M.unknownTeacher })
    .max(20, 'At most 20 teachers')
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type ClassBody = z.input<typeof classBody>;

/** An edit names only the fields it changes. */
export const classUpdateBody = z
  .object({
    name: requiredText('Class name', CLASS_LIMITS.name),
    subject: shortText('Subject', CLASS_LIMITS.subject),
    grade,
    term: shortText('Term', CLASS_LIMITS.term),
  })
  .partial();
export type ClassUpdateBody = z.input<typeof classUpdateBody>;

export const classParams = z.object({ id: z.uuid(M.notFound) });
export const classMemberParams = z.object({ id: z.uuid(M.notFound), userId: z.uuid(M.notAMember) });
export const classItemParams = z.object({ id: z.uuid(M.notFound), itemId: z.uuid('Not found') });

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type ClassPerson = z.infer<typeof person>;

export const classSummary = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  grade: z.string(),
  term: z.string(),
  joinCode: z.string().nullable(),
  teachers: z.array(person),
  studentCount: z.number(),
  courseCount: z.number(),
  testCount: z.number(),
  createdAt: z.string(),
});
export type ClassSummary = z.infer<typeof classSummary>;
export const classListReply = z.object({ classes: z.array(classSummary) });
export const classReply = z.object({ class: classSummary });

export const classStudent = person.extend({ grade: z.string(), joinedAt: z.string() });
export type ClassStudent = z.infer<typeof classStudent>;
export const classStudentsReply = z.object({ students: z.array(classStudent) });

export const classTeachersBody = z.object({
  teacherIds: z
    .array(z.uuid(M.unknownTeacher), { error: M.unknownTeacher })
    .min(1, M.unknownTeacher)
    .max(20, 'At most 20 teachers')
    .transform((ids) => [...new Set(ids)]),
});

export const classStudentsBody = z.object({
  studentIds: z
    .array(z.uuid(M.unknownStudent), { error: M.unknownStudent })
    .min(1, 'Pick at least one student')
    .max(CLASS_LIMITS.studentIds, `At most ${CLASS_LIMITS.studentIds} students at once`)
    .transform((ids) => [...new Set(ids)]),
});

/** A CSV's e-mails as the browser read them (the header and blank lines dropped), in the file's order. */
export const classCsvBody = z.object({
  emails: z
    .array(z.string({ error: 'Each row must be text' }).max(320, 'Not a valid e-mail'), { error: M.csvEmpty })
    .min(1, M.csvEmpty)
    .max(CLASS_LIMITS.csvRows, M.csvTooMany),
});
export const CSV_ROW_STATUSES = ['added', 'already', 'invalid', 'repeated', 'unknown', 'notYours'] as const;
export const classCsvRow = z.object({
  /** The row's number in the file, counting the header as row 1. */
  row: z.number(),
  email: z.string(),
  status: z.enum(CSV_ROW_STATUSES),
  message: z.string(),
});
export type ClassCsvRow = z.infer<typeof classCsvRow>;
export const classCsvReply = z.object({ message: z.string(), added: z.number(), rows: z.array(classCsvRow) });
export type ClassCsvReply = z.infer<typeof classCsvReply>;

export const joinCodeReply = z.object({ joinCode: z.string().nullable() });

export const classSectionTree = z.object({ id: z.string(), title: z.string(), held: z.boolean() });
export const classUnitTree = z.object({
  id: z.string(),
  title: z.string(),
  held: z.boolean(),
  sections: z.array(classSectionTree),
});
export const classCourse = z.object({
  id: z.string(),
  title: z.string(),
  assignedAt: z.string(),
  units: z.array(classUnitTree),
});
export type ClassCourse = z.infer<typeof classCourse>;
export const classCoursesReply = z.object({ courses: z.array(classCourse) });
export const classCourseBody = z.object({ courseId: z.uuid(M.unknownCourse) });
export const classHoldBody = z.object({ held: z.boolean({ error: 'Held must be true or false' }) });

const instant = z.iso.datetime({ offset: true, error: 'Dates must be ISO 8601 date-times' });
export const classTestBody = z
  .object({
    testId: z.uuid(M.unknownTest),
    opensAt: instant.nullish(),
    closesAt: instant.nullish(),
    release: z.enum(RELEASE_MODES, { error: `Release must be ${RELEASE_MODES.join(' or ')}` }).default('on-submit'),
    shuffle: z.boolean({ error: 'Shuffle must be true or false' }).default(false),
  })
  .refine((b) => !b.opensAt || !b.closesAt || Date.parse(b.closesAt) > Date.parse(b.opensAt), {
    message: TEST_TAKING_MESSAGES.window,
    path: ['closesAt'],
  });
export type ClassTestBody = z.input<typeof classTestBody>;
export const classTest = z.object({
  testId: z.string(),
  name: z.string(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  release: z.enum(RELEASE_MODES),
  shuffle: z.boolean(),
  assignedAt: z.string(),
  /** Students of the class holding this test now, and how many of them have started it. */
  given: z.number(),
  started: z.number(),
});
export type ClassTest = z.infer<typeof classTest>;
export const classTestsReply = z.object({ tests: z.array(classTest) });

export const joinClassBody = z.object({
  code: z
    .string({ error: M.joinCodeRequired })
    .trim()
    .min(1, M.joinCodeRequired)
    .max(JOIN_CODE_LENGTH * 3, M.joinCodeWrong),
});
export const studentClass = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  grade: z.string(),
  term: z.string(),
  teachers: z.array(z.string()),
});
export type StudentClass = z.infer<typeof studentClass>;
export const studentClassesReply = z.object({ classes: z.array(studentClass) });
export const joinClassReply = z.object({ message: z.string(), class: studentClass });
