/** Our own geometric illustration: an open book with a fraction, a triangle and a rising curve. */
export function LearningIllustration({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 240 160"
      role="img"
      aria-label="An open book with math shapes"
      xmlns="http://www.w3.org/2000/svg"
    >
      <circle cx="190" cy="40" r="26" fill="var(--color-accent)" opacity="0.35" />
      <path
        d="M30 120 Q120 96 120 120 Q120 96 210 120 L210 60 Q120 38 120 60 Q120 38 30 60 Z"
        fill="var(--color-primary-soft)"
        stroke="var(--color-primary)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <line x1="120" y1="60" x2="120" y2="120" stroke="var(--color-primary)" strokeWidth="3" />
      <text x="62" y="86" fontSize="18" fontWeight="700" fill="var(--color-primary)" fontFamily="var(--font-sans)">
        3
      </text>
      <line x1="56" y1="92" x2="78" y2="92" stroke="var(--color-primary)" strokeWidth="2.5" />
      <text x="62" y="110" fontSize="18" fontWeight="700" fill="var(--color-primary)" fontFamily="var(--font-sans)">
        4
      </text>
      <path
        d="M140 104 L162 70 L184 104 Z"
        fill="none"
        stroke="var(--color-accent-strong)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M34 40 C60 40 70 14 100 18"
        fill="none"
        stroke="var(--color-accent-strong)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="100" cy="18" r="4" fill="var(--color-accent-strong)" />
    </svg>
  );
}
