import styles from './ProgressBar.module.css';

/**
 * How much of something is done, as a bar and in words ('2 of 5 sections done'). Screen readers hear the label and
 * the words; `max` 0 shows the words alone (nothing to do yet). Without `value` the bar moves to say "working"
 * while the amount is not known yet (a CSV import being checked).
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  text = label,
}: {
  value?: number;
  max?: number;
  label: string;
  text?: string;
}) {
  if (value === undefined) {
    return (
      <div className={styles.progress}>
        <div
          className={`${styles.track} ${styles.working}`}
          role="progressbar"
          aria-label={label}
          aria-valuetext="Working"
        >
          <div className={styles.indeterminate} />
        </div>
        <span className={styles.text}>{text}</span>
      </div>
    );
  }
  const percent = max > 0 ? Math.round((Math.min(value, max) / max) * 100) : 0;
  return (
    <div className={styles.progress}>
      {max > 0 ? (
        <div
          className={styles.track}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.min(value, max)}
          aria-valuetext={text}
        >
          <div
            className={`${styles.fill} ${percent === 100 ? styles.complete : ''}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
      <span className={styles.text}>{text}</span>
    </div>
  );
}
