import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DESK_MESSAGES, ENROLLMENT_MESSAGES } from '@common/rules';
import type {
  AcademySettings,
  AcademySettingsUpdate,
  BookingRow,
  BookingsPage,
  BookingsQuery,
  BookingUpdateBody,
  SubscriberRow,
  SubscribersPage,
  SubscribersQuery,
} from '@common/schemas/desk';
import type {
  AdminEnrollmentRow,
  EnrollmentAction,
  EnrollmentsPage,
  EnrollmentsQuery,
} from '@common/schemas/enrollments';
import { setAcademy } from '../../api/academy';
import { api, apiUrl } from '../../api/client';

export const deskKeys = {
  all: ['desk'] as const,
  bookings: (query: BookingsQuery) => ['desk', 'bookings', query] as const,
  subscribers: (query: SubscribersQuery) => ['desk', 'subscribers', query] as const,
  enrollments: (query: EnrollmentsQuery) => ['desk', 'enrollments', query] as const,
  academy: ['desk', 'academy'] as const,
};

function search(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** Where a list's CSV downloads from: the server writes it for the list's filter, without paging. */
export const exportUrl = (list: 'bookings' | 'subscribers' | 'enrollments', query: { q?: string; status?: string }) =>
  apiUrl(`/admin/desk/${list}/export?${search(query)}`);

export const useBookings = (query: BookingsQuery) =>
  useQuery({
    queryKey: deskKeys.bookings(query),
    queryFn: () => api.get<BookingsPage>(`/admin/desk/bookings?${search(query)}`, DESK_MESSAGES.inboxLoadFailed),
    placeholderData: keepPreviousData,
  });

export const useSubscribers = (query: SubscribersQuery) =>
  useQuery({
    queryKey: deskKeys.subscribers(query),
    queryFn: () => api.get<SubscribersPage>(`/admin/desk/subscribers?${search(query)}`, DESK_MESSAGES.inboxLoadFailed),
    placeholderData: keepPreviousData,
  });

export const useEnrollments = (query: EnrollmentsQuery) =>
  useQuery({
    queryKey: deskKeys.enrollments(query),
    queryFn: () =>
      api.get<EnrollmentsPage>(`/admin/desk/enrollments?${search(query)}`, ENROLLMENT_MESSAGES.enrollmentsLoadFailed),
    placeholderData: keepPreviousData,
  });

/** A change refetches every list of the desk, and the dashboard's count (its key is under `desk` too). */
function useDeskChange<T, V>(run: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: deskKeys.all }) });
}

export const useUpdateBooking = () =>
  useDeskChange(({ id, body }: { id: string; body: BookingUpdateBody }) =>
    api.patch<BookingRow>(`/admin/desk/bookings/${encodeURIComponent(id)}`, body, DESK_MESSAGES.bookingSaveFailed),
  );

export const useUnsubscribe = () =>
  useDeskChange((id: string) =>
    api.post<SubscriberRow>(
      `/admin/desk/subscribers/${encodeURIComponent(id)}/unsubscribe`,
      {},
      DESK_MESSAGES.unsubscribeFailed,
    ),
  );

export const useAcademySettings = () =>
  useQuery({
    queryKey: deskKeys.academy,
    queryFn: () => api.get<AcademySettings>('/admin/academy', DESK_MESSAGES.settingsLoadFailed),
  });

/** Saves the settings and shows them at once in this tab's footer and contact page. */
export function useSaveAcademy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: AcademySettingsUpdate) =>
      api.patch<AcademySettings>('/admin/academy', update, DESK_MESSAGES.settingsSaveFailed),
    onSuccess: (saved) => {
      client.setQueryData(deskKeys.academy, saved);
      setAcademy(saved);
    },
  });
}

/** Marks an enrollment paid, cancels or refunds it; the server's reply says what it did. */
export const useEnrollmentAction = () =>
  useDeskChange(({ id, action }: { id: string; action: EnrollmentAction }) =>
    api.post<{ message: string; enrollment: AdminEnrollmentRow }>(
      `/admin/desk/enrollments/${encodeURIComponent(id)}/${action}`,
      {},
      ENROLLMENT_MESSAGES.enrollmentSaveFailed,
    ),
  );
