import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DELETE_CONFIRM, type Entity } from './messages';
import styles from './courses.module.css';

/**
 * The delete confirmation of a course, unit or section: its name and what goes with it. A course's also says, in the
 * server's words, how many students and saved tests the delete reaches (`reach`), and waits for it.
 */
export function ConfirmDelete({
  entity,
  name,
  busy,
  reach,
  onConfirm,
  onClose,
}: {
  entity: Entity;
  name: string;
  busy: boolean;
  reach?: { text: string | undefined; pending: boolean };
  onConfirm(): void;
  onClose(): void;
}) {
  const label = entity[0].toUpperCase() + entity.slice(1);
  return (
    <ConfirmDialog
      open
      title={`Delete ${label}`}
      confirmLabel={`Delete ${label}`}
      busyLabel="Deleting..."
      busy={busy || !!reach?.pending}
      onConfirm={onConfirm}
      onCancel={onClose}
    >
      <p className={styles.confirmName}>{name}</p>
      {reach ? (
        <p className={styles.confirmText}>
          {reach.pending ? 'Counting the students and tests it reaches...' : reach.text}
        </p>
      ) : null}
      <p className={styles.confirmText}>{DELETE_CONFIRM[entity]}</p>
    </ConfirmDialog>
  );
}
