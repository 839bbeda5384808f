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
  /** What was typed into the stand-in while the editor loaded, and whether it had the focus (read once, at creation). */
  typedAhead?(): { text: string; focused: boolean };
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
              onBlur={() => (typed.current.focused = false)}
            />
          </div>
        </div>
      }
    >
      <Editor
        {...props}
        typedAhead={() => {
          // Handed over once: an editor made again later starts from the value, which holds it by then.
          const ahead = typed.current;
          typed.current = { text: '', focused: false };
          return ahead;
        }}
      />
    </Suspense>
  );
}
