/**
 * Passes over user text that the server and the web app share. Each is linear in the length of its input:
 * they run on every request body, and a pattern that backtracks would let one short string stall the server.
 */

/** NUL, or a UTF-16 surrogate without its partner: PostgreSQL text and jsonb can hold neither. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store the text as given. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * Characters that make plain text show something other than what it says: C0 and C1 controls (terminal escapes,
 * backspaces, bells), the bidi embeddings, overrides and isolates that reverse what follows them, and in one line
 * the Unicode line and paragraph separators (a name that starts a new line hides what follows it, and a
 * spreadsheet reading an exported cell skips them to find a formula).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same, where tab and line breaks belong to the text (descriptions, addresses, hints). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * How a text field judges what it is given:
 * `line` (titles, names, codes), `lines` (descriptions, addresses, hints: tab and line breaks allowed)
 * and `any` (answers, rich text, searches: anything PostgreSQL can store).
 */
export type TextKind = 'line' | 'lines' | 'any';

/** What is wrong with a text of a kind, or null when it can be stored as given. */
export function textProblem(text: string, kind: TextKind): 'unstorable' | 'hidden' | null {
  if (!isStorableText(text)) return 'unstorable';
  if (kind === 'line' && HIDDEN_IN_LINE.test(text)) return 'hidden';
  if (kind === 'lines' && HIDDEN_IN_LINES.test(text)) return 'hidden';
  return null;
}

export const unstorableMessage = (label: string) =>
  `${label} contains a character that cannot be stored. Please remove it.`;
export const hiddenCharacterMessage = (label: string) =>
  `${label} cannot contain control characters or text-direction overrides`;

/**
 * The text of some HTML outside its tags, as `html.replace(/<[^>]*>/g, '')` gives it, in one pass: that pattern
 * rescans to the end of the input from every `<` that no `>` follows, which is quadratic in a run of `<`.
 */
export function textOutsideTags(html: string): string {
  let text = '';
  let from = 0;
  while (from < html.length) {
    const open = html.indexOf('<', from);
    const close = open < 0 ? -1 : html.indexOf('>', open + 1);
    // No tag closes after here, so no later `<` opens one either: the rest is text.
    if (close < 0) return text + html.slice(from);
    text += html.slice(from, open);
    from = close + 1;
  }
  return text;
}
