// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { answerBox, blankCount, questionHtml } from './blanks';

const blanks = (questionText: string) => ({ type: 'Fill in the Blank' as const, questionText });

describe('the blanks of a question text', () => {
  it('counts blanks by their highest number and marks them in the text', () => {
    expect(blankCount('$2x =$ ___1___ and ___2___')).toBe(2);
    expect(blankCount('No blank at all')).toBe(1);
    expect(questionHtml(blanks('x = ___1___'))).toBe('x = <span class="blank-mark" aria-label="blank 1">[ 1 ]</span>');
  });

  it('marks blanks in the text only, leaving a placeholder inside an attribute value as written', () => {
    const marked = questionHtml(
      blanks(
        '<p><a href="https://example.com" title="see ___1___">link</a> x = ___1___</p><img src="/api/uploads/a.png" alt="___2___">',
      ),
    );
    const holder = document.createElement('div');
    holder.innerHTML = marked;
    expect(holder.querySelector('a')!.getAttribute('title')).toBe('see ___1___');
    expect(holder.querySelector('img')!.getAttribute('alt')).toBe('___2___');
    expect([...holder.querySelectorAll('.blank-mark')].map((m) => m.textContent)).toEqual(['[ 1 ]']);
    expect(blankCount('<img alt="___3___"> ___1___')).toBe(1);
  });

  it('draws the printed paper’s answer boxes the same way', () => {
    expect(questionHtml(blanks('<p>___1___ + ___2___ = 5</p>'), answerBox('box'))).toBe(
      '<p><span class="box">(1)</span> + <span class="box">(2)</span> = 5</p>',
    );
  });

  it('leaves the text of a type without blanks as written', () => {
    for (const type of ['Multiple Choice', 'Short Answer', 'Calculation'] as const)
      expect(questionHtml({ type, questionText: '<p>x = ___1___</p>' })).toBe('<p>x = ___1___</p>');
  });
});
