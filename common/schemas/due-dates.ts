/**
 * The contract of due dates and the calendar: a class's sections with their due dates, a date set for a class or
 * one student, the student's due list, the calendar's events and the iCalendar feed's link.
 */
import { z } from 'zod';
import { CALENDAR_LIMITS, DUE_DATE_MESSAGES, DUE_STATES, TEST_WINDOW_STATES } from '../rules/due-dates';
import { CLASS_MESSAGES } from '../rules/classes';

const M = DUE_DATE_MESSAGES;
const YEAR_MIN = Date.UTC(2000, 0, 1);
const YEAR_MAX = Date.UTC(2101, 0, 1);

/** A real date-time with its offset (a form's local time is sent as ISO 8601 in UTC). */
export const dueAtField = z
  .string({ error: M.dueAtRequired })
  .trim()
  .min(1, M.dueAtRequired)
  .pipe(z.iso.datetime({ offset: true, error: M.dueAtInvalid }))
  .refine((v) => !Number.isNaN(Date.parse(v)), M.dueAtInvalid)
  .refine((v) => Date.parse(v) >= YEAR_MIN && Date.parse(v) < YEAR_MAX, M.dueAtRange);

export const setDueDateBody = z.object({ dueAt: dueAtField });
export type SetDueDateBody = z.input<typeof setDueDateBody>;

export const classSectionParams = z.object({
  id: z.uuid(CLASS_MESSAGES.notFound),
  sectionId: z.uuid(M.sectionNotInClass),
});
export const classStudentSectionParams = classSectionParams.extend({ studentId: z.uuid(M.studentNotInClass) });
export const studentSectionParams = z.object({
  studentId: z.uuid(M.studentNotFound),
  sectionId: z.uuid(M.sectionNotAssigned),
});

export const dueDateReply = z.object({ dueAt: z.iso.datetime().nullable() });

const classSection = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  unitId: z.string(),
  unitTitle: z.string(),
  unitNumber: z.number(),
  sectionId: z.string(),
  title: z.string(),
  sectionNumber: z.number(),
  dueAt: z.iso.datetime().nullable(),
  extensions: z.array(z.object({ studentId: z.string(), dueAt: z.iso.datetime() })),
});
export type ClassDueSection = z.infer<typeof classSection>;

export const classDueDatesReply = z.object({
  class: z.object({ id: z.string(), name: z.string() }),
  sections: z.array(classSection),
  students: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type ClassDueDatesReply = z.infer<typeof classDueDatesReply>;

const dueItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('section'),
    id: z.string(),
    title: z.string(),
    courseId: z.string(),
    courseTitle: z.string(),
    unitTitle: z.string(),
    dueAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    state: z.enum(DUE_STATES),
  }),
  z.object({
    kind: z.literal('test'),
    id: z.string(),
    title: z.string(),
    opensAt: z.iso.datetime().nullable(),
    closesAt: z.iso.datetime().nullable(),
    /** The moment it is listed by: when it closes, or when it opens for a test with no end. */
    dueAt: z.iso.datetime(),
    state: z.enum(TEST_WINDOW_STATES),
  }),
]);
export type DueItem = z.infer<typeof dueItem>;

export const studentDueReply = z.object({ items: z.array(dueItem) });
export type StudentDueReply = z.infer<typeof studentDueReply>;

export const calendarQuery = z
  .object({
    from: z.iso.datetime({ offset: true, error: M.rangeInvalid }),
    to: z.iso.datetime({ offset: true, error: M.rangeInvalid }),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: M.rangeInvalid, path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_LIMITS.maxRangeDays * 24 * 3600_000, {
    message: M.rangeTooLong,
    path: ['to'],
  });
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const CALENDAR_EVENT_KINDS = ['due', 'test-opens', 'test-closes'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

export const calendarEvent = z.object({
  /** Unique within a reply and stable between replies (the feed's UID is made from it). */
  id: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  at: z.iso.datetime(),
  title: z.string(),
  /** The class it is for (a teacher's and an admin's calendar), or null. */
  className: z.string().nullable(),
  /** A section's state for a student (Due, Done, Late, Missing), or null. */
  state: z.enum(DUE_STATES).nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

export const calendarReply = z.object({ events: z.array(calendarEvent) });
export type CalendarReply = z.infer<typeof calendarReply>;

export const feedStatusReply = z.object({ exists: z.boolean(), createdAt: z.iso.datetime().nullable() });
export const feedCreatedReply = z.object({ path: z.string() });
export const feedTokenParams = z.object({ token: z.string().max(200) });
