import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog, DialogActions } from './Dialog';
import styles from './Dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What the action does and what goes with it. */
  children: ReactNode;
  /** The action button's words, such as 'Delete Course'. */
  confirmLabel: string;
  /**
   * `danger` (the default) for what takes something away; `primary` for a weighty step that gives (marking a
   * payment received), which asks first without looking like a loss.
   */
  tone?: 'danger' | 'primary';
  /** While the action runs: the button says so and cannot be pressed twice. */
  busyLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** An action's confirmation (every destructive action asks first): Cancel, and the action, in red unless it gives. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      size="sm"
      title={title}
      onClose={onCancel}
      footer={
        <DialogActions onCancel={onCancel}>
          <Button variant={tone} onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </DialogActions>
      }
    >
      {typeof children === 'string' ? <p className={styles.text}>{children}</p> : children}
    </Dialog>
  );
}
