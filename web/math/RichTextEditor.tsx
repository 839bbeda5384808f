import { lazy, Suspense, useLayoutEffect, useRef, type MutableRefObject } from 'react';
import styles from './editor/Editor.module.css';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange(html: string): void;
  /** Editor height in px (staff.md section 9: 500 question and solution, 120 options, 100 fill-in answers). */
  height?: number;
  placeholder?: string;
  error?: string;
}

/**
 * Where the caret stood in the stand-in while the editor loaded: the count of characters before it, or null when the
 * stand-in did not have the focus. The editor takes the focus at the same place once it is on the page.
 */
export type CaretHandover = MutableRefObject<number | null>;

// TipTap and KaTeX are large: they load when an editor first appears on screen, not with the page around it.
const Editor = lazy(() => import('./editor/Editor'));

/**
 * Rich text with LaTeX math (TipTap): headings, bold, italic, underline, lists, links, tables, our own images,
 * column layouts of 2, 3 or 4, and inline `$...$` or display `$$...$$` math typed as LaTeX with a live preview.
 * `value` and `onChange` carry HTML in which math is plain dollar text, as the renderer and the server expect.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const caretRef: CaretHandover = useRef(null);
  return (
    <Suspense fallback={<StandIn {...props} caretRef={caretRef} />}>
      <Editor {...props} caretRef={caretRef} />
    </Suspense>
  );
}

/** What the browser's editable box holds when nothing is typed in it. */
const EMPTY_STAND_IN = /^(<p>(<br>)?<\/p>|<br>)*$/;

/**
 * The box while the editor's script loads: plain editable text that writes into the field's value itself, so the
 * editor starts from everything typed here and no key is lost. No handover of keys is needed, only of the caret.
 */
function StandIn({ label, value, onChange, height = 200, error, caretRef }: RichTextEditorProps & { caretRef: CaretHandover }) {
  const box = useRef<HTMLDivElement>(null);
  // Filled once: React must not write the box again while the user types (the caret would jump to its start).
  useLayoutEffect(() => {
    if (box.current) box.current.innerHTML = value || '<p><br></p>';
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value it starts from, written once
  }, []);
  const noteCaret = () => {
    const selection = document.getSelection();
    const element = box.current;
    if (!element || !selection || selection.rangeCount === 0 || !element.contains(selection.focusNode)) return;
    const before = document.createRange();
    before.selectNodeContents(element);
    before.setEnd(selection.focusNode!, selection.focusOffset);
    caretRef.current = before.toString().length;
  };
  return (
    <div className={styles.editor}>
      <span className={styles.label}>{label}</span>
      <div className={`${styles.frame} ${error ? styles.invalid : ''}`} aria-busy="true">
        <div className={`${styles.toolbar} ${styles.toolsLoading}`} style={{ height: 42 }} role="status">
          Loading tools… you can type now
        </div>
        <div className={styles.scroll} style={{ height }}>
          <div
            ref={box}
            className={styles.prose}
            style={{ minHeight: `calc(${height}px - 2 * var(--space-3))` }}
            contentEditable
            tabIndex={0}
            suppressContentEditableWarning
            role="textbox"
            aria-multiline="true"
            aria-label={label}
            aria-invalid={error ? true : undefined}
            onInput={(e) => {
              const html = e.currentTarget.innerHTML;
              onChange(EMPTY_STAND_IN.test(html) ? '' : html);
              noteCaret();
            }}
            onSelect={noteCaret}
            onFocus={noteCaret}
            onBlur={() => {
              // The box is taken away when the editor arrives; only a blur while it is still on the page is the
              // user's own.
              const element = box.current;
              window.setTimeout(() => {
                if (element?.isConnected) caretRef.current = null;
              });
            }}
          />
        </div>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
