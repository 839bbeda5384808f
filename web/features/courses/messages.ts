import { ApiError, errorMessage } from '../../api/client';

export type Entity = 'course' | 'unit' | 'section';
export const capital = (e: Entity) => e[0].toUpperCase() + e.slice(1);

/**
 * The screen's failure texts: the server's message where it gave one, else "Failed to ..." for a refused
 * call and "Error ..." when the server could not be reached.
 */
export function failureText(error: unknown, action: 'load' | 'save' | 'delete', entity: Entity): string {
  const noun = action === 'load' ? `${entity}s` : entity;
  const ing = { load: 'loading', save: 'saving', delete: 'deleting' }[action];
  if (error instanceof ApiError && error.status === 0) return `Error ${ing} ${noun}`;
  return errorMessage(error, `Failed to ${action} ${noun}`);
}

export const successText = (entity: Entity, done: 'created' | 'updated' | 'deleted') =>
  `${capital(entity)} ${done} successfully`;

/** What each delete takes with it, as the server does it. */
export const DELETE_CONFIRM: Record<Entity, string> = {
  course:
    'Are you sure you want to delete this course? This will also delete all its units, sections and lessons, and remove it from every student it is assigned to. Questions stay in the question bank.',
  unit: 'Are you sure you want to delete this unit? This will also delete all its sections and lessons, and remove them from every student they are assigned to.',
  section:
    'Are you sure you want to delete this section? Students lose access to it; its questions stay in the question bank.',
};

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
