import { useState } from 'react';
import styles from './lesson.module.css';

/** A small dot diagram per page: 3, 6 and 10 dots in rows of five, as in a ten-frame. */
function Dots({ count }: { count: number }) {
  return (
    <svg viewBox="0 0 260 110" width="260" height="110" role="img" aria-label={`${count} dots in a ten-frame`}>
      {Array.from({ length: 10 }, (_, i) => (
        <g key={i}>
          <rect
            x={10 + (i % 5) * 48}
            y={10 + Math.floor(i / 5) * 48}
            width="44"
            height="44"
            rx="6"
            fill="none"
            stroke="#dfe2ee"
            strokeWidth="2"
          />
          {i < count ? (
            <circle
              cx={32 + (i % 5) * 48}
              cy={32 + Math.floor(i / 5) * 48}
              r="14"
              fill={i < 5 ? '#2f3fb8' : '#ffb547'}
            />
          ) : null}
        </g>
      ))}
    </svg>
  );
}

const DOTS_PER_PAGE = [3, 6, 10];

/** The lecture: text and a dot diagram, on three pages with their page buttons. */
export function Lecture({ pages }: { pages: string[] }) {
  const [page, setPage] = useState(0);
  return (
    <div className={styles.lecture}>
      <p>{pages[page]}</p>
      <Dots count={DOTS_PER_PAGE[page] ?? 10} />
      <div className={styles.pages} role="group" aria-label="Lecture pages">
        {pages.map((_, i) => (
          <button
            key={i}
            type="button"
            aria-pressed={i === page}
            aria-label={`Page ${i + 1}`}
            onClick={() => setPage(i)}
          >
            {i + 1}
          </button>
        ))}
      </div>
    </div>
  );
}
