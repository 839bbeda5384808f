/** Who is who: the user types as the API and the web app spell them. */

/** User types as the API reports them. The database stores data-entry as `data_entry`. */
export const USER_TYPES = ['student', 'parent', 'teacher', 'admin', 'data-entry'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const STAFF_TYPES: readonly UserType[] = ['admin', 'teacher', 'data-entry'];

/** The spellings of the data-entry role seen in the product, folded into one. */
export function normalizeUserType(raw: string): UserType | null {
  const folded = raw
    .trim()
    .toLowerCase()
    .replace(/[-_\s]/g, '');
  if (folded === 'dataentry') return 'data-entry';
  return (USER_TYPES as readonly string[]).includes(folded) ? (folded as UserType) : null;
}
