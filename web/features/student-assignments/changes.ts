import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ASSIGNMENT_MESSAGES, assignmentError, type AssignmentAction, type AssignmentKind } from '@common/rules';
import type { AssignedStudent } from '@common/schemas/learning';
import type { StudentPage } from '@common/schemas/studentAssignments';
import { api, errorMessage } from '../../api/client';
import type { Notifier } from '../../ui/Toast';
import { keys, type Role } from './api';

/** One change of one student's assignments, with what the screen knows to show it before the server answers. */
export type Change =
  | { kind: 'course'; action: 'assign'; course: { id: string; name: string; code: string } }
  | { kind: 'course'; action: 'remove'; courseId: string; unitIds: readonly string[]; sectionIds: readonly string[] }
  | { kind: 'unit'; action: AssignmentAction; unitId: string; sectionIds: readonly string[]; withSections?: boolean }
  | { kind: 'section'; action: AssignmentAction; sectionId: string };

const itemId = (change: Change) =>
  change.kind === 'course'
    ? change.action === 'assign'
      ? change.course.id
      : change.courseId
    : change.kind === 'unit'
      ? change.unitId
      : change.sectionId;

/** What the busy flag of an item is called: a student's course, unit or section. */
export const busyKey = (studentId: string, kind: AssignmentKind, id: string) => `${studentId}:${kind}:${id}`;

const without = (list: readonly string[], gone: readonly string[]) => list.filter((id) => !gone.includes(id));
const withAll = (list: readonly string[], more: readonly string[]) => [
  ...list,
  ...more.filter((id) => !list.includes(id)),
];

/** The student as they are once the change is made, by the server's rules (a removal takes children along). */
export function applyChange(student: AssignedStudent, change: Change): AssignedStudent {
  switch (change.kind) {
    case 'course':
      if (change.action === 'assign') {
        if (student.courses.some((c) => c.id === change.course.id)) return student;
        const courses = [...student.courses, { ...change.course, courseId: change.course.id }].sort((a, b) =>
          a.name.localeCompare(b.name),
        );
        return { ...student, courses };
      }
      return {
        ...student,
        courses: student.courses.filter((c) => c.id !== change.courseId),
        units: without(student.units, change.unitIds),
        sections: without(student.sections, change.sectionIds),
      };
    case 'unit':
      if (change.action === 'assign') {
        return {
          ...student,
          units: withAll(student.units, [change.unitId]),
          sections: change.withSections ? withAll(student.sections, change.sectionIds) : student.sections,
        };
      }
      return {
        ...student,
        units: without(student.units, [change.unitId]),
        sections: without(student.sections, change.sectionIds),
      };
    case 'section':
      return change.action === 'assign'
        ? { ...student, sections: withAll(student.sections, [change.sectionId]) }
        : { ...student, sections: without(student.sections, [change.sectionId]) };
  }
}

/** `failure` is the screen's fixed text, shown when the server gives no message of its own. */
function request(role: Role, studentId: string, change: Change, failure: string) {
  const prefix = `/${role}`;
  const post = (path: string, body: object) => api.post<{ message: string }>(`${prefix}/${path}`, body, failure);
  switch (change.kind) {
    case 'course':
      return change.action === 'assign'
        ? post('assign-course', { studentId, courseId: change.course.id })
        : // The student manager removes a course through remove-course-assignment.
          post('remove-course-assignment', { studentId, courseId: change.courseId });
    case 'unit':
      return change.action === 'assign'
        ? post('assign-unit', {
            studentId,
            unitId: change.unitId,
            ...(change.withSections ? { withSections: true } : {}),
          })
        : post('remove-unit', { studentId, unitId: change.unitId });
    case 'section':
      return post(`${change.action}-section`, { studentId, sectionId: change.sectionId });
  }
}

/**
 * Changes are shown at once, before the server answers: the student's row is changed in every loaded page, the item is
 * flagged busy while the call runs, and on failure the row goes back as it was with the fixed failure text (the
 * server's where it gave one). Either way the page is read again afterwards, so it shows what the server holds.
 */
export function useAssignmentChanges(role: Role, notify: Notifier) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const mark = (key: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const rewrite = (studentId: string, update: (s: AssignedStudent) => AssignedStudent) =>
    client.setQueriesData<StudentPage>({ queryKey: keys.students }, (page) =>
      page ? { ...page, students: page.students.map((s) => (s.id === studentId ? update(s) : s)) } : page,
    );

  const change = useCallback(
    async (student: AssignedStudent, next: Change, options: { failure?: 'update' } = {}) => {
      const key = busyKey(student.id, next.kind, itemId(next));
      mark(key, true);
      await client.cancelQueries({ queryKey: keys.students });
      let before: AssignedStudent = student;
      rewrite(student.id, (s) => {
        before = s;
        return applyChange(s, next);
      });
      const failure = assignmentError(options.failure ?? next.action, next.kind);
      try {
        const reply = await request(role, student.id, next, failure);
        notify.success(
          next.kind === 'course' && next.action === 'remove' ? ASSIGNMENT_MESSAGES.courseRemoved : reply.message,
        );
      } catch (error) {
        rewrite(student.id, () => before);
        notify.error(errorMessage(error, failure));
      } finally {
        mark(key, false);
        void client.invalidateQueries({ queryKey: keys.students });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, role, notify],
  );

  return { busy, change };
}
