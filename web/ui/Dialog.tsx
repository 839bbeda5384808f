import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from './Button';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom (Cancel, Save ...). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The kit's modal dialog, on Radix's primitive: the page behind is hidden from screen readers, focus is trapped
 * inside and returns to where it was, Escape and the close button call `onClose`, and the title names the dialog.
 */
export function Dialog(props: DialogProps) {
  return (
    <RadixDialog.Root open={props.open} onOpenChange={(next) => (next ? undefined : props.onClose())}>
      {props.open ? <DialogWindow {...props} /> : null}
    </RadixDialog.Root>
  );
}

function DialogWindow({ title, children, footer, size = 'md' }: DialogProps) {
  // Radix gives focus back to its own Trigger, and our dialogs open from any button: remember, while rendering
  // and so before an autofocused field inside takes focus, where focus was, and give it back on close.
  const [returnTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The page behind is inert, as behind a native modal <dialog>: not only hidden from screen readers (Radix's
    // aria-hidden) but out of reach of clicks, find-in-page and checkers that would read it through the overlay.
    let window: HTMLElement | null = content.current;
    while (window?.parentElement && window.parentElement !== document.body) window = window.parentElement;
    const behind = [...document.body.children].filter((el) => el !== window && !el.hasAttribute('inert'));
    for (const el of behind) el.setAttribute('inert', '');
    return () => {
      for (const el of behind) el.removeAttribute('inert');
    };
  }, []);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={styles.overlay} />
      {/* No description element: the body says what the dialog is for, so none is announced twice. */}
      <RadixDialog.Content
        ref={content}
        className={`${styles.dialog} ${styles[size]}`}
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnTo?.focus();
        }}
      >
        <div className={styles.header}>
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          <RadixDialog.Close className={styles.close} aria-label="Close">
            <X size={20} aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** The footer of a dialog that asks something: Cancel, then the dialog's action. */
export function DialogActions({ onCancel, children }: { onCancel(): void; children: ReactNode }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </>
  );
}
