import { describe, expect, it } from 'vitest';
import { blankCount, escapeHtml, withBlankMarks } from './questionParts';

describe('reading questions', () => {
  it('counts blanks by their highest number and marks them in the text', () => {
    expect(blankCount('$2x =$ ___1___ and ___2___')).toBe(2);
    expect(blankCount('No blank at all')).toBe(1);
    expect(withBlankMarks('x = ___1___')).toBe('x = <span class="blank-mark" aria-label="blank 1">[ 1 ]</span>');
  });

  it('escapes what a student types before it is previewed', () => {
    expect(escapeHtml('<img src=x onerror="alert(1)">&\'')).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
  });
});
