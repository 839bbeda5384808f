import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_LIMITS, RefusedFile, type ExchangeQuestion, type ReadItem } from '../model';
import { exchangeQuestion } from '../fixtures/questions';
import { XML_MESSAGES, childNamed, childrenNamed, parseXml, textOf } from '../xml';
import {
  MOODLE_LOST,
  MOODLE_MESSAGES,
  MOODLE_NOTES,
  MOODLE_REASONS,
  readMoodleXml,
  writeMoodleXml,
} from './moodle-xml';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'moodle');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const read = (name: string) => readMoodleXml(fixture(name));

/** The two 1 x 1 PNGs of the fixtures (one blue pixel, one orange), as their bytes. */
const BLUE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOQm/AfAAJ9Aa5x8yHNAAAAAElFTkSuQmCC',
  'base64',
);
const ORANGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP438AAAAQBAYDFKhhdAAAAAElFTkSuQmCC',
  'base64',
);

/** A question with the fields a file leaves empty, and the title it is read with. */
const question = (title: string, fields: Partial<ExchangeQuestion>) => exchangeQuestion({ title, ...fields });
const ok = (title: string, fields: Partial<ExchangeQuestion>, notes?: string[]): ReadItem =>
  notes ? { title, question: question(title, fields), notes } : { title, question: question(title, fields) };
const refused = (title: string, reason: string): ReadItem => ({ title, reason });

const quiz = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${body}\n</quiz>\n`);
const clozeFile = (text: string) =>
  quiz(
    `<question type="multianswer"><name><text>Cloze</text></name><questiontext format="html"><text><![CDATA[${text}]]></text></questiontext></question>`,
  );

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RefusedFile) return error.message;
    throw error;
  }
  throw new Error('the file was read');
}

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

describe('reading Moodle XML', () => {
  it('reads multiple choice and true/false: right options, all-or-nothing, feedback left out, refusals', () => {
    expect(read('choice.xml')).toEqual([
      ok(
        'Capital of France',
        {
          questionText: '<p>Which city is the capital of France?</p>',
          options: { A: 'Lyon', B: '<p>Paris</p>', C: 'Marseille' },
          answer: { a1: ['B'] },
          solution: '<p>Paris has been the capital since 987.</p>',
        },
        [MOODLE_NOTES.feedback],
      ),
      // The empty fifth answer is dropped; negative fractions are wrong options.
      ok(
        'Primes',
        {
          questionText: '<p>Which numbers are prime?</p>',
          options: { A: '$2$', B: '$4$', C: '$5$', D: '$7$' },
          answer: { a1: ['A', 'C', 'D'] },
        },
        [MOODLE_NOTES.allOrNothing],
      ),
      refused('Half right', MOODLE_REASONS.partCredit),
      refused('Either one', MOODLE_REASONS.severalRightSingle),
      refused('Nothing right', 'no correct answer'),
      ok(
        'Round earth',
        { questionText: '<p>The earth is round.</p>', options: { A: 'True', B: 'False' }, answer: { a1: ['A'] } },
        [MOODLE_NOTES.feedback],
      ),
      ok('Even seven', {
        questionText: '<p>$7$ is even.</p>',
        options: { A: 'True', B: 'False' },
        answer: { a1: ['B'] },
      }),
    ]);
  });

  it('reads short answers and numbers: case, escaped stars, tolerances; refuses part marks, wildcards, units', () => {
    expect(read('short-numerical.xml')).toEqual([
      // The `*` answer worth nothing is Moodle's "anything else", which the academy marks wrong anyway.
      ok('Capital', {
        type: 'Short Answer',
        questionText: '<p>What is the capital of France?</p>',
        answer: [['Paris', 'Paris, France']],
        answerForms: [[{ kind: 'anyCase' }]],
        options: {},
      }),
      ok(
        'Product',
        {
          type: 'Short Answer',
          questionText: 'Write two times three with a star.',
          answer: [['2*3']],
          answerForms: [[]],
        },
        [MOODLE_NOTES.feedback],
      ),
      refused('Part marks', MOODLE_REASONS.partCredit),
      refused('Wildcard', 'wildcards (*) in short answers are not supported'),
      ok('Pi', {
        type: 'Calculation',
        questionText: '<p>Give $\\pi$ to two decimal places.</p>',
        answer: { a1: ['3.14'] },
        answerForms: [[{ kind: 'margin', margin: 0.01 }]],
      }),
      ok('Half', {
        type: 'Calculation',
        questionText: 'Half as a decimal?',
        answer: { a1: ['0.5', '.5'] },
        answerForms: [[]],
      }),
      refused('Length', 'units in numerical answers are not supported'),
      refused('Two tolerances', MOODLE_REASONS.tolerances),
    ]);
  });

  it('reads a cloze into blanks with their forms, and refuses what a blank cannot be', () => {
    expect(read('cloze.xml')).toEqual([
      ok(
        'Six blanks',
        {
          type: 'Fill in the Blank',
          questionText:
            '<p>The capital of France is ___1___.</p><p>$\\pi \\approx$ ___2___, and table salt is ___3___.</p><p>Escapes: ___4___, ___5___ and ___6___.</p>',
          answer: [['Paris'], ['3.14'], ['NaCl'], ['a}b', 'c~d', 'e#f', 'g/h', '"q"'], ['x < 3', 'été'], ['7', '7.0']],
          answerForms: [
            [{ kind: 'anyCase' }],
            [{ kind: 'margin', margin: 0.01 }],
            [],
            [{ kind: 'anyCase' }],
            [{ kind: 'anyCase' }],
            [],
          ],
          solution: '<p>Paris, $3.14$, NaCl.</p>',
        },
        [MOODLE_NOTES.feedback, MOODLE_NOTES.weights],
      ),
      refused('Drop-down', 'a cloze drop-down or choice blank has no equivalent'),
      refused('Boxes', 'a cloze drop-down or choice blank has no equivalent'),
      refused('Part-credit blank', MOODLE_REASONS.partCredit),
      refused('Wildcard blank', 'wildcards (*) in short answers are not supported'),
      // Braces of text and of LaTeX, and an unknown type, are no embedded answers.
      refused('No embedded answers', 'no correct answer'),
      ok('Plain cloze', {
        type: 'Fill in the Blank',
        questionText: '<p>If x &lt; 3 then x + 1 &lt; ___1___.<br>Case matters: ___2___</p>',
        answer: [['4'], ['Rome']],
        answerForms: [[], []],
      }),
    ]);
  });

  it('refuses each question type the academy has no equivalent for, with its reason', () => {
    const calculated =
      "Moodle's calculated questions are not supported (the academy's random numbers are written differently)";
    expect(read('unsupported.xml')).toEqual([
      refused('Essay', 'essay questions are marked by hand, which the bank does not hold'),
      refused('Matching', 'matching questions are not supported'),
      refused('Drag matching', 'matching questions are not supported'),
      refused('Description', 'a description has no question to answer'),
      refused('Calculated', calculated),
      refused('Simple calculated', calculated),
      refused('Calculated choice', calculated),
      refused('Drag words', 'ddwtos questions are not supported'),
      refused('Select words', 'gapselect questions are not supported'),
      refused('Drag onto image', 'ddimageortext questions are not supported'),
      refused('Drag markers', 'ddmarker questions are not supported'),
      refused('Random matching', 'randomsamatch questions are not supported'),
      refused('No type', MOODLE_REASONS.noType),
    ]);
  });

  it('reads images from the files beside each text, keyed by name, and the attachments block', () => {
    expect(read('images.xml')).toEqual([
      ok('Blue dot', {
        questionText:
          '<p>Which dot is blue?</p><p><img src="blue dot.png" alt="a blue dot" width="20"><img src="figures/graph.png" alt=""></p>',
        // Two answers each carry a dot.png of their own: the second, other bytes, is numbered.
        options: { A: '<img src="dot.png" alt="dot">', B: '<img src="dot-2.png" alt="dot">' },
        answer: { a1: ['A'] },
        solution: '<p>The first: <img src="blue dot.png" alt=""></p>',
        images: { 'blue dot.png': BLUE, 'figures/graph.png': ORANGE, 'dot.png': BLUE, 'dot-2.png': ORANGE },
      }),
      ok('Swatch', {
        type: 'Short Answer',
        questionText: '<p>Name the color of the swatch.</p>',
        answer: [['orange']],
        answerForms: [[{ kind: 'anyCase' }]],
        attachments: ['swatch.png'],
        images: { 'swatch.png': ORANGE },
      }),
      refused('Missing image', 'image missing from the file (gone.png)'),
      // A file belongs to the text it is beside: the answer cannot use the question text's b.png.
      refused('Two missing', 'images missing from the file (a.png, b.png)'),
    ]);
    const [dot] = read('images.xml');
    if (!('question' in dot)) throw new Error('not read');
    expect(dot.question.images['blue dot.png'].subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('reads math in every delimiter and text in every format, keeping math KaTeX cannot draw', () => {
    expect(read('math.xml')).toEqual([
      ok('Delimiters', {
        type: 'Short Answer',
        questionText:
          '<p>Inline $x^2$, display $$\\int_0^1 x\\,dx$$, Moodle\'s $$\\frac{1}{2}$$ and a price of \\$5 <span title="costs $5 \\(not math\\)">here</span>.</p>',
        answer: [['x']],
        answerForms: [[{ kind: 'anyCase' }]],
        solution: '<p>Since 1 &lt; 2,</p><p>the answer is $x$.</p>',
      }),
      ok(
        'Markdown',
        {
          type: 'Short Answer',
          questionText: '<p>**Bold** claim: $a+b$</p>',
          answer: [['yes']],
          answerForms: [[{ kind: 'anyCase' }]],
        },
        [MOODLE_NOTES.markdown],
      ),
      ok('Auto format', {
        type: 'Short Answer',
        questionText: '<p>Line one<br>Line <b>two</b></p><p>New paragraph</p>',
        answer: [['ok']],
        answerForms: [[{ kind: 'anyCase' }]],
      }),
      ok('Broken math', {
        type: 'Calculation',
        questionText: '<p>What is $\\frac{1}{$?</p>',
        answer: { a1: ['1'] },
        answerForms: [[]],
      }),
    ]);
  });

  it('reads categories, the academy tags and hints', () => {
    expect(read('categories.xml')).toEqual([
      ok(
        'Tagged',
        {
          questionText: '<p>Solve $2x = 6$.</p>',
          options: { A: '3', B: '4' },
          answer: { a1: ['A'] },
          hint: 'Draw a picture.\n\nUse symmetry: $x = -x$ & more.',
          grade: 7,
          // "category:algebra" names the file's category again.
          categories: ['Algebra', 'Geometry'],
          focusAreas: ['Problem Solving', 'Reasoning'],
          source: 'AMC 8 2019, problem 4',
        },
        [MOODLE_NOTES.hintsJoined(2)],
      ),
      ok(
        'Uncategorized',
        {
          type: 'Short Answer',
          questionText: 'Say hello.',
          answer: [['hello']],
          answerForms: [[{ kind: 'anyCase' }]],
          hint: 'It starts with <h>.',
        },
        ['the tag "grade:15" is not a grade from 1 to 12; left out'],
      ),
      ok('Slash', {
        type: 'Calculation',
        questionText: 'Miles per hour at 60 miles in 2 hours?',
        answer: { a1: ['30'] },
        answerForms: [[]],
        categories: ['Ratios/Rates'],
      }),
      ok('Default', { questionText: 'Zero is even.', options: { A: 'True', B: 'False' }, answer: { a1: ['A'] } }),
    ]);
  });

  it('refuses a file that is not UTF-8, not a <quiz>, or declares a document type', () => {
    expect(refusal(() => read('latin1.xml'))).toBe(MOODLE_MESSAGES.notUtf8);
    expect(refusal(() => read('not-quiz.xml'))).toBe(MOODLE_MESSAGES.notQuiz);
    const { result, ms } = timed(() => refusal(() => read('doctype.xml')));
    expect(result).toBe(XML_MESSAGES.doctype);
    expect(ms).toBeLessThan(200);
    expect(refusal(() => readMoodleXml(Buffer.from('<quiz><question></quiz>')))).toMatch(
      /^This file is not well-formed/,
    );
  });

  it(`refuses more than ${EXCHANGE_LIMITS.questions} questions; categories do not count`, () => {
    const one =
      '<question type="shortanswer"><name><text>Q</text></name><answer fraction="100"><text>a</text></answer></question>';
    const category = '<question type="category"><category><text>$course$/top/A</text></category></question>';
    const most = readMoodleXml(quiz(category + one.repeat(EXCHANGE_LIMITS.questions)));
    expect(most).toHaveLength(EXCHANGE_LIMITS.questions);
    expect(refusal(() => readMoodleXml(quiz(one.repeat(EXCHANGE_LIMITS.questions + 1))))).toBe(
      'A file may hold at most 2,000 questions. Split it into smaller files.',
    );
  });

  it('refuses hostile files fast: nesting 200 deep, and reads 15 MB of one CDATA in well under 2 s', () => {
    const deep = `<quiz>${'<a>'.repeat(200)}${'</a>'.repeat(200)}</quiz>`;
    expect(refusal(() => readMoodleXml(Buffer.from(deep)))).toBe(XML_MESSAGES.tooDeep);

    const huge = 'x'.repeat(15 * 1024 * 1024);
    const file = quiz(
      `<question type="shortanswer"><name><text>Big</text></name><questiontext format="html"><text><![CDATA[${huge}]]></text></questiontext><answer fraction="100"><text>a</text></answer></question>`,
    );
    const { result, ms } = timed(() => readMoodleXml(file));
    expect(result).toEqual([refused('Big', MOODLE_REASONS.tooLong)]);
    expect(ms).toBeLessThan(1500);
  });

  it('scans cloze texts in linear time, whatever their braces', () => {
    const cases = [
      (n: number) => '{'.repeat(n),
      (n: number) => '{1:SA:=a'.repeat(n / 8),
      (n: number) => `{1:SA:=a${'\\}'.repeat(n / 2)}`,
      (n: number) => '{1:'.repeat(n / 3),
    ];
    for (const text of cases) {
      const small = timed(() => readMoodleXml(clozeFile(text(1 << 19))));
      const large = timed(() => readMoodleXml(clozeFile(text(1 << 20))));
      // Refused: no embedded answer closes, and the text is far too long.
      expect(large.result).toHaveLength(1);
      expect(large.ms).toBeLessThan(1000);
      expect(large.ms).toBeLessThan(small.ms * 4 + 100);
    }
    // Many embedded answers, each read once.
    const { result, ms } = timed(() => readMoodleXml(clozeFile('{1:SA:=a~=b}'.repeat(15_000))));
    expect(result).toHaveLength(1);
    expect(ms).toBeLessThan(1000);
  });
});

describe('writing Moodle XML', () => {
  const roundTrip = (questions: ExchangeQuestion[]) => {
    const written = writeMoodleXml(questions);
    return { items: readMoodleXml(written.bytes), lost: written.lost, xml: written.bytes.toString('utf8') };
  };

  const choice = question('Circle ]]> area', {
    questionText:
      '<p>The circle has radius $r = 2$ and costs \\$5. What is its area?</p><p><img src="circle.png" alt="a circle"></p>',
    options: {
      A: '<p>$4\\pi$</p>',
      B: '<p>$$2\\pi$$ <img src="figures/a b.png" alt=""></p>',
      C: '<p>$8\\pi$</p>',
    },
    answer: { a1: ['A'] },
    solution: '<p>$A = \\pi r^2 = 4\\pi$ <img src="circle.png" alt=""></p>',
    hint: 'Use $A = \\pi r^2$; it costs \\$0.',
    grade: 7,
    categories: ['Geometry', 'Circles', 'Area/Perimeter'],
    focusAreas: ['Computation', 'Problem Solving'],
    source: 'AMC 8 2019, problem 4',
    attachments: ['swatch.png'],
    images: { 'circle.png': BLUE, 'figures/a b.png': ORANGE, 'swatch.png': ORANGE },
  });
  const several = question('Primes', {
    questionText: '<p>Which are prime?</p>',
    options: { A: '2', B: '4', C: '5', D: '7' },
    answer: { a1: ['A', 'C', 'D'] },
    categories: ['Number Sense'],
  });
  const short = question('Star', {
    type: 'Short Answer',
    questionText: '<p>Write the product.</p>',
    answer: [['2*3', 'two times three']],
    answerForms: [[{ kind: 'anyCase' }]],
  });
  const exact = question('Exact case', {
    type: 'Short Answer',
    questionText: '<p>Formula of salt?</p>',
    answer: [['NaCl']],
    answerForms: [[]],
  });
  const numeric = question('Pi', {
    type: 'Calculation',
    questionText: '<p>$\\pi$ to two places?</p>',
    answer: { a1: ['3.14', '-3.14e0'] },
    answerForms: [[{ kind: 'margin', margin: 0.005 }]],
    grade: 8,
  });
  const whole = question('Whole', {
    type: 'Calculation',
    questionText: '<p>$6 \\times 7$?</p>',
    answer: { a1: ['42'] },
    answerForms: [[]],
  });
  const blanks = question('Blanks', {
    type: 'Fill in the Blank',
    questionText: '<p>$\\frac{1}{2} =$ ___1___, capital ___2___, number ___3___ and set ___4___.</p>',
    answer: [
      ['\\frac{1}{2}', '1/2', 'a}b~c#d', 'e\\/f "g"', '\\{x\\}', 'x<3 & y>2', '=5', '%50%'],
      ['Paris'],
      ['3.5', '7/2'],
      ['0.5'],
    ],
    answerForms: [[], [{ kind: 'anyCase' }], [], [{ kind: 'margin', margin: 0.1 }]],
  });

  it('gives back every question as it was: types, math, options, keys, forms, images and tags', () => {
    const questions = [choice, several, short, exact, numeric, whole, blanks];
    const { items, lost } = roundTrip(questions);
    expect(lost).toEqual([]);
    expect(items.map((item) => ('question' in item ? item.question : item))).toEqual(questions);
    // Part credit for each right option is how Moodle marks the file; the academy keeps all or nothing.
    expect(items.map((item) => ('notes' in item ? item.notes : []))).toEqual([
      [],
      [MOODLE_NOTES.allOrNothing],
      [],
      [],
      [],
      [],
      [],
    ]);
  });

  it('writes what Moodle expects: CDATA, \\(...\\) math, fractions, files and embedded answers', () => {
    const { xml } = roundTrip([choice, several, blanks, numeric]);
    const [top] = parseXml(xml);
    const questions = childrenNamed(top, 'question');
    expect(questions.map((q) => q.attrs.type)).toEqual([
      'category',
      'multichoice',
      'category',
      'multichoice',
      'category',
      'multianswer',
      'numerical',
    ]);
    expect(questions.filter((q) => q.attrs.type === 'category').map((q) => textOf(childNamed(q, 'category')!))).toEqual(
      ['$course$/top/Geometry', '$course$/top/Number Sense', '$course$/top'],
    );
    const text = textOf(childNamed(childNamed(questions[1], 'questiontext')!, 'text')!);
    expect(text).toBe(
      '<p>The circle has radius \\(r = 2\\) and costs $5. What is its area?</p><p><img src="@@PLUGINFILE@@/circle.png" alt="a circle"></p><p class="academy-attachments"><img src="@@PLUGINFILE@@/swatch.png" alt=""></p>',
    );
    expect(xml).toContain('<name><text>Circle ]]&gt; area</text></name>');
    expect(xml).toContain(
      '<answer fraction="0" format="html"><text><![CDATA[<p>\\[2\\pi\\] <img src="@@PLUGINFILE@@/figures/a%20b.png" alt=""></p>]]></text><file name="a b.png" path="/figures/" encoding="base64">',
    );
    expect(xml).toContain(`<file name="circle.png" path="/" encoding="base64">${BLUE.toString('base64')}</file>`);
    expect(xml).toContain('<single>true</single>');
    expect(xml).toContain('<answer fraction="33.33333" format="html"><text><![CDATA[2]]></text>');
    expect(xml).toContain('<single>false</single>');
    expect(xml).toContain(
      '{1:SHORTANSWER_C:=\\frac{1\\}{2\\}~=1/2~=a\\}b\\~c\\#d~=e\\\\/f "g"~=\\{x\\\\}~=x&lt;3 &amp; y&gt;2~==5~=%50%}, capital {1:SHORTANSWER:=Paris}, number {1:SHORTANSWER_C:=3.5~=7/2} and set {1:NUMERICAL:=0.5:0.1}',
    );
    expect(xml).toContain(
      '<text>3.14</text><feedback format="html"><text></text></feedback><tolerance>0.005</tolerance>',
    );
    expect(xml).toContain(
      '<hint format="plain_text"><text><![CDATA[Use \\(A = \\pi r^2\\); it costs $0.]]></text></hint>',
    );
    for (const tag of [
      'Computation',
      'grade:7',
      'category:Circles',
      'category:Area/Perimeter',
      'source:AMC 8 2019, problem 4',
    ])
      expect(xml).toContain(`<tag><text><![CDATA[${tag}]]></text></tag>`);
  });

  it('splits "]]>" across CDATA sections and drops characters XML cannot hold', () => {
    const odd = question('Odd', {
      type: 'Short Answer',
      questionText: '<p>a]]>b\u0001c</p>',
      answer: [['x]]>y']],
      answerForms: [[]],
    });
    const { items, xml } = roundTrip([odd]);
    expect(xml).toContain('<![CDATA[<p>a]]]]><![CDATA[>bc</p>]]>');
    expect(items).toEqual([{ title: 'Odd', question: { ...odd, questionText: '<p>a]]>bc</p>' } }]);
  });

  it("moves a category named like Moodle's top one to a tag, and starts over at top after categories", () => {
    const top = question('Top', { ...exact, title: 'Top', categories: ['top', 'Chemistry'] });
    const none = question('None', { ...exact, title: 'None' });
    const { items } = roundTrip([several, top, none]);
    expect(items.map((item) => ('question' in item ? item.question.categories : item))).toEqual([
      ['Number Sense'],
      ['top', 'Chemistry'],
      [],
    ]);
  });

  it('says what Moodle XML cannot carry, and still writes the question', () => {
    const calculation = question('Fraction', {
      type: 'Calculation',
      questionText: '<p>Half of $\\frac{3}{2}$?</p>',
      answer: { a1: ['\\frac{3}{4}'] },
      answerForms: [[{ kind: 'simplest' }]],
    });
    const shortForms = question('', {
      type: 'Short Answer',
      questionText: '<p>Expand $(x+1)^2$.</p>',
      answer: [['x^2+2x+1']],
      answerForms: [[{ kind: 'expanded' }, { kind: 'anyCase' }, { kind: 'margin', margin: 1 }]],
    });
    const blankForms = question('Blank forms', {
      type: 'Fill in the Blank',
      questionText: '<p>___1___ and ___2___ and ___2___</p>',
      answer: [['a\\'], ['2/4', 'b']],
      answerForms: [[], [{ kind: 'simplest' }]],
      attachments: ['gone.png'],
    });
    const missingBlank = question('Missing blank', {
      type: 'Fill in the Blank',
      questionText: '<p>only ___1___</p>',
      answer: [['1'], ['2']],
      answerForms: [[], []],
    });
    const written = writeMoodleXml([calculation, shortForms, blankForms, missingBlank]);
    expect(written.lost).toEqual([
      'Question 1 (Fraction): a Calculation whose answers are not all numbers within one margin is written as a Moodle short answer, and comes back as Short Answer',
      "Question 1 (Fraction): the answer form 'Simplest form' cannot be written in Moodle XML; left out",
      "Question 2: the answer form 'Expanded' cannot be written in Moodle XML; left out",
      "Question 2: the answer form 'Within ± 1' cannot be written in Moodle XML; left out",
      "Question 3 (Blank forms): blank 1's answer a\\ ends with a backslash, which Moodle's embedded answers cannot hold; left out",
      "Question 3 (Blank forms): the answer form 'Simplest form' of blank 2 cannot be written in Moodle XML; left out",
      'Question 3 (Blank forms): blank 2 is in the text more than once; Moodle asks each place separately',
      'Question 3 (Blank forms): the attachment gone.png has no image; left out',
      'Question 4 (Missing blank): blank 2 is not in the question text; left out',
    ]);
    expect(written.lost[0]).toBe(`Question 1 (Fraction): ${MOODLE_LOST.calculationAsShortAnswer}`);
    const items = readMoodleXml(written.bytes);
    // Written all the same, as what Moodle XML can say of them; Moodle requires a name, taken from the text.
    expect(items[0]).toEqual(
      ok('Fraction', { ...calculation, type: 'Short Answer', answer: [['\\frac{3}{4}']], answerForms: [[]] }),
    );
    expect(items[1]).toEqual(
      ok('Expand $(x+1)^2$.', { ...shortForms, title: 'Expand $(x+1)^2$.', answerForms: [[{ kind: 'anyCase' }]] }),
    );
    expect('reason' in items[2] && items[2].reason).toBe('no correct answer');
    expect(items[3]).toEqual(ok('Missing blank', { ...missingBlank, answer: [['1']], answerForms: [[]] }));
  });
});
