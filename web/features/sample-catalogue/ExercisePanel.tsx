import { useState } from 'react';
import { Lightbulb } from 'lucide-react';
import type { Exercise } from '../../content/catalogue';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import styles from './lesson.module.css';

export const STRIP_SLOTS = 10;

/**
 * The real answer checker judges the sample answers too (so `3/4`, `0.75` and `\frac{3}{4}` are all right), loaded
 * on the first Check: the lesson page stays light until someone answers.
 */
async function checkSample(exercise: Exercise, answer: string): Promise<boolean> {
  const { checkAnswer } = await import('@common/answers');
  return checkAnswer({ type: 'Short Answer', answer: [[exercise.answer]] }, answer).isCorrect;
}

/** Exercises: a 10-slot strip (slots beyond the lesson's exercises are disabled), an answer box, Check and Next. */
export function ExercisePanel({ exercises }: { exercises: Exercise[] }) {
  const [index, setIndex] = useState(0);
  const [answer, setAnswer] = useState('');
  // The verdict holds for the answer it judged: typing on, or a check that ends after the learner moved on, shows none.
  const [verdict, setVerdict] = useState<{ index: number; answer: string; correct: boolean } | null>(null);
  const [hint, setHint] = useState(false);
  const exercise = exercises[index];
  const result = verdict && verdict.index === index && verdict.answer === answer ? verdict.correct : null;

  const goTo = (i: number) => {
    setIndex(i);
    setAnswer('');
    setVerdict(null);
    setHint(false);
  };

  if (!exercise) return <p>This lesson has no exercises.</p>;
  return (
    <div className={styles.exercise}>
      <div>
        <div className={styles.strip} role="group" aria-label="Questions">
          {Array.from({ length: STRIP_SLOTS }, (_, i) => (
            <button
              key={i}
              type="button"
              disabled={i >= exercises.length}
              aria-pressed={i === index}
              aria-label={`Question ${i + 1}`}
              onClick={() => goTo(i)}
            >
              {i + 1}
            </button>
          ))}
        </div>
        <form
          className={styles.question}
          onSubmit={(e) => {
            e.preventDefault();
            void checkSample(exercise, answer).then((correct) => setVerdict({ index, answer, correct }));
          }}
        >
          <h3>Question {index + 1}</h3>
          <p>{exercise.prompt}</p>
          <label htmlFor="lesson-answer" className={styles.answerLabel}>
            Your answer
          </label>
          <input id="lesson-answer" value={answer} autoComplete="off" onChange={(e) => setAnswer(e.target.value)} />
          {result !== null ? (
            <Alert tone={result ? 'success' : 'error'}>{result ? 'Correct!' : 'Try again!'}</Alert>
          ) : null}
          {hint ? <Alert tone="info">{exercise.hint}</Alert> : null}
          <div className={styles.buttons}>
            <Button variant="ghost" onClick={() => setHint(true)} icon={Lightbulb}>
              Get the hint
            </Button>
            <Button type="submit" disabled={answer.trim() === ''}>
              Check
            </Button>
            <Button variant="secondary" disabled={index >= exercises.length - 1} onClick={() => goTo(index + 1)}>
              Next
            </Button>
          </div>
        </form>
      </div>
      <aside className={styles.list} aria-label="Exercises in this lesson">
        <h3>Exercises</h3>
        <ol>
          {exercises.map((ex, i) => (
            <li key={ex.id}>
              <button type="button" aria-current={i === index ? 'step' : undefined} onClick={() => goTo(i)}>
                {ex.prompt}
              </button>
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
