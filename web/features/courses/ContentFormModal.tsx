import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import styles from './courses.module.css';

interface ContentFormModalProps {
  /** What the form saves, as the titles and buttons name it: 'Course', 'Unit' or 'Section'. */
  thing: 'Course' | 'Unit' | 'Section';
  editing: boolean;
  formId: string;
  saving: boolean;
  error: string;
  onSubmit(e: FormEvent): void;
  onClose(): void;
  size?: 'md' | 'lg';
  /** Buttons before Cancel (the section form's Preview). */
  extraActions?: ReactNode;
  children: ReactNode;
}

/** The frame the course, unit and section forms share: "Add/Edit X", the error line, Cancel and "Create/Update X". */
export function ContentFormModal({ thing, editing, formId, saving, error, onSubmit, onClose, size, extraActions, children }: ContentFormModalProps) {
  return (
    <Modal
      open
      size={size}
      title={`${editing ? 'Edit' : 'Add'} ${thing}`}
      onClose={onClose}
      footer={
        <>
          {extraActions}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            {saving ? 'Saving...' : `${editing ? 'Update' : 'Create'} ${thing}`}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        {children}
      </form>
    </Modal>
  );
}
