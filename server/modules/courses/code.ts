/**
 * Readable course codes made from a title: "SSAT Elementary Prep" → "SSAT-ELEM-PREP", "MAP Grade 5 Math" →
 * "MAP-GRADE-5-MATH". Short words (up to 5 letters) stay whole, longer ones keep their first 4 letters (numbers
 * their first 6 digits); small joining words are skipped. A title with no Latin letters or digits gives "COURSE".
 */
const SKIPPED = new Set(['A', 'AN', 'AND', 'THE', 'OF', 'FOR', 'TO', 'IN', 'ON', 'WITH']);
const MAX_PARTS = 4;

export function codeFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w && !SKIPPED.has(w));
  const parts = words
    .slice(0, MAX_PARTS)
    .map((w) => (w.length <= 5 ? w : /^\d+$/.test(w) ? w.slice(0, 6) : w.slice(0, 4)));
  return parts.length ? parts.join('-') : 'COURSE';
}

/** The first of base, base-2, base-3 ... that is not taken. */
export function firstFreeCode(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
