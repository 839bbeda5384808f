import { splitMath } from './dollarMath';
import { renderLatex } from './katex';
import styles from './RichText.module.css';

/** One formula, inline, as KaTeX renders it, or the "Math Error" note when it does not parse. */
export function Latex({ latex }: { latex: string }) {
  const rendered = renderLatex(latex, false);
  return 'html' in rendered ? (
    <span className={styles.inline} dangerouslySetInnerHTML={{ __html: rendered.html }} />
  ) : (
    <span className={styles.mathError} role="note">
      Math Error: {latex}
    </span>
  );
}

/**
 * One line of plain text with `$...$` math, for previews and answer options. The text is never read as HTML;
 * only KaTeX's own output is placed as markup.
 */
export function MathText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {splitMath(text).map((piece, i) => {
        if (piece.kind === 'text') return piece.value;
        return <Latex key={i} latex={piece.latex} />;
      })}
    </span>
  );
}
