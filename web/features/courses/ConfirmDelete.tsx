import { Modal } from '../../ui/Modal';
import { Button } from '../../ui/Button';
import { DELETE_CONFIRM, type Entity } from './messages';
import styles from './courses.module.css';

/** The delete confirmation: says what goes with the item, destructive button in red. */
export function ConfirmDelete({ entity, name, busy, onConfirm, onClose }: { entity: Entity; name: string; busy: boolean; onConfirm(): void; onClose(): void }) {
  const label = entity[0].toUpperCase() + entity.slice(1);
  return (
    <Modal
      open
      size="sm"
      title={`Delete ${label}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Deleting...' : `Delete ${label}`}
          </Button>
        </>
      }
    >
      <p className={styles.confirmName}>{name}</p>
      <p className={styles.confirmText}>{DELETE_CONFIRM[entity]}</p>
    </Modal>
  );
}
