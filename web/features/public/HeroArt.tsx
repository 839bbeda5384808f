/** The landing hero's drawing: a notebook of shapes and numbers, our own SVG. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 420 360" className={className} aria-hidden="true">
      <circle cx="230" cy="180" r="160" fill="rgb(255 255 255 / 0.08)" />
      <rect x="70" y="60" width="250" height="230" rx="22" fill="#fff" />
      <rect x="70" y="60" width="250" height="44" rx="22" fill="#ffb547" />
      <rect x="70" y="82" width="250" height="22" fill="#ffb547" />
      <g stroke="#e8ebfb" strokeWidth="2">
        <path d="M96 140 H296 M96 176 H296 M96 212 H296 M96 248 H296" />
      </g>
      <text x="100" y="166" fontSize="28" fontWeight="800" fill="#2f3fb8">
        a² + b² = c²
      </text>
      <path d="M110 268 L110 200 L190 268 Z" fill="none" stroke="#1b1f3b" strokeWidth="5" strokeLinejoin="round" />
      <rect x="110" y="254" width="14" height="14" fill="none" stroke="#1b1f3b" strokeWidth="3" />
      <circle cx="250" cy="232" r="34" fill="#e8ebfb" />
      <path d="M250 232 L250 198 A34 34 0 0 1 284 232 Z" fill="#2f3fb8" />
      <circle cx="340" cy="86" r="30" fill="#17804a" />
      <text x="340" y="97" textAnchor="middle" fontFamily="Georgia, serif" fontSize="30" fontWeight="800" fill="#fff">
        π
      </text>
      <circle cx="52" cy="250" r="24" fill="#c2283a" />
      <text x="52" y="259" textAnchor="middle" fontSize="24" fontWeight="800" fill="#fff">
        ÷
      </text>
      <rect x="300" y="270" width="64" height="44" rx="10" fill="#ffb547" />
      <text x="332" y="300" textAnchor="middle" fontSize="22" fontWeight="800" fill="#1b1f3b">
        A+
      </text>
    </svg>
  );
}
