import { useState } from 'react';
import { Lightbulb } from 'lucide-react';
import type { Exercise } from '../../content/catalogue';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import styles from './lesson.module.css';

export const STRIP_SLOTS = 10;

/** Exercises: a 10-slot strip (slots beyond the lesson's exercises are disabled), an answer box, Check and Next. */
export function ExercisePanel({ exercises }: { exercises: Exercise[] }) {
  const [index, setIndex] = useState(0);
  const [answer, setAnswer] = useState('');
  const [result, setResult] = useState<boolean | null>(null);
  const [hint, setHint] = useState(false);
  const exercise = exercises[index];

  const goTo = (i: number) => {
    setIndex(i);
    setAnswer('');
    setResult(null);
    setHint(false);
  };

  if (!exercise) return <p>This lesson has no exercises.</p>;
  return (
    <div className={styles.exercise}>
      <div>
        <div className={styles.strip} role="group" aria-label="Questions">
          {Array.from({ length: STRIP_SLOTS }, (_, i) => (
            <button key={i} type="button" disabled={i >= exercises.length} aria-pressed={i === index} aria-label={`Question ${i + 1}`} onClick={() => goTo(i)}>
              {i + 1}
            </button>
          ))}
        </div>
        <form
          className={styles.question}
          onSubmit={(e) => {
            e.preventDefault();
            setResult(answer.trim() === exercise.answer);
          }}
        >
          <h3>Question {index + 1}</h3>
          <p>{exercise.prompt}</p>
          <label htmlFor="lesson-answer" className={styles.answerLabel}>Your answer</label>
          <input id="lesson-answer" value={answer} autoComplete="off" onChange={(e) => { setAnswer(e.target.value); setResult(null); }} />
          {result !== null ? <Alert tone={result ? 'success' : 'error'}>{result ? 'Correct!' : 'Try again!'}</Alert> : null}
          {hint ? <Alert tone="info">{exercise.hint}</Alert> : null}
          <div className={styles.buttons}>
            <Button variant="ghost" onClick={() => setHint(true)}>
              <Lightbulb size={18} aria-hidden="true" /> Get the hint
            </Button>
            <Button type="submit" disabled={answer.trim() === ''}>Check</Button>
            <Button variant="secondary" disabled={index >= exercises.length - 1} onClick={() => goTo(index + 1)}>Next</Button>
          </div>
        </form>
      </div>
      <aside className={styles.list} aria-label="Exercises in this lesson">
        <h3>Exercises</h3>
        <ol>
          {exercises.map((ex, i) => (
            <li key={ex.id}>
              <button type="button" aria-current={i === index ? 'step' : undefined} onClick={() => goTo(i)}>{ex.prompt}</button>
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
