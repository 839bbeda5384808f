import { Check, X } from 'lucide-react';
import { PASSWORD_RULES } from '@common/rules';
import styles from './PasswordChecklist.module.css';

/**
 * Every password rule at once, under the field where a password is chosen: each turns green with a check as soon
 * as the typed password meets it; a failing one keeps its message.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul className={styles.list} id={id} aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.message} className={met ? styles.met : styles.unmet} data-met={met}>
            {met ? <Check size={14} aria-hidden="true" /> : <X size={14} aria-hidden="true" />}
            <span>
              {rule.message}
              <span className="visually-hidden">{met ? ' (met)' : ' (not met yet)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
