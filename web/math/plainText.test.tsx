// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cut, plainText, previewText } from './plainText';

describe('previews of rich text', () => {
  it('read the words of the content, blocks apart', () => {
    expect(
      plainText('<h2>Parts</h2><p>A <strong>half</strong> is $\\frac{1}{2}$.</p><ul><li>one</li><li>two</li></ul>'),
    ).toBe('Parts A half is $\\frac{1}{2}$. one two');
  });

  it('are cut to 100 characters, never inside a formula', () => {
    expect(cut('x'.repeat(100))).toBe('x'.repeat(100));
    expect(cut('x'.repeat(120))).toBe(`${'x'.repeat(100)}...`);
    const text = `${'a'.repeat(90)} $\\frac{123}{456}$ end`;
    expect(cut(text)).toBe(`${'a'.repeat(90)}...`);
    expect(previewText(`<p>${'b'.repeat(101)}</p>`)).toBe(`${'b'.repeat(100)}...`);
  });
});
