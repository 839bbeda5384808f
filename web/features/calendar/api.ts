import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarReply, ClassDueDatesReply } from '@common/schemas/due-dates';
import { api } from '../../api/client';

export const calendarKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string) => ['calendar', 'events', from, to] as const,
  feed: ['calendar', 'feed'] as const,
  classDue: (classId: string) => ['classes', classId, 'due-dates'] as const,
};

export function useCalendarEvents(from: Date, to: Date) {
  const [f, t] = [from.toISOString(), to.toISOString()];
  return useQuery({
    queryKey: calendarKeys.range(f, t),
    queryFn: () =>
      api
        .get<CalendarReply>(
          `/calendar?from=${encodeURIComponent(f)}&to=${encodeURIComponent(t)}`,
          'Failed to load your calendar',
        )
        .then((r) => r.events),
    // A step to the next month keeps the last one's items on show until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useFeedStatus() {
  return useQuery({
    queryKey: calendarKeys.feed,
    queryFn: () =>
      api.get<{ exists: boolean; createdAt: string | null }>('/calendar/feed', 'Failed to load your calendar link'),
  });
}

export function useFeedActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: calendarKeys.feed });
  const make = useMutation({
    mutationFn: () => api.post<{ path: string }>('/calendar/feed', undefined, 'Failed to make your calendar link'),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => api.delete<{ exists: boolean }>('/calendar/feed', 'Failed to turn off your calendar link'),
    onSuccess: refresh,
  });
  return { make, revoke };
}

export function useClassDueDates(classId: string) {
  return useQuery({
    queryKey: calendarKeys.classDue(classId),
    queryFn: () => api.get<ClassDueDatesReply>(`/classes/${classId}/due-dates`, 'Failed to load the due dates'),
  });
}

/** Sets or clears (dueAt null) a class's due date, or one student's when `studentId` is given. */
export function useSetDueDate(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sectionId, studentId, dueAt }: { sectionId: string; studentId?: string; dueAt: string | null }) => {
      const path = `/classes/${classId}/due-dates/${sectionId}${studentId ? `/students/${studentId}` : ''}`;
      return dueAt === null
        ? api.delete<{ dueAt: string | null }>(path, 'Failed to clear the due date')
        : api.put<{ dueAt: string | null }>(path, { dueAt }, 'Failed to save the due date');
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: calendarKeys.classDue(classId) });
      void client.invalidateQueries({ queryKey: calendarKeys.all });
    },
  });
}
