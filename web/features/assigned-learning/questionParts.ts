/** The blanks of a fill-in-the-blank question, and escaping what a student types. */

/** How many blanks a fill-in-the-blank text holds: its highest ___N___ (at least one). */
export function blankCount(questionText: string): number {
  const numbers = [...questionText.matchAll(/___(\d+)___/g)].map((m) => Number(m[1]));
  return Math.max(1, ...numbers.filter((n) => n > 0 && n <= 50));
}

/** The question text with each ___N___ shown as a numbered blank box. */
export function withBlankMarks(questionText: string): string {
  return questionText.replace(/___(\d+)___/g, (_, n: string) => `<span class="blank-mark" aria-label="blank ${n}">[ ${n} ]</span>`);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
