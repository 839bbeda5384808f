import { formLabel, formsToTell, type AnswerForm } from '@common/rules/answer-forms';
import styles from './answer.module.css';

/** The forms an answer must take as a line for its field ("Answer as: Simplest form"); undefined when any will do. */
export function formHintText(forms: readonly AnswerForm[] | undefined): string | undefined {
  const told = formsToTell(forms ?? []);
  return told.length > 0 ? `Answer as: ${told.map(formLabel).join(', ')}` : undefined;
}

/** That line under a field that has no hint of its own. */
export function FormHint({ forms }: { forms: readonly AnswerForm[] | undefined }) {
  const text = formHintText(forms);
  return text ? <p className={styles.formHint}>{text}</p> : null;
}
