import { Check, Trash2 } from 'lucide-react';
import { MAX_OPTIONS, optionLetter, removeOption } from '@common/schemas/questions';
import { RichTextEditor } from '../../math/RichTextEditor';
import { Button } from '../../ui/Button';
import styles from './questions.module.css';

interface OptionsEditorProps {
  options: string[];
  correct: string[];
  onChange(next: { options: string[]; correct: string[] }): void;
}

/** Multiple-choice options A, B, C...: each with its editor, a correct toggle (several allowed) and removal. */
export function OptionsEditor({ options, correct, onChange }: OptionsEditorProps) {
  const setText = (index: number, text: string) => onChange({ options: options.map((o, i) => (i === index ? text : o)), correct });
  const toggle = (letter: string) => onChange({ options, correct: correct.includes(letter) ? correct.filter((c) => c !== letter) : [...correct, letter].sort() });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Options</legend>
      {options.map((text, i) => {
        const letter = optionLetter(i);
        const isCorrect = correct.includes(letter);
        return (
          <div key={i} className={`${styles.option} ${isCorrect ? styles.optionCorrect : ''}`}>
            <RichTextEditor label={`Option ${letter}`} value={text} height={120} onChange={(html) => setText(i, html)} />
            <div className={styles.optionActions}>
              <Button size="sm" variant={isCorrect ? 'primary' : 'secondary'} aria-pressed={isCorrect} onClick={() => toggle(letter)}>
                <Check size={16} aria-hidden="true" /> {isCorrect ? `Option ${letter} is correct` : 'Select as Correct'}
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Remove option ${letter}`} onClick={() => onChange(removeOption(options, correct, i))}>
                <Trash2 size={16} aria-hidden="true" /> Remove
              </Button>
            </div>
          </div>
        );
      })}
      <Button variant="secondary" size="sm" disabled={options.length >= MAX_OPTIONS} onClick={() => onChange({ options: [...options, ''], correct })}>
        + Add Option
      </Button>
    </fieldset>
  );
}
