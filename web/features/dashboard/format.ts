import { normalizeUserType } from '@common/rules';

const TYPE_LABELS: Record<string, string> = {
  admin: 'admin',
  teacher: 'teacher',
  student: 'student',
  parent: 'parent',
  'data-entry': 'data entry',
};

/** A user type as a sentence says it ('data entry'). */
export const typeLabel = (type: string) => TYPE_LABELS[normalizeUserType(type) ?? ''] ?? type;

/** A moment as people say it: 'just now', '5 minutes ago', 'yesterday', or the date for anything older than a week. */
export function when(at: string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(at).getTime()) / 1000);
  const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour');
  if (seconds < 7 * 86_400) return relative.format(-Math.floor(seconds / 86_400), 'day');
  return new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium' });
}
