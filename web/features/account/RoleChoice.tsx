import type { UseFormRegisterReturn } from 'react-hook-form';
import { SIGNUP_ROLES, SIGNUP_ROLE_LABELS } from '@common/rules';
import styles from './account.module.css';

/** "Who is signing up?": a parent or a student, as cards; the e-mail sign-up and the Google sign-up both ask it. */
export function RoleChoice({ field, error }: { field: UseFormRegisterReturn; error?: string }) {
  return (
    <fieldset className={styles.roles} aria-describedby={error ? 'signup-role-error' : undefined}>
      <legend>Who is signing up?</legend>
      {SIGNUP_ROLES.map((role) => (
        <label key={role} className={styles.role}>
          <input type="radio" value={role} {...field} />
          <span>
            <strong>{SIGNUP_ROLE_LABELS[role].title}</strong>
            <small>{SIGNUP_ROLE_LABELS[role].text}</small>
          </span>
        </label>
      ))}
      {error ? (
        <p id="signup-role-error" className={styles.roleError} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
