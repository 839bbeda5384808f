import { MESSAGES } from '@common/rules';
import { describeKey } from '@common/question-types';
import { readAnswerKey, readAttachments, type Question } from '@common/schemas/questions';
import { describeTemplate } from '@common/templates';
import { MathText } from '../../math/MathText';
import { RichText } from '../../math/RichText';
import { ShownAnswer } from '../../math/ShownAnswer';
import { QUESTION_TYPE_KEYS } from '../../question-types/authoring';
import { uploadUrl } from './api';
import styles from './questions.module.css';

/**
 * An expanded row: the full question rendered with its math, source, images, options or answers, and solution.
 * Attachments, options and answers that arrive unreadable (a JSON string that does not parse) are reported.
 */
export function QuestionDetails({ question: q }: { question: Question }) {
  const attachments = readAttachments(q.attachments);
  return (
    <div className={styles.details}>
      <RichText html={q.questionText} className={styles.questionText} />
      {q.source ? <p className={styles.meta}>Source: {q.source}</p> : null}
      {q.template ? (
        <div className={styles.meta} aria-label="Random numbers">
          <p>
            <strong>Random numbers:</strong> {describeTemplate(q.template)}
          </p>
          {q.template.constraints.length ? <p>Constraints: {q.template.constraints.join('; ')}</p> : null}
          <p>
            {q.template.seeds
              ? `Approved variants: ${q.template.seeds.join(', ')}`
              : 'Any variant that meets the constraints'}
          </p>
        </div>
      ) : null}
      {attachments === null ? (
        <p className={styles.failed}>{MESSAGES.attachmentsUnreadable}</p>
      ) : attachments.length > 0 ? (
        <ul className={styles.thumbs} aria-label="Attachments">
          {attachments.map((a) => (
            <li key={a.filename} className={styles.thumb}>
              <a href={uploadUrl(a.filename)} target="_blank" rel="noreferrer">
                <img src={uploadUrl(a.filename)} alt={a.originalname} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <Answers question={q} />
      {q.solution ? (
        <div className={styles.solution}>
          <h4>Solution</h4>
          <RichText html={q.solution} />
        </div>
      ) : null}
      {q.hint ? (
        <p className={styles.meta}>
          Hint: <MathText text={q.hint} />
        </p>
      ) : null}
    </div>
  );
}

/**
 * The options with the correct ones marked, then the answer key as every screen shows it (the review, the printed
 * key): the correct letters with their options, or the accepted answers of each blank. A file's import preview
 * shows its questions' keys with it, so they read as they will in the bank.
 */
export function Answers({ question: q }: { question: Pick<Question, 'type' | 'options' | 'answer' | 'answerForms'> }) {
  const key = describeKey(q);
  const options = QUESTION_TYPE_KEYS[q.type].shownOptions(q.options);
  if (key === null || options === null) return <p className={styles.failed}>{MESSAGES.answersUnreadable}</p>;
  const stored = readAnswerKey(q.answer);
  const correct = stored && !Array.isArray(stored) ? stored.a1 : [];
  return (
    <>
      {options.length > 0 ? (
        <ol className={styles.optionList} aria-label="Options">
          {options.map(([letter, text]) => (
            <li key={letter} className={correct.includes(letter) ? styles.optionRight : undefined}>
              <span className={styles.letter}>{letter}</span>
              <RichText html={text} large />
              {correct.includes(letter) ? <span className={styles.badge}>Correct</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <p className={styles.keyLine}>
        <strong>Answer key:</strong> <ShownAnswer shown={key} />
      </p>
    </>
  );
}
