import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ANALYTICS_MESSAGES as M } from '@common/rules/analytics';
import type { AnalyticsReply } from '@common/schemas/analytics';
import { api, apiUrl } from '../../api/client';

/** The page's filters as the URL keeps them: empty for the defaults (the last 30 days, all programs). */
export interface AnalyticsFilters {
  from: string;
  to: string;
  program: string;
}

export function searchOf(filters: AnalyticsFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const useAnalytics = (filters: AnalyticsFilters) =>
  useQuery({
    queryKey: ['admin-analytics', filters],
    queryFn: () => api.get<AnalyticsReply>(`/admin/analytics${searchOf(filters)}`, M.loadFailed),
    placeholderData: keepPreviousData,
  });

/** Where the CSV of the same filters downloads from. */
export const csvUrl = (filters: AnalyticsFilters) => apiUrl(`/admin/analytics.csv${searchOf(filters)}`);
