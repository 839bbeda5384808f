import type { Question } from '@common/schemas/questions';
import { RichText } from '../../math/RichText';
import { uploadUrl } from './api';
import { escapeHtml } from './preview';
import styles from './questions.module.css';

/** The accepted answers of each blank (or the single list of a calculation or short answer). */
function blanksOf(q: Question): string[][] {
  const key = q.answer as { a1?: string[] } | string[][];
  return Array.isArray(key) ? key : [key.a1 ?? []];
}

/** An expanded row: the full question rendered with its math, source, images, options or answers, and solution. */
export function QuestionDetails({ question: q }: { question: Question }) {
  const correct = !Array.isArray(q.answer) ? ((q.answer as { a1?: string[] }).a1 ?? []) : [];
  return (
    <div className={styles.details}>
      <RichText html={q.questionText} className={styles.questionText} />
      {q.source ? <p className={styles.meta}>Source: {q.source}</p> : null}
      {q.attachments.length > 0 ? (
        <ul className={styles.thumbs} aria-label="Attachments">
          {q.attachments.map((a) => (
            <li key={a.filename} className={styles.thumb}>
              <a href={uploadUrl(a.filename)} target="_blank" rel="noreferrer">
                <img src={uploadUrl(a.filename)} alt={a.originalname} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {q.type === 'Multiple Choice' ? (
        <ol className={styles.optionList} aria-label="Options">
          {Object.keys(q.options)
            .sort()
            .map((letter) => (
              <li key={letter} className={correct.includes(letter) ? styles.optionRight : undefined}>
                <span className={styles.letter}>{letter}</span>
                <RichText html={q.options[letter]} />
                {correct.includes(letter) ? <span className={styles.badge}>Correct</span> : null}
              </li>
            ))}
        </ol>
      ) : (
        <dl className={styles.answers}>
          {blanksOf(q).map((accepted, i) => (
            <div key={i}>
              <dt>{q.type === 'Fill in the Blank' ? `Blank ${i + 1}` : 'Answer'}</dt>
              <dd>
                {accepted.map((a, k) => (
                  <RichText key={k} html={escapeHtml(a)} className={styles.accepted} />
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {q.solution ? (
        <div className={styles.solution}>
          <h4>Solution</h4>
          <RichText html={q.solution} />
        </div>
      ) : null}
      {q.hint ? <p className={styles.meta}>Hint: {q.hint}</p> : null}
    </div>
  );
}
