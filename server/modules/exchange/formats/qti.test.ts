import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { describe, expect, it, vi } from 'vitest';
import { EXCHANGE_LIMITS, RefusedFile, type ExchangeQuestion, type ReadItem } from '../model';
import { exchangeQuestion } from '../fixtures/questions';
import { XML_MESSAGES, parseXml } from '../xml';
import { QTI_MESSAGES, QTI_NOTES, QTI_REASONS, readQtiPackage, writeQtiPackage } from './qti';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'qti');

/** A real PNG of one pixel, of the color given, so two images can differ. */
function tinyPng(red = 255): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, red, 0, 0, 255]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Buffer>();
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

interface RawEntry {
  name: string;
  /** The bytes as stored: raw deflate when `deflated`. */
  data: Buffer;
  deflated?: boolean;
  /** What the headers say the file unpacks to; the truth unless a test lies. */
  size?: number;
  flags?: number;
  extra?: Buffer;
}

/** A zip written byte by byte, so a test can write what no zip library will: hostile names and lying sizes. */
function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const extra = entry.extra ?? Buffer.alloc(0);
    const method = entry.deflated ? 8 : 0;
    const flags = 0x800 | (entry.flags ?? 0);
    const size = entry.size ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, entry.data);
    centrals.push(central, name, extra);
    offset += 30 + name.length + extra.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const deflated = (name: string, text: string): RawEntry => ({
  name,
  data: zlib.deflateRawSync(Buffer.from(text)),
  deflated: true,
  size: Buffer.byteLength(text),
});

/**
 * Raw deflate of `megabytes` MiB of zeros in about a kilobyte per MiB, built without holding them: one MiB deflated
 * with a full flush (a byte-aligned, self-contained run of blocks) repeated, then an empty final block.
 */
function zeros(megabytes: number): Buffer {
  const segment = zlib.deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array<Buffer>(megabytes).fill(segment), Buffer.from([0x03, 0x00])]);
}

const ITEM_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';

/** A manifest listing each file as an item, with `extra` files listed beside the first. */
function manifestFor(items: string[], extra: string[] = []): string {
  const resources = items.map(
    (href, i) =>
      `<resource identifier="r${i}" type="imsqti_item_xmlv3p0" href="${href}"><file href="${href}"/>${(i === 0 ? extra : []).map((f) => `<file href="${f}"/>`).join('')}</resource>`,
  );
  return `<?xml version="1.0"?><manifest xmlns="${CP_NS}" identifier="m"><organizations/><resources>${resources.join('')}</resources></manifest>`;
}

const item = (body: string, declarations = '', title = 'Test item', after = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><qti-assessment-item xmlns="${ITEM_NS}" identifier="t" title="${title}" adaptive="false" time-dependent="false">${declarations}<qti-item-body>${body}</qti-item-body>${after}</qti-assessment-item>`;

const textDeclaration = (id = 'RESPONSE', value = '7', baseType = 'string') =>
  `<qti-response-declaration identifier="${id}" cardinality="single" base-type="${baseType}"><qti-correct-response><qti-value>${value}</qti-value></qti-correct-response></qti-response-declaration>`;

/** Reads one item written inline, in a package of its own with the files given. */
async function readOne(xml: string, files: Record<string, string | Buffer> = {}, listed = Object.keys(files)) {
  const items = await readQtiPackage(
    await zipOf({ 'imsmanifest.xml': manifestFor(['item.xml'], listed), 'item.xml': xml, ...files }),
  );
  expect(items).toHaveLength(1);
  return items[0];
}

const reasonOf = (read: ReadItem) => ('reason' in read ? read.reason : 'read as a question');

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof RefusedFile) return error.message;
    throw error;
  }
  return 'not refused';
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

const question = (fields: Partial<ExchangeQuestion>): ExchangeQuestion =>
  exchangeQuestion({
    title: 'Untitled',
    type: 'Short Answer',
    questionText: '<p>Question</p>',
    answer: [['1']],
    answerForms: [[]],
    ...fields,
  });

async function fixturePackage(png: Buffer): Promise<Buffer> {
  const files: Record<string, Buffer> = {};
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(FIXTURES, full).split(path.sep).join('/')] = fs.readFileSync(full);
    }
  };
  walk(FIXTURES);
  return zipOf({ ...files, 'images/triangle.png': png });
}

describe('readQtiPackage on the fixture package', () => {
  it('reads every item as the spec describes it, or says why not', async () => {
    const png = tinyPng();
    const none = { solution: '', hint: '', grade: null, categories: [], focusAreas: [], source: '', attachments: [] };
    const expected: ReadItem[] = [
      {
        title: 'Angles of a triangle',
        question: {
          title: 'Angles of a triangle',
          type: 'Multiple Choice',
          questionText:
            '<p>The picture shows a triangle.</p><p><img src="triangle.png" alt="A right triangle" width="40" /></p><p>What is the sum of its angles, $a+b+c$?</p>',
          options: { A: '90°', B: '180°', C: '<p>360°</p>' },
          answer: { a1: ['B'] },
          answerForms: [],
          solution: '<p>The three angles make a straight line:</p>$$a+b+c=180^\\circ$$',
          hint: 'Tear off the three corners\nand lay them side by side.',
          grade: 6,
          categories: ['Geometry'],
          focusAreas: ['Angles in a triangle'],
          source: 'Fixture set A',
          attachments: [],
          images: { 'triangle.png': png },
        },
        notes: [QTI_NOTES.feedback(['correct'])],
      } as ReadItem,
      {
        title: 'Prime numbers',
        question: {
          title: 'Prime numbers',
          type: 'Multiple Choice',
          questionText: '<p>Which of these numbers are prime?</p>',
          options: { A: '$2$', B: '$3^{2}$', C: '$\\sqrt{9}$' },
          answer: { a1: ['A', 'C'] },
          answerForms: [],
          ...none,
          focusAreas: ['Number sense', 'Primes'],
          images: {},
        },
      },
      {
        title: 'Name the shape',
        question: {
          title: 'Name the shape',
          type: 'Short Answer',
          questionText: '<p>Name a four-sided shape whose sides are all the same length.</p>',
          options: {},
          answer: [['rhombus', 'diamond']],
          answerForms: [[{ kind: 'anyCase' }]],
          ...none,
          images: {},
        },
        notes: [QTI_NOTES.partCredit('quadrilateral')],
      } as ReadItem,
      {
        title: 'Pi to two places',
        question: {
          title: 'Pi to two places',
          type: 'Calculation',
          questionText: '<p>Write $\\pi$ to two decimal places.</p>',
          options: {},
          answer: { a1: ['3.14'] },
          answerForms: [[{ kind: 'margin', margin: 0.005 }]],
          ...none,
          images: {},
        },
        notes: [QTI_NOTES.grade('15')],
      } as ReadItem,
      {
        title: 'Estimate',
        question: {
          title: 'Estimate',
          type: 'Calculation',
          questionText: '<p>Estimate 24 × 11.</p>',
          options: {},
          answer: { a1: ['250'] },
          answerForms: [[{ kind: 'margin', margin: 25 }]],
          ...none,
          images: {},
        },
        notes: [QTI_NOTES.relativeTolerance('10', 25)],
      } as ReadItem,
      {
        title: 'Halves and coins',
        question: {
          title: 'Halves and coins',
          type: 'Fill in the Blank',
          questionText: '<p>$\\frac{1}{4}+\\frac{1}{4}=$ ___1___ and a \\$5 bill is worth ___2___ cents.</p>',
          options: {},
          answer: [['1/2', '0.5'], ['500']],
          answerForms: [[], []],
          ...none,
          images: {},
        },
      },
      { title: 'Explain your method', reason: 'essay questions are marked by hand, which the bank does not hold' },
      { title: 'Shapes and sides', reason: 'matching questions are not supported' },
      { title: 'Pairs that make ten', reason: 'matching questions are not supported' },
      { title: 'Parts of a fraction', reason: 'matching questions are not supported' },
      { title: 'Smallest first', reason: 'ordering questions are not supported' },
      { title: 'Find the right angle', reason: 'qti-hotspot-interaction is not supported' },
      { title: 'Choose, then explain', reason: QTI_REASONS.mixed },
      { title: 'Your favorite number', reason: 'no correct answer' },
      { title: 'Read the graph', reason: 'image missing from the package (images/missing.png)' },
      { title: 'Carbon isotope', reason: 'unsupported math (mmultiscripts)' },
      { title: 'items/legacy.xml', reason: QTI_REASONS.qti2 },
      { title: '../escaping.xml', reason: QTI_REASONS.outside('../escaping.xml') },
      { title: 'items/absent.xml', reason: QTI_REASONS.itemMissing('items/absent.xml') },
    ];
    expect(await readQtiPackage(await fixturePackage(png))).toEqual(expected);
  });
});

describe('readQtiPackage on single items', () => {
  it('reads letter case and tolerance from the response processing too, and says what changes', async () => {
    const read = await readOne(
      item(
        '<p>Two boxes: <qti-text-entry-interaction response-identifier="A"/> <qti-text-entry-interaction response-identifier="B"/></p><p><qti-text-entry-interaction response-identifier="C"/></p>',
        '<qti-response-declaration identifier="A" cardinality="single" base-type="string"><qti-mapping><qti-map-entry map-key="Yes" mapped-value="1" case-sensitive="false"/><qti-map-entry map-key="Y" mapped-value="1" case-sensitive="true"/></qti-mapping></qti-response-declaration>' +
          textDeclaration('B', 'No') +
          textDeclaration('C', '2.5', 'float'),
        'Boxes',
        '<qti-response-processing><qti-response-condition><qti-response-if><qti-and>' +
          '<qti-string-match case-sensitive="false"><qti-variable identifier="B"/><qti-correct identifier="B"/></qti-string-match>' +
          '<qti-equal tolerance-mode="absolute" tolerance="0.1 0.3"><qti-variable identifier="C"/><qti-correct identifier="C"/></qti-equal>' +
          '</qti-and></qti-response-if></qti-response-condition></qti-response-processing>',
      ),
    );
    expect(read).toEqual({
      title: 'Boxes',
      question: question({
        title: 'Boxes',
        type: 'Fill in the Blank',
        questionText: '<p>Two boxes: ___1___ ___2___</p><p>___3___</p>',
        answer: [['Yes', 'Y'], ['No'], ['2.5']],
        answerForms: [[{ kind: 'anyCase' }], [{ kind: 'anyCase' }], [{ kind: 'margin', margin: 0.3 }]],
      }),
      notes: [QTI_NOTES.mixedCase, QTI_NOTES.unevenTolerance(0.3)],
    });
  });

  it("resolves the manifest's xml:base and an item's relative paths", async () => {
    const png = tinyPng();
    const manifest = `<?xml version="1.0"?><manifest xmlns="${CP_NS}" xmlns:xml="http://www.w3.org/XML/1998/namespace" identifier="m"><resources xml:base="content/"><resource identifier="r" type="imsqti_item_xmlv3p0" xml:base="items/" href="q.xml"><file href="q.xml"/><file href="../media/p.png"/></resource></resources></manifest>`;
    const xml = item(
      '<p><img src="../media/p.png" alt=""/></p><qti-text-entry-interaction response-identifier="RESPONSE"/>',
      textDeclaration(),
    );
    const read = await readQtiPackage(
      await zipOf({ 'imsmanifest.xml': manifest, 'content/items/q.xml': xml, 'content/media/p.png': png }),
    );
    expect(read).toMatchObject([
      { question: { questionText: '<p><img src="p.png" alt="" /></p>', images: { 'p.png': png } } },
    ]);
  });

  it('keeps part credit of an option out, and says so', async () => {
    const read = await readOne(
      item(
        '<qti-choice-interaction response-identifier="R" max-choices="1"><qti-simple-choice identifier="x">Yes</qti-simple-choice><qti-simple-choice identifier="y">Almost</qti-simple-choice><qti-simple-choice identifier="z">No</qti-simple-choice></qti-choice-interaction>',
        '<qti-response-declaration identifier="R" cardinality="single" base-type="identifier"><qti-mapping><qti-map-entry map-key="x" mapped-value="1"/><qti-map-entry map-key="y" mapped-value="0.5"/></qti-mapping></qti-response-declaration>',
      ),
    );
    expect(read).toMatchObject({ question: { answer: { a1: ['A'] } }, notes: [QTI_NOTES.partCredit('B')] });
  });

  it('says when the number of options a student may choose changes', async () => {
    const read = await readOne(
      item(
        '<qti-choice-interaction response-identifier="R" max-choices="3"><qti-simple-choice identifier="x">Yes</qti-simple-choice><qti-simple-choice identifier="y">No</qti-simple-choice></qti-choice-interaction>',
        '<qti-response-declaration identifier="R" cardinality="multiple" base-type="identifier"><qti-correct-response><qti-value>y</qti-value></qti-correct-response></qti-response-declaration>',
      ),
    );
    expect(read).toMatchObject({ question: { answer: { a1: ['B'] } }, notes: [QTI_NOTES.chooseOne] });
  });

  it('reads an image given as an object, and refuses other embedded content and media', async () => {
    const png = tinyPng();
    const read = await readOne(
      item(
        `<p><object type="image/png" data="pics/a.png">Graph</object></p><p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>`,
        textDeclaration(),
      ),
      { 'pics/a.png': png },
    );
    expect(read).toMatchObject({
      question: { questionText: '<p><img src="a.png" alt="Graph" /></p>', images: { 'a.png': png } },
    });
    const embedded = await readOne(
      item(
        `<p><object type="text/html" data="page.html"/></p><qti-text-entry-interaction response-identifier="RESPONSE"/>`,
        textDeclaration(),
      ),
    );
    expect(reasonOf(embedded)).toBe(QTI_REASONS.embedded('page.html'));
    const video = await readOne(
      item(`<video src="a.mp4"/><qti-text-entry-interaction response-identifier="RESPONSE"/>`, textDeclaration()),
    );
    expect(reasonOf(video)).toBe('audio and video are not supported');
  });

  it('reads only images the manifest lists and the package holds, inside the package', async () => {
    const png = tinyPng();
    const body = (src: string) =>
      item(
        `<p><img src="${src}" alt=""/></p><qti-text-entry-interaction response-identifier="RESPONSE"/>`,
        textDeclaration(),
      );
    expect(reasonOf(await readOne(body('b.png'), { 'b.png': png }, []))).toBe(QTI_REASONS.imageUnlisted('b.png'));
    expect(reasonOf(await readOne(body('../../etc/passwd'), { 'b.png': png }))).toBe(
      QTI_REASONS.outside('../../etc/passwd'),
    );
    expect(reasonOf(await readOne(body('https://example.com/a.png')))).toBe(
      QTI_REASONS.imageMissing('https://example.com/a.png'),
    );
    // Two files of one name keep their paths as keys.
    const both = await readOne(
      item(
        '<p><img src="a/x.png" alt=""/><img src="b/x.png" alt=""/></p><qti-text-entry-interaction response-identifier="RESPONSE"/>',
        textDeclaration(),
      ),
      { 'a/x.png': png, 'b/x.png': tinyPng(1) },
    );
    expect(both).toMatchObject({
      question: {
        questionText: '<p><img src="x.png" alt="" /><img src="b/x.png" alt="" /></p>',
        images: { 'x.png': png, 'b/x.png': tinyPng(1) },
      },
    });
  });

  it('gives each unsupported structure its reason', async () => {
    const choice = (id: string) =>
      `<qti-choice-interaction response-identifier="${id}"><qti-simple-choice identifier="a">A</qti-simple-choice><qti-simple-choice identifier="b">B</qti-simple-choice></qti-choice-interaction>`;
    const choiceDeclaration = (id: string) =>
      `<qti-response-declaration identifier="${id}" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>a</qti-value></qti-correct-response></qti-response-declaration>`;
    const cases: [string, string][] = [
      [item(choice('P') + choice('Q'), choiceDeclaration('P') + choiceDeclaration('Q')), QTI_REASONS.severalChoices],
      [item('<p>Just reading.</p>'), QTI_REASONS.noInteraction],
      [
        item('<qti-slider-interaction response-identifier="R" lower-bound="0" upper-bound="9"/>'),
        'qti-slider-interaction is not supported',
      ],
      [
        item('<p><qti-inline-choice-interaction response-identifier="R"/></p>'),
        'qti-inline-choice-interaction is not supported',
      ],
      [
        item(
          '<qti-text-entry-interaction response-identifier="R"/>',
          '<qti-template-declaration identifier="T" cardinality="single" base-type="integer"/>',
        ),
        QTI_REASONS.templates,
      ],
      [item('<qti-text-entry-interaction response-identifier="R"/>'), 'no correct answer'],
      [
        item('<qti-text-entry-interaction response-identifier="R"/>', textDeclaration('R', '1 2', 'point')),
        QTI_REASONS.answerType('point'),
      ],
      [
        item(
          `<qti-choice-interaction response-identifier="R">${'abcdefghijk'
            .split('')
            .map((l) => `<qti-simple-choice identifier="${l}">${l}</qti-simple-choice>`)
            .join('')}</qti-choice-interaction>`,
          choiceDeclaration('R'),
        ),
        QTI_REASONS.tooManyOptions(11),
      ],
      [
        item(choice('R'), choiceDeclaration('R').replace('<qti-value>a</qti-value>', '<qti-value>zz</qti-value>')),
        QTI_REASONS.unknownChoice('zz'),
      ],
      [
        item(
          '<qti-text-entry-interaction response-identifier="RESPONSE"/>',
          '<qti-assessment-stimulus-ref identifier="s" href="s.xml"/>' + textDeclaration(),
        ),
        QTI_REASONS.stimulus,
      ],
      [
        item(
          '<qti-text-entry-interaction response-identifier="RESPONSE"/>',
          textDeclaration().replace('single', 'multiple'),
        ),
        QTI_REASONS.severalAnswers,
      ],
      ['<?xml version="1.0"?><assessmentItem identifier="x" title="Old"/>', QTI_REASONS.qti2],
      ['<?xml version="1.0"?><html/>', QTI_REASONS.notItem],
      [`<!DOCTYPE x [<!ENTITY a "b">]><qti-assessment-item/>`, XML_MESSAGES.doctype],
    ];
    for (const [xml, reason] of cases) expect(reasonOf(await readOne(xml))).toBe(reason);
  });

  it('reads a solution and a hint from feedback blocks, and leaves a rubric out', async () => {
    const read = await readOne(
      item(
        '<p>Add.</p><qti-rubric-block view="scorer"><p>Full marks for 4.</p></qti-rubric-block><p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>' +
          '<qti-feedback-block outcome-identifier="FEEDBACK" identifier="solution" show-hide="show"><qti-content-body><p>2 + 2 = 4</p></qti-content-body></qti-feedback-block>' +
          '<qti-feedback-block outcome-identifier="FEEDBACK" identifier="HINT" show-hide="show"><p>Count on   your fingers.</p></qti-feedback-block>',
        textDeclaration('RESPONSE', '4', 'integer'),
      ),
    );
    expect(read).toMatchObject({
      question: {
        type: 'Calculation',
        questionText: '<p>Add.</p>',
        solution: '<p>2 + 2 = 4</p>',
        hint: 'Count on   your fingers.',
      },
      notes: [QTI_NOTES.rubric],
    });
  });
});

const ROUND_TRIP: ExchangeQuestion[] = [
  question({
    title: 'Area of a circle',
    type: 'Calculation',
    questionText:
      '<p>A circle has radius <span data-math="inline">$r = 2$</span> cm &amp; costs \\$5.</p><p><img src="circle.png" alt="A circle" /></p>',
    answer: { a1: ['12.566', '12.57'] },
    answerForms: [[{ kind: 'margin', margin: 0.01 }]],
    solution:
      '<p>$A = \\pi r^2$</p><div data-math="display">$$\\begin{pmatrix}1&amp;2\\\\3&amp;4\\end{pmatrix}$$</div>',
    hint: 'Use the formula\nfor the area.',
    grade: 7,
    categories: ['Geometry'],
    focusAreas: ['Circles', 'Area, perimeter'],
    source: 'Textbook p. 12: "Circles"',
    attachments: ['attached.png'],
    images: { 'circle.png': tinyPng(10), 'attached.png': tinyPng(20) },
  }),
  question({
    title: 'Even numbers',
    type: 'Multiple Choice',
    questionText: '<p>Which are even?<br />Choose all.</p>',
    options: { A: '<p>2</p>', B: '<p>$\\frac{1}{2}$</p>', C: '<p>4 &lt; 5</p>', D: '<p><strong>7</strong></p>' },
    answer: { a1: ['A', 'C'] },
    answerForms: [],
    grade: 2,
  }),
  question({
    title: 'Which triangle',
    type: 'Multiple Choice',
    questionText: '<p>Which picture shows a right triangle?</p>',
    options: { A: '<p><img src="right.png" alt="" /></p>', B: '<p>None</p>' },
    answer: { a1: ['A'] },
    answerForms: [],
    solution: '<p>It has a square corner: <img src="right.png" alt="square corner" /></p>',
    attachments: ['ruler.png', 'circle.png'],
    images: { 'right.png': tinyPng(30), 'ruler.png': tinyPng(40), 'circle.png': tinyPng(10) },
  }),
  question({
    title: 'Blanks',
    type: 'Fill in the Blank',
    questionText: '<p>$\\sqrt{16} =$ ___1___ and the capital of France is ___2___.</p>',
    answer: [['4', '4.0'], ['Paris']],
    answerForms: [[{ kind: 'margin', margin: 0.5 }], [{ kind: 'anyCase' }]],
    categories: ['Mixed', 'Review'],
  }),
  question({
    title: 'A word',
    type: 'Short Answer',
    questionText: '<p>How many sides has a square?</p>',
    answer: [['4', 'four']],
    answerForms: [[{ kind: 'anyCase' }]],
  }),
  question({
    title: 'Short but numeric',
    type: 'Short Answer',
    questionText: '<p>Half of 7?</p>',
    answer: [['3.5']],
    answerForms: [[{ kind: 'margin', margin: 0.1 }]],
  }),
  question({
    title: 'An expression',
    type: 'Calculation',
    questionText: '<p>Expand $x(x+1)$.</p>',
    answer: { a1: ['x^2+x', 'x+x^2'] },
    answerForms: [[]],
  }),
  question({
    title: 'One blank',
    type: 'Fill in the Blank',
    questionText: '<p>A triangle has ___1___ sides.</p>',
    answer: [['3']],
    answerForms: [[]],
  }),
  question({
    title: 'Same name, other picture',
    type: 'Short Answer',
    questionText: '<p><img src="circle.png" alt="" /> What is this?</p>',
    answer: [['circle']],
    answerForms: [[]],
    images: { 'circle.png': tinyPng(99) },
  }),
];

describe('writeQtiPackage and readQtiPackage', () => {
  it('give back the same questions', async () => {
    const written = await writeQtiPackage(ROUND_TRIP);
    expect(written.lost).toEqual([]);
    const read = await readQtiPackage(written.bytes);
    expect(read).toEqual(ROUND_TRIP.map((q) => ({ title: q.title, question: q })));
  });

  it('write a QTI 3.0 content package: the manifest, one item per question, the images under images/', async () => {
    const files = await unzip((await writeQtiPackage(ROUND_TRIP)).bytes);
    expect([...files.keys()]).toEqual([
      'imsmanifest.xml',
      ...ROUND_TRIP.map((_, i) => `item-${i + 1}.xml`),
      'images/circle.png',
      'images/attached.png',
      'images/right.png',
      'images/ruler.png',
      'images/9/circle.png',
    ]);
    for (const [name, bytes] of files)
      if (name.endsWith('.xml')) expect(() => parseXml(bytes.toString())).not.toThrow();
    const manifest = files.get('imsmanifest.xml')!.toString();
    expect(manifest).toContain(`<manifest xmlns="${CP_NS}" xmlns:lom="http://ltsc.ieee.org/xsd/LOM"`);
    expect(manifest).toContain(
      '<resource identifier="item-1" type="imsqti_item_xmlv3p0" href="item-1.xml"><metadata><lom:lom><lom:general><lom:title><lom:string>Area of a circle</lom:string></lom:title><lom:keyword><lom:string>category:Geometry</lom:string></lom:keyword><lom:keyword><lom:string>focus:Circles</lom:string></lom:keyword><lom:keyword><lom:string>focus:Area, perimeter</lom:string></lom:keyword><lom:keyword><lom:string>grade:7</lom:string></lom:keyword><lom:keyword><lom:string>source:Textbook p. 12: "Circles"</lom:string></lom:keyword></lom:general></lom:lom></metadata><file href="item-1.xml"/><file href="images/circle.png"/><file href="images/attached.png"/></resource>',
    );
    const first = files.get('item-1.xml')!.toString();
    expect(first).toContain(`<qti-assessment-item xmlns="${ITEM_NS}"`);
    expect(first).toContain(
      '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="float"><qti-correct-response><qti-value>12.566</qti-value></qti-correct-response><qti-mapping default-value="0"><qti-map-entry map-key="12.566" mapped-value="1" case-sensitive="true"/><qti-map-entry map-key="12.57" mapped-value="1" case-sensitive="true"/></qti-mapping></qti-response-declaration>',
    );
    expect(first).toContain(
      '<qti-equal tolerance-mode="absolute" tolerance="0.01"><qti-variable identifier="RESPONSE"/><qti-base-value base-type="float">12.566</qti-base-value></qti-equal>',
    );
    expect(first).toContain('cm &amp; costs $5.</p><p><img src="images/circle.png" alt="A circle"/></p>');
    expect(first).toContain('<annotation encoding="application/x-tex">r = 2</annotation>');
    expect(first).toContain('<div class="academy-attachments"><img src="images/attached.png" alt=""/></div>');
    expect(first).toContain('<qti-end-attempt-interaction response-identifier="HINTREQUEST" title="Show hint"/>');
    expect(first).toContain(
      '<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="HINT" show-hide="show" title="Hint"><qti-content-body><p>Use the formula<br/>for the area.</p></qti-content-body></qti-modal-feedback>',
    );
    expect(first).toContain('identifier="SOLUTION" show-hide="show" title="Solution"><qti-content-body><p><math');
    const second = files.get('item-2.xml')!.toString();
    expect(second).toContain('<p>Which are even?<br/>Choose all.</p>');
    expect(second).toContain(
      'cardinality="multiple" base-type="identifier"><qti-correct-response><qti-value>A</qti-value><qti-value>C</qti-value>',
    );
    expect(second).toContain('max-choices="0"><qti-simple-choice identifier="A"><p>2</p></qti-simple-choice>');
    const blanks = files.get('item-4.xml')!.toString();
    expect(blanks).toContain(
      '</math> <qti-text-entry-interaction response-identifier="RESPONSE_1" class="academy-blank"/> and the capital of France is <qti-text-entry-interaction response-identifier="RESPONSE_2" class="academy-blank"/>.</p>',
    );
    expect(blanks).toContain('<qti-map-entry map-key="Paris" mapped-value="1" case-sensitive="false"/>');
    expect(files.get('images/9/circle.png')).toEqual(tinyPng(99));
  });

  it('name in lost what QTI cannot carry', async () => {
    const written = await writeQtiPackage([
      question({ title: 'Forms', answer: [['1/2']], answerForms: [[{ kind: 'simplest' }, { kind: 'anyCase' }]] }),
      question({ title: '', answer: [['half']], answerForms: [[{ kind: 'margin', margin: 0.5 }]] }),
      question({
        title: 'Units',
        type: 'Fill in the Blank',
        questionText: '<p>___1___ and ___2___</p>',
        answer: [['1'], ['2']],
        answerForms: [[], [{ kind: 'units', units: ['cm'] }]],
      }),
      question({ title: 'Odd math', questionText: '<p>$\\notacommand{x}$</p>' }),
      question({ title: 'Ghost', questionText: '<p><img src="ghost.png" alt="" /></p>', attachments: ['ghost.png'] }),
    ]);
    expect(written.lost).toEqual([
      "Question 1 (Forms): the answer form 'Simplest form' cannot be written in QTI; left out.",
      "Question 2: the answer form 'Within ± 0.5' needs numbers for answers; left out.",
      "Question 3 (Units): the answer form 'With units (cm)' of blank 2 cannot be written in QTI; left out.",
      'Question 4 (Odd math): the math \\notacommand{x} could not be written as MathML; it travels as LaTeX only.',
      'Question 5 (Ghost): the image ghost.png is missing; left out.',
    ]);
    const read = await readQtiPackage(written.bytes);
    expect(read[0]).toMatchObject({ question: { answerForms: [[{ kind: 'anyCase' }]] } });
    // A question without a title gets one, as QTI requires.
    expect(read[1]).toMatchObject({ title: 'Question 2', question: { answerForms: [[]] } });
    expect(read[3]).toMatchObject({ question: { questionText: '<p>$\\notacommand{x}$</p>' } });
    expect(read[4]).toMatchObject({ question: { questionText: '<p></p>' } });
  });
});

describe('readQtiPackage on hostile packages', () => {
  const manifest = deflated('imsmanifest.xml', manifestFor(['item.xml']));

  it('refuses a file that is not a zip', async () => {
    expect(await refusal(readQtiPackage(Buffer.from('<quiz/>')))).toBe(QTI_MESSAGES.notZip);
    expect(await refusal(readQtiPackage(Buffer.alloc(0)))).toBe(QTI_MESSAGES.notZip);
  });

  it.each(['../x', '/etc/passwd', 'a/../../b', '..\\..\\windows\\x', 'C:/x.xml', 'items/../../x'])(
    'refuses a path leading out of the package: %s',
    async (name) => {
      const bytes = rawZip([manifest, { name, data: Buffer.from('x') }]);
      expect(await refusal(readQtiPackage(bytes))).toBe(QTI_MESSAGES.unsafePath(name));
    },
  );

  it('refuses a path leading out hidden in the Unicode path field that some tools show instead', async () => {
    const shown = Buffer.from('../evil.xml');
    const field = Buffer.concat([Buffer.from([0x75, 0x70]), Buffer.alloc(2), Buffer.from([1]), Buffer.alloc(4), shown]);
    field.writeUInt16LE(shown.length + 5, 2);
    const bytes = rawZip([manifest, { name: 'fine.xml', data: Buffer.from('x'), extra: field }]);
    expect(await refusal(readQtiPackage(bytes))).toBe(QTI_MESSAGES.unsafePath('../evil.xml'));
  });

  it('refuses 6,000 files quickly', async () => {
    const entries = Array.from({ length: 6_000 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.alloc(0) }));
    const bytes = rawZip([manifest, ...entries]);
    const { result, ms } = await timed(() => refusal(readQtiPackage(bytes)));
    expect(result).toBe(QTI_MESSAGES.tooManyEntries);
    expect(ms).toBeLessThan(2_000);
  });

  it('refuses a zip bomb whose header admits its size before inflating any of it', async () => {
    const bomb = zeros(200);
    expect(bomb.length).toBeLessThan(400_000);
    expect(zlib.inflateRawSync(zeros(2)).equals(Buffer.alloc(2 << 20))).toBe(true);
    const bytes = rawZip([manifest, { name: 'item.xml', data: bomb, deflated: true, size: 200 * 1024 * 1024 }]);
    const inflaters = vi.spyOn(zlib, 'createInflateRaw');
    try {
      const { result, ms } = await timed(() => refusal(readQtiPackage(bytes)));
      expect(result).toBe(QTI_MESSAGES.tooLarge);
      expect(ms).toBeLessThan(2_000);
      expect(inflaters).not.toHaveBeenCalled();
    } finally {
      inflaters.mockRestore();
    }
  });

  it('refuses a zip bomb whose header lies, stopping as soon as it outgrows it', async () => {
    const bytes = rawZip([manifest, { name: 'item.xml', data: zeros(200), deflated: true, size: 1_000 }]);
    const { result, ms } = await timed(() => refusal(readQtiPackage(bytes)));
    expect(result).toBe(QTI_MESSAGES.sizeLies('item.xml'));
    expect(ms).toBeLessThan(2_000);
  });

  it('refuses files that together declare more than the limit', async () => {
    const part = EXCHANGE_LIMITS.unpackedBytes / 2 + 1;
    const bytes = rawZip([
      manifest,
      { name: 'a.bin', data: zeros(1), deflated: true, size: part },
      { name: 'b.bin', data: zeros(1), deflated: true, size: part },
    ]);
    expect(await refusal(readQtiPackage(bytes))).toBe(QTI_MESSAGES.tooLarge);
  });

  it('refuses a manifest with a DOCTYPE entity bomb', async () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE manifest [<!ENTITY a "aaaaaaaaaa">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${`&${i === 0 ? 'a' : 'b'.repeat(i)};`.repeat(10)}">`,
    ).join('')}]><manifest>&bbbbbbbbb;</manifest>`;
    const { result, ms } = await timed(() => refusal(readQtiPackage(rawZip([deflated('imsmanifest.xml', lol)]))));
    expect(result).toBe(XML_MESSAGES.doctype);
    expect(ms).toBeLessThan(2_000);
  });

  it('refuses a package without a manifest, with an empty one, or with too many questions', async () => {
    expect(await refusal(readQtiPackage(await zipOf({ 'item.xml': item('') })))).toBe(QTI_MESSAGES.noManifest);
    expect(await refusal(readQtiPackage(await zipOf({ 'imsmanifest.xml': '<quiz/>' })))).toBe(QTI_MESSAGES.notManifest);
    expect(await refusal(readQtiPackage(await zipOf({ 'imsmanifest.xml': manifestFor([]) })))).toBe(
      QTI_MESSAGES.noItems,
    );
    const many = manifestFor(Array.from({ length: EXCHANGE_LIMITS.questions + 1 }, (_, i) => `q${i}.xml`));
    expect(await refusal(readQtiPackage(await zipOf({ 'imsmanifest.xml': many })))).toBe(QTI_MESSAGES.tooManyItems);
  });

  it('refuses two files of one name and an encrypted file', async () => {
    expect(
      await refusal(
        readQtiPackage(
          rawZip([
            manifest,
            { name: 'item.xml', data: Buffer.from('a') },
            { name: 'item.xml', data: Buffer.from('b') },
          ]),
        ),
      ),
    ).toBe(QTI_MESSAGES.duplicate('item.xml'));
    // Traditional encryption puts a 12-byte header before the data.
    const encrypted = { name: 'item.xml', data: Buffer.alloc(13), size: 1, flags: 1 };
    expect(await refusal(readQtiPackage(rawZip([manifest, encrypted])))).toBe(QTI_MESSAGES.encrypted('item.xml'));
  });
});
