import { useState } from 'react';
import { CheckCircle2, Paperclip, XCircle } from 'lucide-react';
import type { CheckAnswerReply, StudentQuestion } from '@common/schemas/learning';
import { MESSAGES } from '@common/rules';
import { readAttachments, readOptions, uploadUrl } from '@common/schemas/questions';
import { apiUrl } from '../../api/client';
import { RichText } from '../../math/RichText';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useCheckAnswer } from './api';
import { MathAnswerEditor } from '../../math/answer/MathAnswerEditor';
import { blankCount, withBlankMarks } from './questionParts';
import styles from './student.module.css';

/**
 * One exercise: the question, its attachments and an answer control for its type, then Check Answer.
 * Blank answers are never sent; the server checks and records every attempt.
 */
export function QuestionCard({ question, sectionId }: { question: StudentQuestion; sectionId: string }) {
  const [answer, setAnswer] = useState('');
  const [result, setResult] = useState<CheckAnswerReply['result'] | null>(null);
  const check = useCheckAnswer();
  const isBlank = answer.trim() === '' || (question.type === 'Fill in the Blank' && (JSON.parse(answer || '[]') as string[]).every((b) => b.trim() === ''));
  const change = (value: string) => {
    setAnswer(value);
    setResult(null);
  };
  const submit = () => {
    if (isBlank || check.isPending) return;
    check.mutate(
      { questionId: question.id, studentAnswer: answer, sectionId },
      {
        onSuccess: (reply) => setResult(reply.result),
        // The spec logs a failed check and shows nothing to the student.
        onError: (error) => console.error('Check answer failed', error),
      },
    );
  };

  return (
    <div className={styles.question}>
      <RichText html={question.type === 'Fill in the Blank' ? withBlankMarks(question.questionText) : question.questionText} className={styles.richText} />
      <Attachments files={question.attachments} />
      <AnswerInput question={question} answer={answer} onChange={change} />
      <div className={styles.checkRow}>
        <Button onClick={submit} disabled={isBlank || check.isPending}>
          {check.isPending ? 'Checking...' : 'Check Answer'}
        </Button>
        {question.hint ? <p className={styles.hint}>Hint: {question.hint}</p> : null}
      </div>
      {result ? (
        <p className={result.isCorrect ? styles.correct : styles.incorrect} role="status">
          {result.isCorrect ? <CheckCircle2 size={20} aria-hidden="true" /> : <XCircle size={20} aria-hidden="true" />}
          <strong>{result.isCorrect ? 'Correct' : 'Incorrect'}</strong> {result.feedback}
        </p>
      ) : null}
    </div>
  );
}

function AnswerInput({ question, answer, onChange }: { question: StudentQuestion; answer: string; onChange(value: string): void }) {
  if (question.type === 'Multiple Choice') {
    const options = readOptions(question.options);
    if (!options) return <p className={styles.failed}>{MESSAGES.optionsUnreadable}</p>;
    const chosen = answer ? answer.split(',') : [];
    const pick = (letter: string, on: boolean) => {
      const next = question.multipleAnswers ? (on ? [...chosen, letter] : chosen.filter((c) => c !== letter)) : [letter];
      onChange(next.sort().join(','));
    };
    return (
      <fieldset className={styles.options}>
        <legend className={styles.muted}>{question.multipleAnswers ? 'Choose all the correct answers' : 'Choose one answer'}</legend>
        {options.map(([letter, text]) => (
          <label key={letter} className={styles.option}>
            <input
              type={question.multipleAnswers ? 'checkbox' : 'radio'}
              name={`q-${question.id}`}
              value={letter}
              checked={chosen.includes(letter)}
              onChange={(e) => pick(letter, e.target.checked)}
              aria-label={`Option ${letter}`}
            />
            <span className={styles.optionLetter}>{letter}</span>
            <RichText html={text} className={styles.optionText} />
          </label>
        ))}
      </fieldset>
    );
  }
  if (question.type === 'Fill in the Blank') {
    const count = blankCount(question.questionText);
    const blanks: string[] = answer ? (JSON.parse(answer) as string[]) : Array(count).fill('');
    const set = (i: number, value: string) => onChange(JSON.stringify(blanks.map((b, j) => (j === i ? value : b))));
    return (
      <div className={styles.blanks}>
        {blanks.map((value, i) => (
          <MathAnswerEditor key={i} label={count === 1 ? 'Your answer' : `Blank ${i + 1}`} value={value} onChange={(v) => set(i, v)} />
        ))}
      </div>
    );
  }
  return <TextField label="Your answer" value={answer} onChange={(e) => onChange(e.target.value)} placeholder={question.type === 'Calculation' ? 'e.g. 3/4 or 2x + 1' : 'Type your answer'} />;
}

/** The question's images; attachments that arrive unreadable (a JSON string that does not parse) are reported. */
function Attachments({ files: raw }: { files: unknown }) {
  const files = readAttachments(raw);
  if (files === null) return <p className={styles.failed}>{MESSAGES.attachmentsUnreadable}</p>;
  if (files.length === 0) return null;
  return (
    <div className={styles.attachments}>
      {files.map((f) => (
        <Attachment key={f.filename} file={f} />
      ))}
    </div>
  );
}

/** An image attachment; when it cannot load, a paperclip and its file name. */
function Attachment({ file }: { file: StudentQuestion['attachments'][number] }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className={styles.attachmentFallback}>
        <Paperclip size={16} aria-hidden="true" /> {file.originalname}
      </span>
    );
  }
  return <img className={styles.attachmentImage} src={apiUrl(uploadUrl(file.filename))} alt={file.originalname} onError={() => setFailed(true)} />;
}
