/**
 * Skill levels' calls and cache keys, shared: the student's and parent's Progress read a student's skills, a class
 * page its heat map, and every checked answer (the learner's pages) makes them stale.
 */
import { useQuery } from '@tanstack/react-query';
import { MASTERY_MESSAGES as M } from '@common/rules/mastery';
import type { ClassSkillsReply, StudentSkill, StudentSkillsReply } from '@common/schemas/mastery';
import { api } from './client';

export const skillKeys = {
  all: ['skills-levels'] as const,
  student: (id: string) => ['skills-levels', 'student', id] as const,
  // Under the class's own key: a course given or taken back on the class page (which reads the class again) changes
  // which skills the heat map shows. Staff check no answers, so the checks' invalidation need not reach it.
  class: (id: string) => ['classes', id, 'skills-levels'] as const,
};

/**
 * Who reads a student's skills decides the route: the student their own, a parent their child's, staff any student
 * they may read. The server checks the right to read either way.
 */
export type SkillsReader = 'student' | 'parent' | 'staff';

const studentSkillsPath = (reader: SkillsReader, studentId: string) =>
  reader === 'student'
    ? '/student/skills'
    : reader === 'parent'
      ? `/parent/children/${studentId}/skills`
      : `/students/${studentId}/skills`;

export const useStudentSkills = (reader: SkillsReader, studentId: string) =>
  useQuery({
    queryKey: skillKeys.student(studentId),
    queryFn: (): Promise<StudentSkill[]> =>
      api.get<StudentSkillsReply>(studentSkillsPath(reader, studentId), M.loadFailed).then((r) => r.skills),
  });

export const useClassSkills = (classId: string) =>
  useQuery({
    queryKey: skillKeys.class(classId),
    queryFn: () => api.get<ClassSkillsReply>(`/classes/${classId}/skills`, M.loadFailed),
  });
