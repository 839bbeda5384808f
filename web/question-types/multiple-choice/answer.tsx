import { MESSAGES } from '@common/rules';
import { QUESTION_TYPE_RULES } from '@common/question-types';
import { readOptions } from '@common/schemas/questions';
import { RichText } from '../../math/RichText';
import type { AnswerInputProps } from '../types';
import styles from '../answer.module.css';

const { wire } = QUESTION_TYPE_RULES['Multiple Choice'];

/** The options to choose from: radio buttons, or check boxes when the key marks several options correct. */
export function MultipleChoiceAnswer({ question, answer, onChange }: AnswerInputProps) {
  const options = readOptions(question.options);
  if (!options) return <p className={styles.failed}>{MESSAGES.optionsUnreadable}</p>;
  const chosen = wire.decode(answer, 0);
  const pick = (letter: string, on: boolean) => {
    const next = question.multipleAnswers ? (on ? [...chosen, letter] : chosen.filter((c) => c !== letter)) : [letter];
    onChange(wire.encode(next));
  };
  return (
    <fieldset className={styles.options}>
      <legend className={styles.muted}>
        {question.multipleAnswers ? 'Choose all the correct answers' : 'Choose one answer'}
      </legend>
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
          <RichText html={text} className={styles.optionText} large />
        </label>
      ))}
    </fieldset>
  );
}
