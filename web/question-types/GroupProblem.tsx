import styles from './key.module.css';

/** A broken rule about a group of fields (the options, the blanks, one blank's answers), announced; nothing without one. */
export function GroupProblem({ message }: { message?: string }) {
  return message ? (
    <p className={styles.problem} role="alert">
      {message}
    </p>
  ) : null;
}
