import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DELETE_CONFIRM, type Entity } from './messages';
import styles from './courses.module.css';

/** The delete confirmation of a course, unit or section: its name and what goes with it. */
export function ConfirmDelete({ entity, name, busy, onConfirm, onClose }: { entity: Entity; name: string; busy: boolean; onConfirm(): void; onClose(): void }) {
  const label = entity[0].toUpperCase() + entity.slice(1);
  return (
    <ConfirmDialog open title={`Delete ${label}`} confirmLabel={`Delete ${label}`} busyLabel="Deleting..." busy={busy} onConfirm={onConfirm} onCancel={onClose}>
      <p className={styles.confirmName}>{name}</p>
      <p className={styles.confirmText}>{DELETE_CONFIRM[entity]}</p>
    </ConfirmDialog>
  );
}
