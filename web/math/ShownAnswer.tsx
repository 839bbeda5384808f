import { MESSAGES } from '@common/rules';
import { isLatex, optionText, type Shown } from '@common/question-types';
import { Latex, MathText } from './MathText';
import styles from './RichText.module.css';

/**
 * A question's key or a student's answer as its type describes it (common/question-types), with its math rendered:
 * an option's letter beside its text, an entry written in LaTeX as math (at display size, so a child can read a
 * fraction), plain words as words. Null is a key that cannot be read.
 */
export function ShownAnswer({ shown, className }: { shown: Shown | null; className?: string }) {
  if (shown === null)
    return <span className={`${styles.mathError} ${className ?? ''}`}>{MESSAGES.answersUnreadable}</span>;
  return (
    <span className={`${styles.shown} ${className ?? ''}`}>
      {shown.map((piece, i) => {
        if (piece.kind === 'words') return <span key={i}>{piece.text}</span>;
        if (piece.kind === 'typed')
          return isLatex(piece.text) ? (
            <Latex key={i} latex={piece.text} large asTyped />
          ) : (
            <span key={i}>{piece.text}</span>
          );
        const text = optionText(piece.html);
        return (
          <span key={i} className={styles.shownOption}>
            <span className={styles.shownLetter}>{piece.letter}.</span>
            {text ? <MathText text={text} large /> : null}
          </span>
        );
      })}
    </span>
  );
}
