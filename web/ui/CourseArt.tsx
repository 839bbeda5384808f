/** Each offering has its own illustration: a palette and a math motif. */
export type Motif = 'shapes' | 'numbers' | 'graph' | 'fraction' | 'triangle' | 'sigma';

const palettes: Record<Motif, [string, string, string]> = {
  numbers: ['#e8ebfb', '#2f3fb8', '#ffb547'],
  fraction: ['#fff1dc', '#b86e00', '#2f3fb8'],
  sigma: ['#e5f5ec', '#17804a', '#ffb547'],
  triangle: ['#fdecee', '#c2283a', '#2f3fb8'],
  graph: ['#e6f3fb', '#1b6fa8', '#ffb547'],
  shapes: ['#efe8fb', '#6a3fb8', '#ffb547'],
};

/** Our own geometric illustration for a course: a soft background, a math motif and an accent shape. */
export function CourseArt({ motif, className }: { motif: Motif; className?: string }) {
  const [bg, ink, accent] = palettes[motif];
  return (
    <svg
      viewBox="0 0 320 180"
      className={className}
      role="presentation"
      aria-hidden="true"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="320" height="180" fill={bg} />
      <circle cx="270" cy="30" r="56" fill={accent} opacity="0.35" />
      <circle cx="40" cy="160" r="44" fill={ink} opacity="0.08" />
      {motif === 'numbers' ? (
        <g fill={ink} fontWeight="800" fontFamily="inherit">
          <text x="70" y="112" fontSize="64">
            1 2 3
          </text>
          <text x="205" y="140" fontSize="34" fill={accent}>
            +
          </text>
        </g>
      ) : null}
      {motif === 'fraction' ? (
        <g>
          <circle cx="130" cy="92" r="52" fill="none" stroke={ink} strokeWidth="6" />
          <path d="M130 92 L130 40 A52 52 0 0 1 182 92 Z" fill={accent} />
          <text x="215" y="84" fontSize="34" fontWeight="800" fill={ink}>
            1
          </text>
          <rect x="210" y="94" width="34" height="5" fill={ink} />
          <text x="215" y="134" fontSize="34" fontWeight="800" fill={ink}>
            4
          </text>
        </g>
      ) : null}
      {motif === 'sigma' ? (
        <g fill={ink} fontWeight="800">
          <text x="70" y="124" fontSize="86">
            x
          </text>
          <text x="130" y="118" fontSize="44">
            + 5 = 12
          </text>
        </g>
      ) : null}
      {motif === 'triangle' ? (
        <g>
          <path d="M90 140 L160 36 L230 140 Z" fill="none" stroke={ink} strokeWidth="7" strokeLinejoin="round" />
          <circle cx="160" cy="108" r="20" fill={accent} />
          <text x="150" y="116" fontSize="22" fontWeight="800" fill="#1b1f3b">
            8
          </text>
        </g>
      ) : null}
      {motif === 'graph' ? (
        <g stroke={ink} strokeWidth="4" fill="none" strokeLinecap="round">
          <path d="M70 150 L70 40 M60 140 L250 140" opacity="0.5" />
          <path d="M80 132 L240 52" />
          <circle cx="160" cy="92" r="7" fill={accent} stroke="none" />
          <path d="M90 60 Q160 180 230 60" stroke={accent} />
        </g>
      ) : null}
      {motif === 'shapes' ? (
        <g>
          <rect x="70" y="60" width="70" height="70" rx="8" fill={ink} opacity="0.85" />
          <circle cx="190" cy="95" r="38" fill={accent} />
          <path d="M220 140 L250 86 L280 140 Z" fill={ink} opacity="0.5" />
        </g>
      ) : null}
    </svg>
  );
}
