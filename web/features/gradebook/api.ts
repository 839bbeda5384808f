import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClassSummary } from '@common/schemas/classes';
import { GRADEBOOK_MESSAGES, type GradebookReply } from '@common/schemas/gradebook';
import { api } from '../../api/client';

export interface GradebookFilters {
  unit: string;
  test: string;
  /** Days as the date inputs give them (YYYY-MM-DD), in the teacher's own time zone. */
  from: string;
  to: string;
}

/** A day's start in the browser's time zone as an instant; `to` is the start of the day after, so the day counts. */
const dayStart = (day: string, plusDays = 0) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
};

export function gradebookUrl(classId: string, filters: GradebookFilters): string {
  const query = new URLSearchParams();
  if (filters.unit) query.set('unit', filters.unit);
  if (filters.test) query.set('test', filters.test);
  if (filters.from) query.set('from', dayStart(filters.from));
  if (filters.to) query.set('to', dayStart(filters.to, 1));
  const text = query.toString();
  return `/classes/${encodeURIComponent(classId)}/gradebook${text ? `?${text}` : ''}`;
}

/** The classes the caller may open, by name: the classes list the class pages read, under the same key. */
export const useGradebookClasses = () =>
  useQuery({
    queryKey: ['classes', 'list'],
    queryFn: () =>
      api.get<{ classes: ClassSummary[] }>('/classes', GRADEBOOK_MESSAGES.classesFailed).then((r) => r.classes),
    select: (classes) =>
      classes
        .map((c) => ({ id: c.id, name: c.name, students: c.studentCount }))
        .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })),
  });

export const useGradebook = (classId: string, filters: GradebookFilters) => {
  const url = gradebookUrl(classId, filters);
  return useQuery({
    queryKey: ['gradebook', url],
    queryFn: () => api.get<GradebookReply>(url, GRADEBOOK_MESSAGES.loadFailed),
    enabled: classId !== '',
    // A new filter keeps the grid in place until its figures arrive.
    placeholderData: keepPreviousData,
  });
};
