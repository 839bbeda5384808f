import { splitMath } from '@common/dollar-math';
import { renderLatex } from './katex';
import styles from './RichText.module.css';

/**
 * One formula, inline, as KaTeX renders it (at display size when `large`), or the "Math Error" note when it does
 * not parse; with `asTyped`, what does not parse is shown as it was typed instead (a student's own answer).
 */
export function Latex({
  latex,
  large = false,
  asTyped = false,
}: {
  latex: string;
  large?: boolean;
  asTyped?: boolean;
}) {
  const rendered = renderLatex(latex, false, large);
  if (!('html' in rendered) && asTyped) return <span>{latex}</span>;
  return 'html' in rendered ? (
    <span className={styles.inline} dangerouslySetInnerHTML={{ __html: rendered.html }} />
  ) : (
    <span className={styles.mathError} role="note">
      Math Error: {latex}
    </span>
  );
}

/**
 * One line of plain text with `$...$` math, for previews, descriptions and answer options (`large`: fractions at
 * display size). The text is never read as HTML; only KaTeX's own output is placed as markup.
 */
export function MathText({ text, className, large = false }: { text: string; className?: string; large?: boolean }) {
  return (
    <span className={className}>
      {splitMath(text).map((piece, i) => {
        if (piece.kind === 'text') return piece.value;
        return <Latex key={i} latex={piece.latex} large={large} />;
      })}
    </span>
  );
}
