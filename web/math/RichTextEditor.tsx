import { lazy, Suspense } from 'react';
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

// TipTap and KaTeX are large: they load when an editor first appears on screen, not with the page around it.
const Editor = lazy(() => import('./editor/Editor'));

/**
 * Rich text with LaTeX math (TipTap): headings, bold, italic, underline, lists, links, tables, our own images,
 * column layouts of 2, 3 or 4, and inline `$...$` or display `$$...$$` math typed as LaTeX with a live preview.
 * `value` and `onChange` carry HTML in which math is plain dollar text, as the renderer and the server expect.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.editor}>
          <span className={styles.label}>{props.label}</span>
          <div className={styles.frame} style={{ height: (props.height ?? 200) + 42 }} role="status" aria-label="Loading the editor" />
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
