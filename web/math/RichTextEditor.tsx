import { lazy, Suspense, useRef } from 'react';
import styles from './editor/Editor.module.css';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange(html: string): void;
  /** Editor height in px (staff.md section 9: 500 question and solution, 120 options, 100 fill-in answers). */
  height?: number;
  placeholder?: string;
  error?: string;
  /**
   * What was typed into the stand-in while the editor loaded (handed over once, at creation), and whether it had the
   * focus, which stays to be taken until an editor on the page has taken it.
   */
  typedAhead?(): { text: string; focused: boolean; focusTaken(): void };
}

// TipTap and KaTeX are large: they load when an editor first appears on screen, not with the page around it.
const Editor = lazy(() => import('./editor/Editor'));

/**
 * Rich text with LaTeX math (TipTap): headings, bold, italic, underline, lists, links, tables, our own images,
 * column layouts of 2, 3 or 4, and inline `$...$` or display `$$...$$` math typed as LaTeX with a live preview.
 * `value` and `onChange` carry HTML in which math is plain dollar text, as the renderer and the server expect.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  // While the editor's script loads, a plain text box takes the keys: the editor adds what it holds at the end.
  const typed = useRef({ text: '', focused: false });
  return (
    <Suspense
      fallback={
        <div className={styles.editor}>
          <span className={styles.label}>{props.label}</span>
          <div className={styles.frame} style={{ height: (props.height ?? 200) + 42 }} aria-busy="true">
            <textarea
              aria-label={props.label}
              className={styles.standIn}
              placeholder="Loading the editor... you can start typing"
              onChange={(e) => (typed.current.text = e.target.value)}
              onFocus={() => (typed.current.focused = true)}
              onBlur={(e) => {
                // Taken away with the stand-in when the editor arrives is no blur: the editor takes the focus on.
                const standIn = e.currentTarget;
                window.setTimeout(() => {
                  if (standIn.isConnected) typed.current.focused = false;
                });
              }}
            />
          </div>
        </div>
      }
    >
      <Editor
        {...props}
        typedAhead={() => {
          // The text is handed over once: an editor made again later (React may make one and drop it at once) starts
          // from the value, which holds it by then. The focus is kept until an editor shown on the page takes it.
          const { text, focused } = typed.current;
          typed.current.text = '';
          return { text, focused, focusTaken: () => (typed.current.focused = false) };
        }}
      />
    </Suspense>
  );
}
