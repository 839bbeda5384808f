/** Reading the parts of a question that may arrive as JSON strings (learner-and-public.md section 3). */

/** Options as [letter, text] pairs in letter order, or null when they cannot be read. */
export function parseOptions(options: unknown): Array<[string, string]> | null {
  try {
    const value = typeof options === 'string' ? JSON.parse(options) : options;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, typeof v === 'string' ? v : String(v)] as [string, string])
      .sort(([a], [b]) => a.localeCompare(b));
  } catch {
    return null;
  }
}

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
