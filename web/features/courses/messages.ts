import { PREVIEW_CHARS } from '@common/rules';
import { ApiError, errorMessage } from '../../api/client';

export type Entity = 'course' | 'unit' | 'section';
const capital = (e: Entity) => e[0].toUpperCase() + e.slice(1);

/**
 * The texts of staff.md section 8: the server's message where it gave one, else "Failed to ..." for a refused
 * call and "Error ..." when the server could not be reached.
 */
export function failureText(error: unknown, action: 'load' | 'save' | 'delete', entity: Entity): string {
  const noun = action === 'load' ? `${entity}s` : entity;
  const ing = { load: 'loading', save: 'saving', delete: 'deleting' }[action];
  if (error instanceof ApiError && error.status === 0) return `Error ${ing} ${noun}`;
  return errorMessage(error, `Failed to ${action} ${noun}`);
}

export const successText = (entity: Entity, done: 'created' | 'updated' | 'deleted') => `${capital(entity)} ${done} successfully`;

/** What each delete takes with it, as the server does it. */
export const DELETE_CONFIRM: Record<Entity, string> = {
  course:
    'Are you sure you want to delete this course? This will also delete all its units, sections and lessons, and remove it from every student it is assigned to. Questions stay in the question bank.',
  unit: 'Are you sure you want to delete this unit? This will also delete all its sections and lessons, and remove them from every student they are assigned to.',
  section: 'Are you sure you want to delete this section? Students lose access to it; its questions stay in the question bank.',
};

/** The words of rich text, for search and previews; blocks are kept apart by a space. */
export function plainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll('p, h1, h2, h3, h4, h5, h6, li, td, th, div, br').forEach((el) => el.after(' '));
  return body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * A preview cut to the spec's 100 characters. A cut that would leave a formula open ends before it instead,
 * so the preview never shows half a formula's LaTeX.
 */
export function cut(text: string, max = PREVIEW_CHARS): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max);
  if ((head.replace(/\\\$/g, '').match(/\$/g)?.length ?? 0) % 2 === 1) head = head.slice(0, head.lastIndexOf('$')).trimEnd();
  return `${head}...`;
}

export const matches = (query: string, ...fields: Array<string | null | undefined>) => {
  const q = query.trim().toLowerCase();
  return !q || fields.some((f) => f?.toLowerCase().includes(q));
};

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
