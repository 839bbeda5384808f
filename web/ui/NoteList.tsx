import type { ReactNode } from 'react';
import styles from './NoteList.module.css';

export interface ListedNote {
  id: string;
  body: string;
  author: string | null;
  createdAt: string;
}

const dated = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Notes a teacher left a student, newest first, each with who wrote it and when; the text is shown as written (its
 * lines kept). `extra` adds a note's own marks or actions (the teacher's "Shown to parents", Edit, Delete).
 */
export function NoteList<N extends ListedNote>({
  notes,
  label,
  extra,
}: {
  notes: readonly N[];
  label: string;
  extra?: (note: N) => ReactNode;
}) {
  return (
    <ul className={styles.list} aria-label={label}>
      {notes.map((note) => (
        <li key={note.id} className={styles.note}>
          <p className={styles.body}>{note.body}</p>
          <p className={styles.meta}>
            {note.author ?? 'A former teacher'} · <time dateTime={note.createdAt}>{dated(note.createdAt)}</time>
          </p>
          {extra ? <div className={styles.extra}>{extra(note)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
