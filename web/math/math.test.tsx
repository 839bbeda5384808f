// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { splitMath } from '@common/dollar-math';
import { isEmptyContent, renderContent } from './renderContent';
import { RichText } from './RichText';
import { MathText } from './MathText';
import { ShownAnswer } from './ShownAnswer';
import { renderLatex } from './katex';
import { describeAnswer, describeKey } from '@common/question-types';
import { markMath, plainTextToHtml } from './editor/markup';

describe('splitMath', () => {
  it('finds inline and display math', () => {
    expect(splitMath('Add $\\frac{1}{2}$ and $$x^2$$.')).toEqual([
      { kind: 'text', value: 'Add ' },
      { kind: 'math', display: false, latex: '\\frac{1}{2}' },
      { kind: 'text', value: ' and ' },
      { kind: 'math', display: true, latex: 'x^2' },
      { kind: 'text', value: '.' },
    ]);
  });

  it('leaves money, escaped dollars and unclosed dollars as text', () => {
    for (const text of ['It costs $5 and $10.', 'A \\$ sign', 'Only $ one', '$ x$', 'cost $3$4']) {
      expect(
        splitMath(text).every((p) => p.kind === 'text'),
        text,
      ).toBe(true);
    }
  });

  it('keeps escaped dollars inside math', () => {
    expect(splitMath('$\\$6$')).toEqual([{ kind: 'math', display: false, latex: '\\$6' }]);
  });
});

describe('renderContent', () => {
  it('renders math in text with KaTeX and never in code', () => {
    const out = renderContent(
      '<p>Half: $\\frac{1}{2}$</p><div data-math="display">$$a^2+b^2=c^2$$</div><pre>$x$</pre>',
    );
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect(doc.querySelectorAll('.katex')).toHaveLength(2);
    expect(doc.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(doc.querySelector('pre')?.textContent).toBe('$x$');
  });

  it('shows a formula KaTeX cannot read as a Math Error instead of failing', () => {
    const out = renderContent('<p>Oops $\\frac{1}{$ and fine $x$</p>');
    expect(out).toContain('Math Error:');
    expect(new DOMParser().parseFromString(out, 'text/html').querySelectorAll('.katex')).toHaveLength(1);
  });

  it('keeps markup in text as text', () => {
    const out = renderContent('<p>$x$ &lt;img src=x onerror=alert(1)&gt;</p>');
    expect(new DOMParser().parseFromString(out, 'text/html').querySelector('img')).toBeNull();
  });
});

describe('RichText', () => {
  it('shows the empty state for empty content', () => {
    for (const html of ['', '<p></p>', '  <p> </p> ']) {
      const { unmount } = render(<RichText html={html} />);
      expect(screen.getByText('No Content Available')).toBeTruthy();
      expect(screen.getByText("This content is empty or hasn't been created yet.")).toBeTruthy();
      unmount();
    }
  });

  it('renders content with math and column layouts', () => {
    const { container } = render(
      <RichText
        html={
          '<div data-columns="3"><div data-column><p>$1$</p></div><div data-column><p>$2$</p></div><div data-column><p>$3$</p></div></div>'
        }
      />,
    );
    expect(container.querySelectorAll('.katex')).toHaveLength(3);
    expect(container.querySelector('[data-columns="3"]')).not.toBeNull();
  });
});

describe('MathText', () => {
  it('renders one line of text with math, never its text as HTML', () => {
    const { container } = render(<MathText text={'<b>1</b> is $\\frac{2}{2}$'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>1</b> is');
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
  });
});

/** What a reader sees: the text without KaTeX's hidden MathML copy of the source. */
function visibleText(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.katex-mathml').forEach((el) => el.remove());
  return copy.textContent ?? '';
}

describe('ShownAnswer', () => {
  it("shows a multiple-choice key as each letter beside its option's rendered text", () => {
    const question = {
      type: 'Multiple Choice' as const,
      options: { A: '<p>$\\frac{2}{4}$</p>', B: 'two', C: '$\\frac{4}{8}$' },
      answer: { a1: ['A', 'C'] },
    };
    const { container } = render(<ShownAnswer shown={describeKey(question)} />);
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
    expect(visibleText(container)).toMatch(/^A\..*, C\./);
    expect(visibleText(container)).not.toContain('\\frac');
  });

  it("renders a student's LaTeX answers (a mixed number, a matrix) as math and plain words as words", () => {
    const question = { type: 'Fill in the Blank' as const, options: {} };
    const { container } = render(
      <ShownAnswer
        shown={describeAnswer(
          question,
          JSON.stringify(['3\\,\\frac13', '\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix}', 'six']),
        )}
      />,
    );
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
    const text = visibleText(container);
    for (const raw of ['\\frac', '\\begin', '\\,']) expect(text).not.toContain(raw);
    expect(text).toContain('Blank 3: six');
  });

  it('says so when the key cannot be read', () => {
    render(<ShownAnswer shown={describeKey({ type: 'Fill in the Blank', options: {}, answer: '[["4"' })} />);
    expect(screen.getByText('Error loading answers')).toBeTruthy();
  });

  it('sets fractions at display size when large, where inline math shrinks them', () => {
    const small = renderLatex('\\frac{1}{2}', false);
    const large = renderLatex('\\frac{1}{2}', false, true);
    expect('html' in small && small.html).toContain('reset-size6 size3');
    expect('html' in large && large.html).not.toContain('reset-size6 size3');
    // Still inline, and its source (copied, read aloud) is the formula as written.
    expect('html' in large && large.html).not.toContain('katex-display');
    expect('html' in large && large.html).toContain(
      '<annotation encoding="application/x-tex">\\frac{1}{2}</annotation>',
    );
    const { container } = render(<RichText html={'<p>$\\frac{1}{2}$</p>'} large />);
    expect(container.innerHTML).not.toContain('reset-size6 size3');
  });
});

describe('the editor markup', () => {
  it('turns dollar math into math markers for loading and pasting', () => {
    expect(markMath('<p>So $x+1$ and $$y$$</p>')).toBe(
      '<p>So <span data-math="inline">$x+1$</span> and <span data-math="display">$$y$$</span></p>',
    );
    expect(markMath('<p><span data-math="inline">$x$</span></p>')).toBe('<p><span data-math="inline">$x$</span></p>');
    expect(plainTextToHtml('Line $a$\nnext\n\nPara <b>')).toBe(
      '<p>Line <span data-math="inline">$a$</span><br>next</p><p>Para &lt;b&gt;</p>',
    );
  });
});

describe('passes over the largest content', () => {
  /** Section content may be 500,000 characters; a pass that rescans from every `<` or `$` would take minutes. */
  const LENGTH = 500_000;
  const runs = ['<', '<a', '$', '$$', '$<', '$a', '$ ', '\\$', '$$\\', '&nbsp;', ' '].map((unit) =>
    unit.repeat(LENGTH / unit.length),
  );

  it('tells empty content from the rest in linear time', () => {
    for (const html of runs) {
      const started = performance.now();
      isEmptyContent(html);
      expect(performance.now() - started, JSON.stringify(html.slice(0, 8))).toBeLessThan(1000);
    }
    expect(isEmptyContent('<'.repeat(10))).toBe(false);
    expect(isEmptyContent('<p>&nbsp; </p>')).toBe(true);
  });

  it('finds the math in linear time', () => {
    for (const text of runs) {
      const started = performance.now();
      splitMath(text);
      expect(performance.now() - started, JSON.stringify(text.slice(0, 8))).toBeLessThan(1000);
    }
  });
});
