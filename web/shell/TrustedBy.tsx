/** The 'Trusted By' mark: our own badge for the families and schools that learn with us. */
export function TrustedBy() {
  return (
    <svg viewBox="0 0 200 56" width="200" height="56" role="img" aria-label="K-12 Learning Alliance">
      <rect x="1" y="1" width="198" height="54" rx="12" fill="none" stroke="currentColor" strokeOpacity="0.35" />
      <circle cx="28" cy="28" r="16" fill="#ffb547" />
      <path d="M20 32 L28 18 L36 32 Z" fill="none" stroke="#1b1f3b" strokeWidth="3" strokeLinejoin="round" />
      <text x="54" y="25" fontSize="13" fontWeight="700" fill="currentColor">
        K-12 Learning
      </text>
      <text x="54" y="41" fontSize="13" fontWeight="700" fill="currentColor">
        Alliance
      </text>
    </svg>
  );
}
