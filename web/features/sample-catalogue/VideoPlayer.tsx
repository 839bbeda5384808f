import { useEffect, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Pause, Play } from 'lucide-react';
import { formatCountdown } from '@common/rules';
import styles from './lesson.module.css';

/** "m:ss" to seconds. */
export function parseDuration(text: string): number {
  const [m, s] = text.split(':').map(Number);
  return (m || 0) * 60 + (s || 0);
}

/**
 * The lesson's video. The sample catalogue has no recordings, so the player plays the lesson's title card
 * against its clock: play/pause, a progress bar that seeks where it is clicked (or with the arrow keys), m:ss.
 */
export function VideoPlayer({ title, duration }: { title: string; duration: string }) {
  const total = parseDuration(duration);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setCurrent((c) => {
        if (c + 1 >= total) setPlaying(false);
        return Math.min(total, c + 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [playing, total]);

  const seekTo = (seconds: number) => setCurrent(Math.max(0, Math.min(total, Math.round(seconds))));
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    seekTo(((e.clientX - rect.left) / rect.width) * total);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowRight') seekTo(current + 5);
    else if (e.key === 'ArrowLeft') seekTo(current - 5);
    else return;
    e.preventDefault();
  };
  const pct = total ? (current / total) * 100 : 0;

  return (
    <div className={styles.video}>
      <div className={styles.screen} aria-hidden="true">
        <svg viewBox="0 0 640 300" preserveAspectRatio="xMidYMid slice">
          <rect width="640" height="300" fill="#1b1f3b" />
          <circle cx="540" cy="60" r="90" fill="#2f3fb8" opacity="0.6" />
          <circle cx="90" cy="260" r="70" fill="#ffb547" opacity="0.35" />
          <text x="320" y="150" textAnchor="middle" fill="#fff" fontSize="30" fontWeight="800">
            {title}
          </text>
          <text x="320" y="190" textAnchor="middle" fill="#ffd48f" fontSize="18">
            {playing ? 'Playing' : 'Press play to start the lesson'}
          </text>
        </svg>
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.play}
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? 'Pause' : 'Play'}
        >
          {playing ? <Pause size={20} aria-hidden="true" /> : <Play size={20} aria-hidden="true" />}
        </button>
        <div
          className={styles.seek}
          role="slider"
          tabIndex={0}
          aria-label="Seek"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={current}
          aria-valuetext={`${formatCountdown(current)} of ${formatCountdown(total)}`}
          onClick={onClick}
          onKeyDown={onKey}
        >
          <span style={{ width: `${pct}%` }} />
        </div>
        <span className={styles.time} data-testid="video-time">
          {formatCountdown(current)} / {formatCountdown(total)}
        </span>
      </div>
    </div>
  );
}
