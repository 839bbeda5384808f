import { describe, expect, it } from 'vitest';
import { latexToMathml } from '../math';
import { RefusedFile } from '../model';
import { parseXml } from '../xml';
import { UnsupportedMath, decodeRefs, isDisplayMath, mathmlToLatex } from './mathml';

const NS = 'http://www.w3.org/1998/Math/MathML';
const math = (inner: string, attrs = '') => parseXml(`<math xmlns="${NS}"${attrs}>${inner}</math>`)[0];
const latexOf = (inner: string) => mathmlToLatex(math(inner));

/** KaTeX's MathML without the TeX annotation, so only its presentation markup is left to convert. */
const presentation = (mathml: string) =>
  mathml.replace(/<annotation encoding="application\/x-tex">[\s\S]*?<\/annotation>/, '');

describe('mathmlToLatex on presentation MathML', () => {
  it.each([
    ['<mi>x</mi>', 'x'],
    ['<mn>3.5</mn>', '3.5'],
    ['<mi>sin</mi><mo>&#x2061;</mo><mi>x</mi>', '\\sin x'],
    ['<mi>abc</mi>', '\\mathrm{abc}'],
    ['<mi mathvariant="normal">d</mi><mi>x</mi>', '\\mathrm{d}x'],
    ['<mi mathvariant="double-struck">R</mi>', '\\mathbb{R}'],
    ['<mi>α</mi><mo>+</mo><mi>Ω</mi>', '\\alpha+\\Omega'],
    ['<mn>2</mn><mo>×</mo><mn>3</mn><mo>÷</mo><mn>4</mn><mo>−</mo><mn>1</mn>', '2\\times 3\\div 4-1'],
    [
      '<mi>a</mi><mo>≤</mo><mi>b</mi><mo>≥</mo><mi>c</mi><mo>≠</mo><mi>d</mi><mo>±</mo><mi>e</mi>',
      'a\\le b\\ge c\\ne d\\pm e',
    ],
    ['<mi>x</mi><mo>&times;</mo><mi>y</mi><mo>&le;</mo><mn>1</mn>', 'x\\times y\\le 1'],
    ['<mtext>if </mtext><mi>x</mi><mo>&gt;</mo><mn>0</mn>', '\\text{if }x>0'],
    ['<mtext>50% &amp; {more}</mtext>', '\\text{50\\% \\& \\{more\\}}'],
    ['<mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow>', 'a+b'],
    ['<mfrac><mn>1</mn><mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow></mfrac>', '\\frac{1}{x+1}'],
    ['<msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt>', '\\sqrt{x+1}'],
    ['<mroot><mn>8</mn><mn>3</mn></mroot>', '\\sqrt[3]{8}'],
    ['<msup><mi>x</mi><mn>2</mn></msup>', 'x^{2}'],
    ['<msup><mrow><mo>(</mo><mi>a</mi><mo>+</mo><mi>b</mi><mo>)</mo></mrow><mn>2</mn></msup>', '{(a+b)}^{2}'],
    ['<msub><mi>a</mi><mi>n</mi></msub>', 'a_{n}'],
    ['<msubsup><mi>x</mi><mn>1</mn><mn>2</mn></msubsup>', 'x_{1}^{2}'],
    ['<msup><mi>f</mi><mo>′</mo></msup>', "f'"],
    ['<munder><mo>∑</mo><mi>k</mi></munder>', '\\sum_{k}'],
    ['<munder><mi>x</mi><mo>_</mo></munder>', '\\underline{x}'],
    ['<munder><mi>x</mi><mi>y</mi></munder>', '\\underset{y}{x}'],
    ['<mover><mi>AB</mi><mo>¯</mo></mover>', '\\overline{\\mathrm{AB}}'],
    ['<mover><mi>v</mi><mo>→</mo></mover>', '\\overrightarrow{v}'],
    ['<mover><mi>x</mi><mi>y</mi></mover>', '\\overset{y}{x}'],
    ['<munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover>', '\\sum_{i=1}^{n}'],
    ['<munderover><mi>x</mi><mn>1</mn><mn>2</mn></munderover>', '\\overset{2}{\\underset{1}{x}}'],
    ['<mfenced><mi>a</mi><mi>b</mi></mfenced>', '\\left(a,b\\right)'],
    ['<mfenced open="{" close="}" separators=";"><mn>1</mn><mn>2</mn><mn>3</mn></mfenced>', '\\left\\{1;2;3\\right\\}'],
    ['<mfenced open="[" close=""><mi>x</mi></mfenced>', '\\left[x\\right.'],
    ['<mi>a</mi><mspace width="0.1667em"/><mi>b</mi><mspace width="1em"/><mi>c</mi>', 'a\\,b\\quad c'],
    ['<mstyle displaystyle="true"><mi>x</mi></mstyle><mpadded width="+1em"><mi>y</mi></mpadded>', 'xy'],
    ['<mphantom><mn>0</mn></mphantom>', '\\phantom{0}'],
    ['<semantics><mi>x</mi><annotation encoding="text/plain">ex</annotation></semantics>', 'x'],
    [
      '<mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable>',
      '\\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix}',
    ],
    [
      '<mrow><mo>[</mo><mtable><mtr><mtd><mi>a</mi></mtd></mtr><mtr><mtd><mi>b</mi></mtd></mtr></mtable><mo>]</mo></mrow>',
      '\\begin{bmatrix}a \\\\ b\\end{bmatrix}',
    ],
    [
      '<mfenced open="|" close="|"><mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr></mtable></mfenced>',
      '\\begin{vmatrix}a & b\\end{vmatrix}',
    ],
    ['<mi>π</mi><msup><mi>r</mi><mn>2</mn></msup>', '\\pi r^{2}'],
    ['<menclose notation="box"><mi>x</mi></menclose>', '\\boxed{x}'],
  ])('%s', (inner, latex) => {
    expect(latexOf(inner)).toBe(latex);
  });

  it('reads the m: prefix as MathML', () => {
    const [element] = parseXml(
      `<m:math xmlns:m="${NS}"><m:mfrac><m:mn>1</m:mn><m:mn>2</m:mn></m:mfrac><m:mo>=</m:mo><m:mn>0.5</m:mn></m:math>`,
    );
    expect(mathmlToLatex(element)).toBe('\\frac{1}{2}=0.5');
  });

  it('says which element it does not know, rather than guessing', () => {
    const unknown = (inner: string) => {
      try {
        latexOf(inner);
      } catch (error) {
        return error instanceof UnsupportedMath ? error.element : 'another error';
      }
      return 'converted';
    };
    expect(unknown('<mmultiscripts><mi>C</mi><mprescripts/><mn>6</mn><mn>14</mn></mmultiscripts>')).toBe(
      'mmultiscripts',
    );
    expect(unknown('<mrow><mi>x</mi><mglyph src="a.png" alt="a"/></mrow>')).toBe('mglyph');
    expect(unknown('<menclose notation="longdiv"><mn>12</mn></menclose>')).toBe('menclose');
    expect(unknown('<mtable><mlabeledtr><mtd><mn>1</mn></mtd></mlabeledtr></mtable>')).toBe('mlabeledtr');
    expect(unknown('<mfrac><mn>1</mn></mfrac>')).toBe('mfrac');
    expect(unknown('<msup><mi>x</mi><mn>2</mn></msup>')).toBe('converted');
    expect(new UnsupportedMath('mstack').message).toBe('unsupported math (mstack)');
  });
});

describe('mathmlToLatex with a TeX annotation', () => {
  it.each(['application/x-tex', 'TeX', 'LaTeX', 'application/x-latex'])(
    'takes the %s annotation over the presentation markup',
    (encoding) => {
      const element = math(
        `<semantics><mrow><mi>wrong</mi></mrow><annotation encoding="${encoding}"> \\frac{a}{b} </annotation></semantics>`,
      );
      expect(mathmlToLatex(element)).toBe('\\frac{a}{b}');
    },
  );

  it('decodes the references KaTeX writes in its annotation', () => {
    const mathml = latexToMathml("x' + \\begin{pmatrix}1&2\\end{pmatrix} < y", false)!;
    expect(mathml).toContain('&#x27;');
    expect(mathmlToLatex(parseXml(mathml)[0])).toBe("x' + \\begin{pmatrix}1&2\\end{pmatrix} < y");
  });

  it('tells display math from inline math', () => {
    expect(isDisplayMath(math('<mi>x</mi>', ' display="block"'))).toBe(true);
    expect(isDisplayMath(math('<mi>x</mi>', ' mode="display"'))).toBe(true);
    expect(isDisplayMath(math('<mi>x</mi>', ' display="inline"'))).toBe(false);
    expect(isDisplayMath(math('<mi>x</mi>'))).toBe(false);
  });
});

describe('mathmlToLatex on what KaTeX writes', () => {
  // Each formula's MathML, its annotation removed, converted back: the LaTeX expected, and KaTeX draws the same
  // MathML from it.
  it.each([
    ['x^2+1', 'x^{2}+1'],
    ['\\frac{1}{2}', '\\frac{1}{2}'],
    ['\\sqrt[3]{8}', '\\sqrt[3]{8}'],
    ['\\sum_{i=1}^{n} i', '\\sum_{i=1}^{n}i'],
    ['\\int_0^1 x\\,dx', '\\int_{0}^{1}x\\,dx'],
    ['\\lim_{x \\to 0} \\frac{\\sin x}{x}', '\\lim_{x\\to 0}\\frac{\\sin x}{x}'],
    ['\\log_2 8', '\\log_{2}8'],
    ['2 \\times 3 \\div 4 - 1 \\le 5 \\ge 2 \\ne 3 \\pm 1', '2\\times 3\\div 4-1\\le 5\\ge 2\\ne 3\\pm 1'],
    ['\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}', '\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}'],
    ['\\begin{cases}1 & x>0\\\\0 & x\\le 0\\end{cases}', '\\begin{cases}1 & x>0 \\\\ 0 & x\\le 0\\end{cases}'],
    ['\\left(a+b\\right)^2', '{\\left(a+b\\right)}^{2}'],
    ['\\binom{n}{k}', '\\binom{n}{k}'],
    ['\\vec{v} \\cdot \\hat{x}', '\\vec{v}\\cdot\\hat{x}'],
    ['\\overline{AB}', '\\overline{AB}'],
    ['\\text{if } x > 0', '\\text{if }x>0'],
    ['\\alpha + \\beta = \\pi', '\\alpha+\\beta=\\pi'],
    ['\\mathrm{d}x', '\\mathrm{d}x'],
    ['\\{1, 2\\}', '\\{1,2\\}'],
    ['|x|', '|x|'],
    ["f'(x)", "f'(x)"],
  ])('%s', (tex, expected) => {
    const drawn = latexToMathml(tex, false)!;
    const latex = mathmlToLatex(parseXml(presentation(drawn))[0]);
    expect(latex).toBe(expected);
    expect(presentation(latexToMathml(latex, false)!)).toBe(presentation(drawn));
  });
});

describe('decodeRefs', () => {
  it('decodes character references and the common named entities, and leaves the rest', () => {
    expect(decodeRefs('&#x3C0;&#960;&times;&minus;&InvisibleTimes;&unknown;&#xD800;')).toBe(
      'ππ×−\u2062&unknown;&#xD800;',
    );
  });
});

describe('the depth of MathML', () => {
  const nested = (depth: number) => `${'<mrow>'.repeat(depth)}<mi>x</mi>${'</mrow>'.repeat(depth)}`;

  it('converts nesting within the XML depth limit', () => {
    expect(latexOf(nested(60))).toBe('x');
  });

  it('never sees deeper nesting: the XML reader refuses it first', () => {
    expect(() => math(nested(70))).toThrow(RefusedFile);
  });
});
