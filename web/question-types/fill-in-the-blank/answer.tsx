import { Fragment } from 'react';
import { QUESTION_TYPE_RULES } from '@common/question-types';
import { MathAnswerEditor } from '../../math/answer/MathAnswerEditor';
import type { AnswerInputProps } from '../types';
import { blankCount } from '../blanks';
import { FormHint } from '../FormHint';
import styles from '../answer.module.css';

const { wire } = QUESTION_TYPE_RULES['Fill in the Blank'];

/** A math answer editor per blank of the text, labelled by its number (one blank is just "Your answer"). */
export function FillInTheBlankAnswer({ question, answer, onChange, onEnter }: AnswerInputProps) {
  const count = blankCount(question.questionText);
  const blanks = wire.decode(answer, count);
  const set = (i: number, value: string) => onChange(wire.encode(blanks.map((b, j) => (j === i ? value : b))));
  return (
    <div className={styles.blanks}>
      {blanks.map((value, i) => (
        <Fragment key={i}>
          <MathAnswerEditor
            label={count === 1 ? 'Your answer' : `Blank ${i + 1}`}
            value={value}
            onChange={(v) => set(i, v)}
            onEnter={onEnter}
          />
          <FormHint forms={question.answerForms[i]} />
        </Fragment>
      ))}
    </div>
  );
}
