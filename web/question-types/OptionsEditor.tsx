import { useState } from 'react';
import { Check, Trash2 } from 'lucide-react';
import { MAX_OPTIONS, optionLetter, removeOption } from '@common/schemas/questions';
import { RichTextEditor } from '../math/RichTextEditor';
import { Button } from '../ui/Button';
import { GroupProblem } from './GroupProblem';
import styles from './key.module.css';

interface OptionsEditorProps {
  options: string[];
  correct: string[];
  onChange(next: { options: string[]; correct: string[] }): void;
  /** A rule about the options as a whole or the correct marks. */
  error?: string;
  /** A rule about each option, by position. */
  optionErrors?: ReadonlyArray<string | undefined>;
}

let lastOptionKey = 0;
const newOptionKey = () => `option-${++lastOptionKey}`;

/** Multiple-choice options A, B, C...: each with its editor, a correct toggle (several allowed) and removal. */
export function OptionsEditor({ options, correct, onChange, error, optionErrors = [] }: OptionsEditorProps) {
  // Each option's editor keeps its own state (content, selection, undo history), so it is keyed by an id that
  // stays with its option: when an option is removed and the rest move up a letter, every editor keeps its text.
  const [storedKeys, setKeys] = useState<string[]>(() => options.map(newOptionKey));
  let keys = storedKeys;
  if (keys.length !== options.length) {
    // The options were replaced from outside (another question): fresh editors for the ones beyond the old count.
    keys = options.map((_, i) => storedKeys[i] ?? newOptionKey());
    setKeys(keys);
  }
  const remove = (index: number) => {
    setKeys(keys.filter((_, i) => i !== index));
    onChange(removeOption(options, correct, index));
  };
  const add = () => {
    setKeys([...keys, newOptionKey()]);
    onChange({ options: [...options, ''], correct });
  };
  const setText = (index: number, text: string) =>
    onChange({ options: options.map((o, i) => (i === index ? text : o)), correct });
  const toggle = (letter: string) =>
    onChange({
      options,
      correct: correct.includes(letter) ? correct.filter((c) => c !== letter) : [...correct, letter].sort(),
    });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Options</legend>
      {options.map((text, i) => {
        const letter = optionLetter(i);
        const isCorrect = correct.includes(letter);
        return (
          <div key={keys[i]} className={`${styles.option} ${isCorrect ? styles.optionCorrect : ''}`}>
            <RichTextEditor
              label={`Option ${letter}`}
              value={text}
              height={120}
              onChange={(html) => setText(i, html)}
              error={optionErrors[i]}
            />
            <div className={styles.optionActions}>
              <Button
                size="sm"
                variant={isCorrect ? 'primary' : 'secondary'}
                aria-pressed={isCorrect}
                onClick={() => toggle(letter)}
                icon={Check}
              >
                {isCorrect ? `Option ${letter} is correct` : 'Select as Correct'}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove option ${letter}`}
                onClick={() => remove(i)}
                icon={Trash2}
              >
                Remove
              </Button>
            </div>
          </div>
        );
      })}
      <Button variant="secondary" size="sm" disabled={options.length >= MAX_OPTIONS} onClick={add}>
        + Add Option
      </Button>
      <GroupProblem message={error} />
    </fieldset>
  );
}
