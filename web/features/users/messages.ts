import { GENDER_LABELS, USER_TYPE_LABELS, type Gender, plural } from '@common/rules';
import type { AdminUser } from '@common/schemas/users';
import { ApiError } from '../../api/client';

/** The screen's fixed failure text, followed by the server's message where it sent one. */
export function failure(fallback: string, error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.message && error.message !== fallback)
    return `${fallback}: ${error.message}`;
  return fallback;
}

export const fullName = (u: Pick<AdminUser, 'first_name' | 'last_name' | 'email'>) =>
  `${u.first_name} ${u.last_name}`.trim() || u.email;
export const typeLabel = (u: Pick<AdminUser, 'type'>) => USER_TYPE_LABELS[u.type];
export const gradeLabel = (g: string | null) => (g === null ? '' : g === 'K' ? 'Kindergarten' : `Grade ${g}`);
export const genderLabel = (g: string | null) => (g && g in GENDER_LABELS ? GENDER_LABELS[g as Gender] : (g ?? ''));

/** The Details column: what tells this account apart for its type. */
export function detailsOf(u: AdminUser): string {
  switch (u.type) {
    case 'student':
      return [gradeLabel(u.grade), u.school].filter(Boolean).join(' · ');
    case 'teacher':
      return [u.specialization, u.students.length ? plural(u.students.length, 'student') : '']
        .filter(Boolean)
        .join(' · ');
    case 'parent': {
      const names = u.students.map((s) => s.name);
      if (u.student_name) names.push(`${u.student_name} (no account yet)`);
      return names.length ? `Children: ${names.join(', ')}` : '';
    }
    case 'data-entry':
    case 'admin':
      return u.department ?? '';
  }
}
