import { splitMath } from './dollarMath';
import { renderLatex } from './katex';
import styles from './RichText.module.css';

/**
 * One line of plain text with `$...$` math, for previews and answer options. The text is never read as HTML;
 * only KaTeX's own output is placed as markup.
 */
export function MathText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {splitMath(text).map((piece, i) => {
        if (piece.kind === 'text') return piece.value;
        const rendered = renderLatex(piece.latex, false);
        return 'html' in rendered ? (
          <span key={i} className={styles.inline} dangerouslySetInnerHTML={{ __html: rendered.html }} />
        ) : (
          <span key={i} className={styles.mathError} role="note">
            Math Error: {piece.latex}
          </span>
        );
      })}
    </span>
  );
}
