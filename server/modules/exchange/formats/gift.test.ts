import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswerForm } from '../../../../common/rules/answer-forms';
import { EXCHANGE_LIMITS, RefusedFile, type ExchangeQuestion, type ReadItem } from '../model';
import { exchangeQuestion } from '../fixtures/questions';
import { GIFT_LOST, GIFT_NOTES, GIFT_REASONS, GIFT_REFUSALS, readGift, writeGift } from './gift';

const fixture = (name: string) =>
  readGift(fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'gift', `${name}.gift`)));
const read = (text: string) => readGift(Buffer.from(text, 'utf8'));

const question = exchangeQuestion;
/** A question as the reader gives it: its title repeated, and notes only when there are some. */
const ok = (fields: Partial<ExchangeQuestion>, notes?: string[]): ReadItem => {
  const q = question(fields);
  return notes ? { title: q.title, question: q, notes } : { title: q.title, question: q };
};
const refused = (title: string, reason: string): ReadItem => ({ title, reason });

const trueFalse = { A: 'True', B: 'False' };
const anyCase: AnswerForm[][] = [[{ kind: 'anyCase' }]];
const margin = (value: number): AnswerForm[][] => [[{ kind: 'margin', margin: value }]];

describe('reading every type and escape of the GIFT documentation', () => {
  const angles = { categories: ['Angles'] };
  const expected: ReadItem[] = [
    ok(
      {
        ...angles,
        title: 'Right angle',
        questionText: '<p>How many degrees are in a right angle?</p>',
        options: { A: '45', B: '90', C: '180' },
        answer: { a1: ['B'] },
        solution: '<p>A right angle is a quarter of a full turn.</p>',
      },
      [GIFT_NOTES.feedback],
    ),
    ok({
      ...angles,
      questionText: '<p>The angles of a triangle add up to _____ degrees.</p>',
      options: { A: '90', B: '180', C: '360' },
      answer: { a1: ['B'] },
    }),
    ok({
      title: 'Sides',
      type: 'Short Answer',
      questionText: '<p>How many sides does a triangle have?</p>',
      answer: [['3', 'three']],
      answerForms: anyCase,
      grade: 5,
      categories: ['Shapes'],
      focusAreas: ['Triangles'],
      hint: 'Count the corners.',
      source: 'Workbook p. 4',
    }),
    ok(
      {
        ...angles,
        title: 'Primes',
        questionText: '<p>Which of these are prime numbers?</p>',
        options: { A: '2', B: '3', C: '4', D: '9' },
        answer: { a1: ['A', 'B'] },
      },
      [GIFT_NOTES.partMarks],
    ),
    ok({ ...angles, questionText: '<p>A square has four equal sides.</p>', options: trueFalse, answer: { a1: ['A'] } }),
    ok(
      {
        ...angles,
        title: 'Rectangles',
        questionText: '<p>Every rectangle is a square.</p>',
        options: trueFalse,
        answer: { a1: ['B'] },
      },
      [GIFT_NOTES.feedback],
    ),
    ok({ ...angles, questionText: '<p>A circle is a polygon.</p>', options: trueFalse, answer: { a1: ['B'] } }),
    ok({ ...angles, questionText: '<p>Two parallel lines never meet.</p>', options: trueFalse, answer: { a1: ['A'] } }),
    ok({
      ...angles,
      title: 'Square root',
      type: 'Calculation',
      questionText: '<p>What is the square root of 16?</p>',
      answer: { a1: ['4'] },
      answerForms: [[]],
    }),
    ok({
      ...angles,
      title: 'Pi',
      type: 'Calculation',
      questionText: '<p>Give π to two decimal places.</p>',
      answer: { a1: ['3.14'] },
      answerForms: margin(0.005),
    }),
    ok({
      ...angles,
      title: 'Between',
      type: 'Calculation',
      questionText: '<p>Name a whole number between 1 and 5.</p>',
      answer: { a1: ['3'] },
      answerForms: margin(2),
    }),
    ok({
      ...angles,
      title: 'Several numbers',
      type: 'Calculation',
      questionText: '<p>What is the square of -2?</p>',
      answer: { a1: ['4', '4.0'] },
      answerForms: [[]],
    }),
    ok(
      {
        ...angles,
        title: 'Dozen',
        type: 'Calculation',
        questionText: '<p>How many eggs are in a dozen?</p>',
        answer: { a1: ['12'] },
        answerForms: [[]],
      },
      [GIFT_NOTES.feedback],
    ),
    ok({
      ...angles,
      type: 'Fill in the Blank',
      questionText: '<p>The sum of 2 and 3 is ___1___.</p>',
      answer: [['5', 'five']],
      answerForms: anyCase,
    }),
    ok(
      {
        ...angles,
        title: 'Capital',
        type: 'Short Answer',
        questionText: '<p>What is the capital of France?</p>',
        answer: [['Paris']],
        answerForms: anyCase,
      },
      [GIFT_NOTES.feedback, GIFT_NOTES.noCredit],
    ),
    // The malformed academy comment before it is ignored: the category still comes from $CATEGORY.
    ok({
      ...angles,
      title: 'Commented',
      type: 'Calculation',
      questionText: '<p>What is 7 x 8?</p>',
      answer: { a1: ['56'] },
      answerForms: [[]],
    }),
    ok({
      ...angles,
      title: 'Two lines',
      type: 'Short Answer',
      questionText: '<p>First line<br>second line, where the answer is</p>',
      answer: [['ok']],
      answerForms: anyCase,
    }),
    ok(
      {
        ...angles,
        title: 'Markdown',
        questionText: '<p>Which is *bigger*?</p><p>Think of a number line.</p>',
        options: { A: '7', B: '3' },
        answer: { a1: ['A'] },
      },
      [GIFT_NOTES.markdown],
    ),
    ok(
      {
        ...angles,
        title: 'Tags as text',
        questionText: '<p>Is &lt;b&gt;this&lt;/b&gt; bold?</p>',
        options: trueFalse,
        answer: { a1: ['A'] },
      },
      [GIFT_NOTES.tagsAsText],
    ),
    ok({
      ...angles,
      questionText: '<p>[foo] is no format, so it stays.</p>',
      options: trueFalse,
      answer: { a1: ['A'] },
    }),
    // After "Default for ...", which names no category of the academy.
    ok(
      {
        title: 'Escapes : all { of } them',
        questionText:
          '<p>Which sign means &quot;equals&quot;: = or ~ ? Sets use { and }, numbers #.<br>A backslash is \\ and stays.</p>',
        options: { A: '=', B: '~', C: '#' },
        answer: { a1: ['A'] },
      },
      [GIFT_NOTES.feedback],
    ),
    ok({
      title: 'Missing word number',
      type: 'Calculation',
      questionText: '<p>There are _____ days in a week.</p>',
      answer: { a1: ['7'] },
      answerForms: [[]],
    }),
  ];

  it('reads each question of the fixture exactly', () => {
    const items = fixture('types');
    expect(items).toHaveLength(expected.length);
    items.forEach((item, i) => expect(item).toEqual(expected[i]));
  });
});

describe('reading math', () => {
  it('turns \\(...\\), \\[...\\] and $$...$$ into the academy’s dollars once the escapes are read', () => {
    expect(fixture('math')).toEqual([
      ok({
        title: 'Inline',
        questionText: '<p>What is $\\frac{1}{2} + \\frac{1}{4}$?</p>',
        options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$\\frac{1}{8}$' },
        answer: { a1: ['A'] },
      }),
      ok({
        title: 'Display dollars',
        type: 'Short Answer',
        questionText: '<p>Simplify $$\\frac{6}{8}$$ to lowest terms.</p>',
        answer: [['3/4']],
        answerForms: anyCase,
      }),
      ok({
        title: 'Display brackets',
        type: 'Calculation',
        questionText: '<p>Solve $$x^2 = 9$$ for x &gt; 0.</p>',
        answer: { a1: ['3'] },
        answerForms: [[]],
      }),
      // A dollar that opens no math is a dollar.
      ok({
        title: 'Money',
        type: 'Calculation',
        questionText: '<p>A pen costs \\$2 and a book \\$5. How many dollars is that?</p>',
        answer: { a1: ['7'] },
        answerForms: [[]],
      }),
      ok({
        title: 'Solution math',
        type: 'Calculation',
        questionText: '<p>What is $2^{10}$?</p>',
        answer: { a1: ['1024'] },
        answerForms: [[]],
        solution: '<p>$2^{10} = 1024$, since $2^5 = 32$.</p>',
      }),
      // Plain text is escaped for HTML, inside math too.
      ok({
        title: 'Less than',
        questionText: '<p>Which is true when a is 1 and b is 2?</p>',
        options: { A: '$a &lt; b$', B: '$a &gt; b$' },
        answer: { a1: ['A'] },
      }),
      // Moodle's export doubles every backslash.
      ok({
        title: 'As Moodle exports',
        type: 'Short Answer',
        questionText: '<p>$x$ with a line break in a matrix: $$\\begin{matrix}1\\\\2\\end{matrix}$$</p>',
        answer: [['x']],
        answerForms: anyCase,
      }),
      // `\n` is GIFT's line break, so LaTeX's \neq is written \\neq.
      ok({ title: 'Not equal', questionText: '<p>Is $3 \\neq 4$?</p>', options: trueFalse, answer: { a1: ['A'] } }),
    ]);
  });
});

describe('questions the academy cannot take', () => {
  it('says why for each', () => {
    expect(fixture('refusals')).toEqual([
      refused('Matching', 'matching questions are not supported'),
      refused('Essay', 'essay questions are marked by hand, which the bank does not hold'),
      refused('Description', 'a description has no question to answer'),
      refused('No right answer', 'no correct answer'),
      refused('Part credit choice', GIFT_REASONS.partCredit('3.1', '50')),
      refused('Part credit short', GIFT_REASONS.partCredit('1', '50')),
      refused('Part credit numerical', GIFT_REASONS.partCredit('3:1', '50')),
      refused('Image', 'image missing from the file (GIFT files carry no images)'),
      refused('Wildcard', GIFT_REASONS.wildcard('*')),
      refused('Not a number', GIFT_REASONS.notNumber('many')),
      refused('Right alone', GIFT_REASONS.severalAlone),
      refused('Two blocks', GIFT_REASONS.twoBlocks),
      refused('Different margins', GIFT_REASONS.margins),
      refused('No text', GIFT_REASONS.noText),
      refused('One choice', GIFT_REASONS.tooFewChoices),
      refused('Unclosed', GIFT_REASONS.braces),
    ]);
    expect(GIFT_REASONS.partCredit('3.1', '50')).toBe(
      'the answer "3.1" earns part credit (50%), which the academy\'s right-or-wrong marking cannot give',
    );
  });

  it('refuses a file that is not UTF-8 text, and one with too many questions', () => {
    expect(() => readGift(Buffer.from([0x3a, 0x3a, 0xff, 0xfe, 0x7b, 0x7d]))).toThrow(
      new RefusedFile(GIFT_REFUSALS.notText),
    );
    expect(() => readGift(Buffer.from('A\u0000{T}'))).toThrow(RefusedFile);
    // UTF-16, as some editors save: not UTF-8.
    expect(() => readGift(Buffer.from('\ufeffQ{T}', 'utf16le'))).toThrow(GIFT_REFUSALS.notText);
    const many = (n: number) => Buffer.from('Is it?{T}\n\n'.repeat(n));
    expect(readGift(many(EXCHANGE_LIMITS.questions))).toHaveLength(EXCHANGE_LIMITS.questions);
    expect(() => readGift(many(EXCHANGE_LIMITS.questions + 1))).toThrow(GIFT_REFUSALS.tooMany);
    expect(GIFT_REFUSALS.tooMany).toBe('A file may hold at most 2,000 questions. Split it into smaller files.');
  });
});

describe('reading details', () => {
  it('reads a byte order mark, Windows line ends, and Moodle’s own export', () => {
    const exported = [
      '// question: 12  name: Capital',
      '::Capital::[html]<p>What is the capital of France?</p>{',
      '\t=%100%Paris#',
      '\t=%100%PARIS#',
      '}',
      '',
      '// question: 13  name: Pi',
      '::Pi::[html]<p>\\\\(\\\\pi\\\\) to two places</p>{#',
      '\t=%100%3.14:0.01#',
      '}',
    ].join('\r\n');
    expect(readGift(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(exported)]))).toEqual([
      ok({
        title: 'Capital',
        type: 'Short Answer',
        questionText: '<p>What is the capital of France?</p>',
        answer: [['Paris', 'PARIS']],
        answerForms: anyCase,
      }),
      ok({
        title: 'Pi',
        type: 'Calculation',
        questionText: '<p>$\\pi$ to two places</p>',
        answer: { a1: ['3.14'] },
        answerForms: margin(0.01),
      }),
    ]);
  });

  it('keeps an academy comment for the next question, even across a category line, and for that one only', () => {
    const items = read(
      [
        '// academy: {"grade":7,"categories":[],"focusAreas":["Ratios"],"hint":"h","source":"s"}',
        '',
        '$CATEGORY: $course$/top/Ratios',
        '',
        'First{T}',
        '',
        'Second{T}',
      ].join('\n'),
    );
    expect(items.map((item) => ('question' in item ? item.question : null))).toEqual([
      question({
        questionText: '<p>First</p>',
        options: trueFalse,
        answer: { a1: ['A'] },
        grade: 7,
        focusAreas: ['Ratios'],
        hint: 'h',
        source: 's',
      }),
      question({ questionText: '<p>Second</p>', options: trueFalse, answer: { a1: ['A'] }, categories: ['Ratios'] }),
    ]);
  });

  it('takes the last segment of a category path, a doubled slash being a slash in a name', () => {
    const category = (line: string) => {
      const [item] = read(`$CATEGORY: ${line}\n\nQ{T}`);
      return 'question' in item ? item.question.categories : null;
    };
    expect(category('$course$/top/Algebra/Linear equations')).toEqual(['Linear equations']);
    expect(category('$course$/top/Speed km//h')).toEqual(['Speed km/h']);
    expect(category('$course$/top/A/')).toEqual(['A']);
    expect(category('$course$/top')).toEqual([]);
    expect(category('$course$')).toEqual([]);
    expect(category('$system$/top/Default for System')).toEqual([]);
  });

  it('ignores an academy comment whose fields are of the wrong kind, field by field', () => {
    const [item] = read('// academy: {"grade":13,"categories":"x","focusAreas":[1,"Ok"],"hint":4}\nQ{T}');
    expect(item).toEqual(
      ok({ questionText: '<p>Q</p>', options: trueFalse, answer: { a1: ['A'] }, focusAreas: ['Ok'] }),
    );
  });

  it('reads a star escaped as \\* as a star, the way Moodle matches it', () => {
    expect(read('Stars?{=a\\*b =c\\\\*d}')).toEqual([
      ok({ type: 'Short Answer', questionText: '<p>Stars?</p>', answer: [['a*b', 'c*d']], answerForms: anyCase }),
    ]);
  });
});

describe('writing', () => {
  const varied: ExchangeQuestion[] = [
    question({
      title: 'Half {of} = ~#: all',
      questionText: '<p>What is $\\frac{1}{2}$ of 10 \\$? {a} = ~b #c: d\\e, “quoted” ✓</p>',
      options: { A: '5', B: '<b>%20</b> and $\\sqrt{4}$', C: '%50% off', D: '[1, 2]' },
      answer: { a1: ['A'] },
      solution: '<p>Half: $$\\frac{10}{2} = 5$$</p>\n<p>Second paragraph</p>',
      hint: 'Divide by 2: {x} = ~y',
      grade: 5,
      categories: ['Fractions', 'Halves'],
      focusAreas: ['Dividing'],
      source: 'Book p. 12 // "quoted"',
    }),
    question({
      title: 'Evens',
      questionText: '<p>Pick the even numbers, ünïcödé 数学</p>',
      options: { A: '2', B: '3', C: '4', D: '6' },
      answer: { a1: ['A', 'C', 'D'] },
      categories: ['Fractions'],
    }),
    question({ title: 'True or false', questionText: '<p>$2 > 1$</p>', options: trueFalse, answer: { a1: ['A'] } }),
    question({
      title: 'Capital',
      type: 'Short Answer',
      questionText: '<p>Capital of France?</p>',
      answer: [['Paris', '*star*', '%5', 'a\\*b', '\\frac{1}{2}', '[1, 2)', 'x = 2', '{1; 2}']],
      answerForms: anyCase,
      solution: '<p>Paris :: #1</p>',
    }),
    question({
      title: 'Case kept',
      type: 'Short Answer',
      questionText: 'Plain text, no paragraph',
      answer: [['12']],
      answerForms: [[]],
      categories: ['Letters'],
    }),
    question({
      title: 'Pi',
      type: 'Calculation',
      questionText: '<p>$\\pi$ to 2 places</p>',
      answer: { a1: ['3.14', '-1e-3'] },
      answerForms: margin(0.005),
    }),
    question({
      title: 'Exact',
      type: 'Calculation',
      questionText: '<p>6 × 7</p>',
      answer: { a1: ['42'] },
      answerForms: [[{ kind: 'anyCase' }]],
    }),
    question({
      title: 'Three quarters',
      type: 'Calculation',
      questionText: '<p>Write $\\frac{6}{8}$ in lowest terms</p>',
      answer: { a1: ['3/4', '0.75'] },
      answerForms: [[]],
    }),
    question({
      title: 'Blank',
      type: 'Fill in the Blank',
      questionText: '<p>$3 \\times 4 =$ ___1___ (twelve)</p>',
      answer: [['12', 'twelve']],
      answerForms: anyCase,
      solution: '<p>$12$</p>',
    }),
    question({
      title: 'Blank at the end',
      type: 'Fill in the Blank',
      questionText: 'Two and two make ___1___',
      answer: [['4']],
      answerForms: [[]],
    }),
    question({
      type: 'Multiple Choice',
      questionText: '<p>No title [html] here</p>',
      options: { A: '\\$5', B: '$5$' },
      answer: { a1: ['B'] },
    }),
  ];

  it('writes questions that read back the same', () => {
    const written = writeGift(varied);
    // Only Moodle sees a difference: the academy's comment keeps the type.
    expect(written.lost).toEqual([`Question 8 (Three quarters): ${GIFT_LOST.notNumeric}`]);
    const items = readGift(written.bytes);
    expect(items.map((item) => ('question' in item ? item.question : item))).toEqual(varied);
  });

  it('writes the academy comment, the category and the question as Moodle reads them', () => {
    const text = writeGift([varied[0], varied[3]]).bytes.toString('utf8');
    expect(text).toBe(
      [
        '$CATEGORY: $course$/top/Fractions',
        '',
        '// academy: {"grade":5,"categories":["Fractions","Halves"],"focusAreas":["Dividing"],"hint":"Divide by 2: {x} = ~y","source":"Book p. 12 // \\"quoted\\""}',
        '::Half \\{of\\} \\= \\~\\#\\: all::[html]<p>What is \\\\(\\\\frac\\{1\\}\\{2\\}\\\\) of 10 $? \\{a\\} \\= \\~b \\#c\\: d\\\\e, “quoted” ✓</p>{',
        '\t=5',
        '\t~<b>%20</b> and \\\\(\\\\sqrt\\{4\\}\\\\)',
        '\t~%0%%50% off',
        '\t~[html][1, 2]',
        '\t####<p>Half\\: \\\\[\\\\frac\\{10\\}\\{2\\} \\= 5\\\\]</p>\\n<p>Second paragraph</p>',
        '}',
        '',
        '$CATEGORY: $course$/top',
        '',
        '// academy: {"grade":null,"categories":[],"focusAreas":[],"hint":"","source":""}',
        '::Capital::[html]<p>Capital of France?</p>{',
        '\t=Paris',
        '\t=\\\\*star\\\\*',
        '\t=%100%%5',
        '\t=a\\\\\\\\*b',
        '\t=\\\\frac\\{1\\}\\{2\\}',
        '\t=[plain][1, 2)',
        '\t=x \\= 2',
        '\t=\\{1; 2\\}',
        '\t####<p>Paris \\:\\: \\#1</p>',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('shares the marks among several right choices and takes them all for a wrong one', () => {
    const text = writeGift([varied[1]]).bytes.toString('utf8');
    expect(text).toContain('{\n\t~%33.33333%2\n\t~%-100%3\n\t~%33.33333%4\n\t~%33.33333%6\n}');
    const [item] = readGift(Buffer.from(text));
    expect(item).toMatchObject({ notes: [GIFT_NOTES.partMarks] });
  });

  it('says what GIFT cannot carry, naming the question by number and title', () => {
    const written = writeGift([
      question({
        title: 'Area of a circle',
        type: 'Short Answer',
        questionText: '<p>Area? <img src="circle.png" alt="A circle"></p>',
        answer: [['12']],
        answerForms: anyCase,
        solution: '<p><img src="worked.png" alt="Worked"><img src="circle.png" alt="again"></p>',
        attachments: ['ruler.png'],
      }),
      question({
        title: 'Two blanks',
        type: 'Fill in the Blank',
        questionText: '<p>___1___ and ___2___</p>',
        answer: [['1'], ['2']],
        answerForms: [[], []],
      }),
      question({
        type: 'Calculation',
        questionText: '<p>Simplify $\\frac{6}{8}$</p>',
        answer: { a1: ['3/4'] },
        answerForms: [[{ kind: 'simplest' }, { kind: 'margin', margin: 0.1 }]],
      }),
      question({
        title: 'Letters',
        type: 'Short Answer',
        questionText: '<p>Which letter?</p>',
        answer: [['X']],
        answerForms: [[]],
      }),
      question({
        title: 'Arrow',
        type: 'Short Answer',
        questionText: '<p>Which way?</p>',
        answer: [['a->b']],
        answerForms: anyCase,
      }),
    ]);
    expect(written.lost).toEqual([
      'Question 1 (Area of a circle): GIFT carries no images; 3 images left out.',
      'Question 2 (Two blanks): GIFT holds one answer set per question and this question has 2 blanks, so it is left out.',
      "Question 3: the answer form 'Simplest form' cannot be written in GIFT.",
      "Question 3: the answer form 'Within ± 0.1' cannot be written in GIFT.",
      `Question 3: ${GIFT_LOST.notNumeric}`,
      `Question 4 (Letters): ${GIFT_LOST.anyCase}`,
      `Question 5 (Arrow): ${GIFT_LOST.arrow}`,
    ]);
    const items = readGift(written.bytes);
    // The images are out and the two-blank and arrow questions were not written; the rest reads back.
    expect(items.map((item) => item.title)).toEqual(['Area of a circle', '', 'Letters']);
    expect(items[0]).toMatchObject({ question: { questionText: '<p>Area? </p>', solution: '<p></p>' } });
    expect(items[1]).toMatchObject({ question: { type: 'Calculation', answer: { a1: ['3/4'] }, answerForms: [[]] } });
    expect(items[2]).toMatchObject({ question: { answer: [['X']], answerForms: [[]] } });
  });

  it('writes an empty file for no questions', () => {
    expect(writeGift([])).toEqual({ bytes: Buffer.from(''), lost: [] });
  });
});

describe('hostile files', () => {
  const size = 5 * 1024 * 1024;
  const cases: [string, string][] = [
    ['open braces', '{'.repeat(size)],
    ['backslashes', '\\'.repeat(size)],
    ['escaped braces in an answer', `Q{=${'\\{'.repeat(size / 2)}}`],
    ['an unclosed title', `::${'a'.repeat(size)}`],
    ['colons', ':'.repeat(size)],
    ['tildes', `Q{${'~'.repeat(size)}}`],
    ['equals signs', `Q{${'='.repeat(size)}}`],
    ['short answers', `Q{${'=a'.repeat(size / 2)}}`],
    ['escaped stars', `Q{=${'\\*'.repeat(size / 2)}}`],
    ['percent signs', `Q{~${'%'.repeat(size)}}`],
    ['digits', `Q{#${'1'.repeat(size)}x}`],
    ['unclosed math', `${'\\('.repeat(size / 2)}{=a}`],
    ['dollars', `${'$'.repeat(size)}{=a}`],
    ['blank lines', '\n'.repeat(size)],
    ['short lines with spaces', 'a \n'.repeat(size / 3)],
    ['category slashes', `$CATEGORY: ${'/'.repeat(size)}`],
    ['academy comments', '// academy: {'.repeat(size / 13)],
  ];

  it.each(cases)('reads 5 MB of %s in well under a second', (_, text) => {
    const bytes = Buffer.from(text);
    // The faster of two reads, so that another process taking the machine for a moment does not fail the test; a
    // quadratic reader takes minutes on either.
    const times = [0, 1].map(() => {
      const started = performance.now();
      readGift(bytes);
      return performance.now() - started;
    });
    expect(Math.min(...times)).toBeLessThan(1000);
  });

  it('says why such a question cannot come in, without converting megabytes', () => {
    expect(read(`${'\\('.repeat(30_000)}{=a}`)).toEqual([refused('', GIFT_REASONS.textTooLong)]);
    const answers = Array.from({ length: 21 }, (_, i) => `=a${i}`).join(' ');
    expect(read(`Q{${answers}}`)).toEqual([refused('', GIFT_REASONS.tooManyAnswers)]);
    expect(read(`Q{${'~a'.repeat(11)}}`)).toEqual([refused('', GIFT_REASONS.tooManyChoices(11))]);
    expect(read(`Q{=${'\\*'.repeat(1001)}}`)).toEqual([refused('', GIFT_REASONS.answerTooLong)]);
    expect(read(`Q{=${'\\*'.repeat(500)}}`)).toEqual([
      ok({ type: 'Short Answer', questionText: '<p>Q</p>', answer: [['*'.repeat(500)]], answerForms: anyCase }),
    ]);
  });
});
