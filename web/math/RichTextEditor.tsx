import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type MutableRefObject } from 'react';
import styles from './editor/Editor.module.css';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange(html: string): void;
  /** Editor height in px (the product's sizes: 500 question and solution, 120 options, 100 fill-in answers). */
  height?: number;
  placeholder?: string;
  error?: string;
}

/**
 * Where the caret stood in the stand-in while the editor loaded: the count of characters before it, or null when the
 * stand-in did not have the focus. The editor takes the focus at the same place once it is on the page.
 */
export type CaretHandover = MutableRefObject<number | null>;

type EditorComponent = ComponentType<RichTextEditorProps & { caretRef: CaretHandover }>;

let editorLoad: Promise<EditorComponent> | null = null;
let loadedEditor: EditorComponent | null = null;

// TipTap and KaTeX are large: they load when an editor first appears on screen, not with the page around it. A
// failed load is tried again by the next editor that appears.
function loadEditor(): Promise<EditorComponent> {
  editorLoad ??= import('./editor/Editor').then(
    (module) => (loadedEditor = module.default),
    (error: unknown) => {
      editorLoad = null;
      throw error;
    },
  );
  return editorLoad;
}

/**
 * Rich text with LaTeX math (TipTap): headings, bold, italic, underline, lists, links, tables, our own images,
 * column layouts of 2, 3 or 4, and inline `$...$` or display `$$...$$` math typed as LaTeX with a live preview.
 * `value` and `onChange` carry HTML in which math is plain dollar text, as the renderer and the server expect.
 *
 * The editor's script is awaited here rather than through Suspense, so that a script that fails to load leaves the
 * stand-in working, with a word on the tools, instead of breaking the page around it.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const caretRef: CaretHandover = useRef(null);
  const [Editor, setEditor] = useState<EditorComponent | null>(() => loadedEditor);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Editor) return;
    let shown = true;
    loadEditor().then(
      (loaded) => shown && setEditor(() => loaded),
      () => shown && setFailed(true),
    );
    return () => {
      shown = false;
    };
  }, [Editor]);
  return Editor ? (
    <Editor {...props} caretRef={caretRef} />
  ) : (
    <StandIn {...props} caretRef={caretRef} failed={failed} />
  );
}

/** What the browser's editable box holds when nothing is typed in it. */
const EMPTY_STAND_IN = /^(<p>(<br>)?<\/p>|<br>)*$/;

/**
 * The box while the editor's script loads: plain editable text that writes into the field's value itself, so the
 * editor starts from everything typed here and no key is lost. No handover of keys is needed, only of the caret.
 */
function StandIn({
  label,
  value,
  onChange,
  height = 200,
  error,
  caretRef,
  failed,
}: RichTextEditorProps & { caretRef: CaretHandover; failed: boolean }) {
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
        <div className={`${styles.toolbar} ${styles.toolsLoading}`} style={{ minHeight: 42 }} role="status">
          {failed
            ? 'The tools did not load: reload the page for them. What you type here is kept.'
            : 'Loading tools… you can type now'}
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
