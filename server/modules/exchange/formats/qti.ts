/**
 * 1EdTech QTI 3.0 content packages, read and written: a zip whose `imsmanifest.xml` (the QTI 3.0 profile of IMS
 * Content Packaging 1.2, namespace `.../qti/qtiv3p0/imscp_v1p1`) lists one resource of type `imsqti_item_xmlv3p0` per
 * question, each a `qti-assessment-item` with the files it uses.
 *
 * A package is an upload from anywhere, so it is opened with suspicion: its central directory is read first (names,
 * declared sizes, how many files), and only then are the files the manifest names inflated, one at a time, counting
 * what comes out against EXCHANGE_LIMITS.unpackedBytes whatever the headers said.
 *
 * What QTI has no place for travels by these conventions, which the academy writes and reads back:
 * - Categories, focus areas, grade and source: a QTI 3.0 item carries no metadata of its own (it lives in the
 *   manifest), so they are LOM keywords of the item's resource: `category:Fractions`, `focus:Adding fractions`,
 *   `grade:5`, `source:Textbook p. 12`. A keyword from another platform without one of these prefixes is a focus area.
 * - Solution: a `qti-modal-feedback` (or a `qti-feedback-block`) with identifier `SOLUTION`, shown once the student
 *   has answered.
 * - Hint: a `qti-modal-feedback` (or a `qti-feedback-block`) with identifier `HINT`, shown when the student presses a
 *   `qti-end-attempt-interaction` "Show hint" (QTI's own way of asking for a hint).
 * - Attachments (images shown beside the question): a trailing `<div class="academy-attachments">` of `<img>`s in the
 *   item body.
 * - The type of a typed answer: a class on its `qti-text-entry-interaction` (`academy-short-answer`,
 *   `academy-calculation`, `academy-blank`). Without one, one box is a Calculation when its base type is a number and
 *   a Short Answer otherwise, and several boxes are a Fill in the Blank.
 * - Accepted answers: the first is the correct response, all of them entries of a `qti-mapping` worth 1; letter case
 *   ignored is `case-sensitive="false"` on them; a margin is a `qti-equal tolerance-mode="absolute"` in the response
 *   processing. The editor's math markers (`<span data-math>`) travel as they are: QTI 3.0 body elements take
 *   HTML5's data-* attributes.
 * Math is MathML with its LaTeX kept as an annotation, so the academy reads its own packages back exactly.
 */
import { answerKindOf } from '../../../../common/question-types';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { splitMath } from '../../../../common/dollar-math';
import { ANSWER_FORM_KINDS, formLabel, type AnswerForm } from '../../../../common/rules/answer-forms';
import { MAX_OPTIONS, optionLetter, type QuestionType } from '../../../../common/rules/questions';
import { latexToMathml } from '../math';
import { EXCHANGE_MESSAGES } from '../../../../common/schemas/exchange';
import { EXCHANGE_LIMITS, RefusedFile, type ExchangeQuestion, type ReadItem, type WrittenFile } from '../model';
import {
  childNamed,
  childrenNamed,
  localName,
  parseXml,
  textOf,
  xmlAttr,
  xmlText,
  type XmlElement,
  type XmlNode,
} from '../xml';
import { MATHML_NAMESPACE, UnsupportedMath, decodeRefs, isDisplayMath, mathmlToLatex } from './mathml';

const QTI_NAMESPACE = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const QTI_SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd';
const CP_NAMESPACE = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
const CP_SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd';
const LOM_NAMESPACE = 'http://ltsc.ieee.org/xsd/LOM';
const LOM_SCHEMA = 'https://purl.imsglobal.org/spec/md/v1p3/schema/xsd/imsmd_loose_v1p3p2.xsd';
const ITEM_TYPE = 'imsqti_item_xmlv3p0';
const MANIFEST = 'imsmanifest.xml';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const shown = (name: string) => (name.length > 100 ? `${name.slice(0, 100)}…` : name);

/** Why a package is not read at all. */
export const QTI_MESSAGES = {
  notZip:
    'This file is not a zip package, so it cannot be read as QTI. Export the questions again as a QTI 3.0 package (.zip).',
  tooManyEntries: `This package holds more than ${EXCHANGE_LIMITS.packageEntries.toLocaleString('en-US')} files, more than any question bank needs; it is not read.`,
  unsafePath: (name: string) =>
    `This package holds a file whose path leads out of the package (${shown(name)}): paths that start at the root or with a drive letter, climb up with "..", or use backslashes are not read.`,
  duplicate: (name: string) =>
    `This package holds two files named ${shown(name)}, so which one is meant is unclear; it is not read.`,
  tooLarge: `This package unpacks to more than ${megabytes(EXCHANGE_LIMITS.unpackedBytes)}, more than any question bank needs; it is not read.`,
  sizeLies: (name: string) =>
    `The file ${shown(name)} in this package unpacks to more than the package says it does, which only a damaged or hostile package does; it is not read.`,
  encrypted: (name: string) =>
    `The file ${shown(name)} in this package is encrypted. Export the package again without a password.`,
  damaged: 'This package is damaged and cannot be read. Export the questions again.',
  noManifest:
    'This package has no imsmanifest.xml, so it is not a QTI content package. Export the questions again as a QTI 3.0 package.',
  notManifest: 'The imsmanifest.xml of this package is not a content package manifest.',
  noItems: `The manifest of this package lists no QTI 3.0 questions (resources of type ${ITEM_TYPE}).`,
  tooManyItems: EXCHANGE_MESSAGES.tooManyQuestions,
} as const;

/** Why one question of a package cannot come in. */
export const QTI_REASONS = {
  essay: 'essay questions are marked by hand, which the bank does not hold',
  matching: 'matching questions are not supported',
  ordering: 'ordering questions are not supported',
  interaction: (name: string) => `${name} is not supported`,
  mixed: 'questions that ask for several kinds of answer at once are not supported',
  severalChoices: 'questions with several lists of options are not supported',
  noInteraction: 'the question asks for no answer',
  noCorrect: 'no correct answer',
  unknownChoice: (id: string) => `the correct answer names an option the question does not have (${shown(id)})`,
  tooManyOptions: (n: number) => `the question has ${n} options; the bank allows at most ${MAX_OPTIONS}`,
  answerType: (type: string) => `answers of type ${shown(type)} are not supported`,
  severalAnswers: 'an answer box that takes several answers at once is not supported',
  imageMissing: (src: string) => `image missing from the package (${shown(src)})`,
  imageUnlisted: (src: string) => `image not listed in the package's manifest (${shown(src)})`,
  outside: (href: string) => `the question points outside its package (${shown(href)})`,
  itemMissing: (href: string) => `the question's file is missing from the package (${shown(href)})`,
  notItem: 'the file is not a QTI 3.0 question (qti-assessment-item)',
  qti2: 'the question is written in QTI 2, which the academy does not read; export it as QTI 3.0',
  math: (element: string) => `unsupported math (${element})`,
  templates: 'questions that draw random values (templates) are not supported',
  stimulus: 'the question shows a shared passage (stimulus), which the bank does not hold',
  media: 'audio and video are not supported',
  embedded: (data: string) => `embedded content other than images is not supported (${shown(data)})`,
} as const;

/** What a question loses on its way in, shown beside it in the preview. */
export const QTI_NOTES = {
  partCredit: (answer: string) =>
    `the answer "${shown(answer)}" earns part credit in the file; the bank marks it wrong`,
  mixedCase: 'letter case is now ignored for every accepted answer, as the file ignores it for some',
  relativeTolerance: (percent: string, margin: number) =>
    `the tolerance of ${percent}% is kept as a margin of ${String(margin)}`,
  unevenTolerance: (margin: number) =>
    `the tolerance differs below and above the answer; the wider, ${String(margin)}, now applies either side`,
  chooseOne: 'the file lets a student choose several options; with one correct option the bank lets them choose one',
  chooseSeveral:
    'the file lets a student choose one option; with several correct options the bank lets them choose several',
  feedback: (ids: string[]) => `the file's other feedback is left out (${shown(ids.join(', '))})`,
  rubric: 'the guidance for scorers (rubric) is left out',
  grade: (grade: string) => `the grade "${shown(grade)}" is not one from 1 to 12; the import's grade applies`,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The package: its zip, read with suspicion.

interface Package {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
  /** Bytes inflated so far, over every file read. */
  inflated: number;
}

/** Whether a name in the central directory could land outside the folder a careless unzip puts it in. */
function unsafe(name: string): boolean {
  return (
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.includes('\\') ||
    name.includes('\0') ||
    name.split('/').includes('..')
  );
}

/** The Info-ZIP Unicode Path extra field: what some unzip tools show instead of the header's name. */
const UNICODE_PATH = 0x7075;

function entryNames(entry: yauzl.Entry): string[] {
  const utf8 = (entry.generalPurposeBitFlag & 0x800) !== 0;
  const names = [entry.fileNameRaw.toString(utf8 ? 'utf8' : 'latin1')];
  for (const field of entry.extraFields ?? []) {
    if (field.id === UNICODE_PATH && field.data.length > 5) names.push(field.data.subarray(5).toString('utf8'));
  }
  return names;
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings off: the names are judged here, by the rules and with the messages above.
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(new RefusedFile(QTI_MESSAGES.notZip)) : resolve(zip)),
    );
  });
}

/** The central directory: every file by name, refused whole at the first unsafe name or past the declared limit. */
function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    let declared = 0;
    let done = false;
    const fail = (error: Error) => {
      if (done) return;
      done = true;
      reject(error);
    };
    zip.on('error', () => fail(new RefusedFile(QTI_MESSAGES.damaged)));
    zip.on('end', () => {
      if (done) return;
      done = true;
      resolve(entries);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      if (done) return;
      const names = entryNames(entry);
      const bad = names.find(unsafe);
      if (bad !== undefined) return fail(new RefusedFile(QTI_MESSAGES.unsafePath(bad)));
      // A header can lie low, but one that admits to too much is refused before anything is inflated.
      declared += entry.uncompressedSize;
      if (entry.uncompressedSize > EXCHANGE_LIMITS.unpackedBytes || declared > EXCHANGE_LIMITS.unpackedBytes)
        return fail(new RefusedFile(QTI_MESSAGES.tooLarge));
      const name = names[0];
      if (!name.endsWith('/')) {
        if (entries.has(name)) return fail(new RefusedFile(QTI_MESSAGES.duplicate(name)));
        entries.set(name, entry);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * One file's bytes, inflated as a stream and counted as they come: past the limit (of the file or of the package)
 * the stream is destroyed, whatever its header declared. yauzl also stops a stream that outgrows its header.
 */
function readFile(pkg: Package, name: string): Promise<Buffer> {
  const entry = pkg.entries.get(name);
  if (!entry) return Promise.reject(new RefusedFile(QTI_MESSAGES.damaged));
  if (entry.isEncrypted()) return Promise.reject(new RefusedFile(QTI_MESSAGES.encrypted(name)));
  return new Promise((resolve, reject) => {
    pkg.zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new RefusedFile(QTI_MESSAGES.damaged));
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const fail = (refusal: RefusedFile) => {
        if (done) return;
        done = true;
        stream.destroy();
        reject(refusal);
      };
      stream.on('data', (chunk: Buffer) => {
        if (done) return;
        size += chunk.length;
        pkg.inflated += chunk.length;
        if (size > EXCHANGE_LIMITS.unpackedBytes || pkg.inflated > EXCHANGE_LIMITS.unpackedBytes)
          return fail(new RefusedFile(QTI_MESSAGES.tooLarge));
        chunks.push(chunk);
      });
      stream.on('error', (streamError: Error) =>
        fail(
          new RefusedFile(
            /too many bytes/.test(streamError.message) ? QTI_MESSAGES.sizeLies(name) : QTI_MESSAGES.damaged,
          ),
        ),
      );
      stream.on('end', () => {
        if (done) return;
        done = true;
        resolve(Buffer.concat(chunks));
      });
    });
  });
}

/** XML bytes as text: UTF-8 unless a byte order mark says UTF-16. */
function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/**
 * A reference in the package resolved against a folder (`''` for the package's root), or null when it leaves the
 * package: it climbs above the root, starts at the root, or uses a backslash or a drive letter.
 */
function resolvePath(folder: string, href: string): string | null {
  let path = href.split('#')[0].split('?')[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray `%` is a character of the name.
  }
  if (path.startsWith('/') || path.includes('\\') || path.includes('\0') || /^[A-Za-z]:/.test(path)) return null;
  const parts = folder === '' ? [] : folder.split('/').filter((p) => p !== '');
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join('/');
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const isExternal = (href: string) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(href) || href.startsWith('//');

// ---------------------------------------------------------------------------------------------------------------
// The manifest.

interface Metadata {
  categories: string[];
  focusAreas: string[];
  grade: number | null;
  source: string;
  notes: string[];
}

interface ItemResource {
  /** The item's file as the manifest writes it, for messages. */
  href: string;
  /** Resolved in the package; null when it leaves it. */
  path: string | null;
  qti2: boolean;
  /** Every file the manifest lists for the item: its own, and those of the resources it depends on. */
  listed: Set<string>;
  metadata: Metadata;
}

/** Every element under `element` (itself included) named `name`, in document order. */
function descendantsNamed(element: XmlElement, name: string, found: XmlElement[] = []): XmlElement[] {
  if (localName(element.name) === name) found.push(element);
  for (const child of element.children) if (typeof child !== 'string') descendantsNamed(child, name, found);
  return found;
}

const attr = (element: XmlElement, name: string) => decodeRefs(element.attrs[name] ?? '');

/** The resource's LOM keywords, read by the prefixes the academy writes; others are focus areas. */
function readMetadata(resource: XmlElement): Metadata {
  const metadata: Metadata = { categories: [], focusAreas: [], grade: null, source: '', notes: [] };
  const block = childNamed(resource, 'metadata');
  if (!block) return metadata;
  for (const keyword of descendantsNamed(block, 'keyword')) {
    const strings = childrenNamed(keyword, 'string');
    for (const value of (strings.length > 0 ? strings : [keyword]).map((s) => decodeRefs(textOf(s)).trim())) {
      const match = /^(category|focus|grade|source)\s*:\s*([\s\S]*)$/i.exec(value);
      if (!match) {
        // Other platforms often write several keywords in one string.
        metadata.focusAreas.push(
          ...value
            .split(/[,;]/)
            .map((v) => v.trim())
            .filter((v) => v !== ''),
        );
        continue;
      }
      const [, prefix, rest] = match;
      const text = rest.trim();
      if (text === '') continue;
      switch (prefix.toLowerCase()) {
        case 'category':
          metadata.categories.push(text);
          break;
        case 'focus':
          metadata.focusAreas.push(text);
          break;
        case 'source':
          metadata.source = text;
          break;
        default: {
          const grade = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
          if (grade >= 1 && grade <= 12) metadata.grade = grade;
          else metadata.notes.push(QTI_NOTES.grade(text));
        }
      }
    }
  }
  return metadata;
}

function readManifest(root: XmlElement | undefined): ItemResource[] {
  if (!root || localName(root.name) !== 'manifest') throw new RefusedFile(QTI_MESSAGES.notManifest);
  const block = childNamed(root, 'resources');
  if (!block) return [];
  const resources = childrenNamed(block, 'resource');
  const shared = resolvePath('', attr(block, 'xml:base'));
  const baseOf = (resource: XmlElement) => (shared === null ? null : resolvePath(shared, attr(resource, 'xml:base')));
  // A resource's own files: its href and each <file href>, resolved under its base; those leaving the package are
  // never read.
  const filesOf = (resource: XmlElement): string[] => {
    const base = baseOf(resource);
    if (base === null) return [];
    return [attr(resource, 'href'), ...childrenNamed(resource, 'file').map((f) => attr(f, 'href'))]
      .filter((href) => href !== '' && !isExternal(href))
      .map((href) => resolvePath(base, href))
      .filter((path): path is string => path !== null);
  };
  const byId = new Map(resources.map((r) => [attr(r, 'identifier'), r]));
  const items: ItemResource[] = [];
  for (const resource of resources) {
    const type = attr(resource, 'type').trim().toLowerCase();
    const qti2 = /^imsqti_item_xmlv2p[0-2]$/.test(type);
    if (type !== ITEM_TYPE && !qti2) continue;
    const href = attr(resource, 'href');
    const base = baseOf(resource);
    const path = base === null || href === '' || isExternal(href) ? null : resolvePath(base, href);
    const listed = new Set(filesOf(resource));
    for (const dependency of childrenNamed(resource, 'dependency')) {
      const other = byId.get(attr(dependency, 'identifierref'));
      if (other) for (const file of filesOf(other)) listed.add(file);
    }
    items.push({ href, path, qti2, listed, metadata: readMetadata(resource) });
  }
  return items;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading.

/** A reason the question cannot come in, thrown from anywhere in its conversion. */
class NotReadable extends Error {}

/**
 * Reads a QTI 3.0 package into questions, one ReadItem per item the manifest lists. Throws a RefusedFile for a file
 * that is not such a package or that is hostile (an unsafe path, too many files, too much to unpack).
 */
export async function readQtiPackage(bytes: Buffer): Promise<ReadItem[]> {
  const zip = await openZip(bytes);
  try {
    if (zip.entryCount > EXCHANGE_LIMITS.packageEntries) throw new RefusedFile(QTI_MESSAGES.tooManyEntries);
    const pkg: Package = { zip, entries: await listEntries(zip), inflated: 0 };
    if (!pkg.entries.has(MANIFEST)) throw new RefusedFile(QTI_MESSAGES.noManifest);
    const items = readManifest(parseXml(decodeText(await readFile(pkg, MANIFEST)))[0]);
    if (items.length === 0) throw new RefusedFile(QTI_MESSAGES.noItems);
    if (items.length > EXCHANGE_LIMITS.questions) throw new RefusedFile(QTI_MESSAGES.tooManyItems);
    const read: ReadItem[] = [];
    for (const item of items) read.push(await readItem(pkg, item));
    return read;
  } finally {
    zip.close();
  }
}

async function readItem(pkg: Package, resource: ItemResource): Promise<ReadItem> {
  const title = resource.href;
  if (resource.qti2) return { title, reason: QTI_REASONS.qti2 };
  if (resource.path === null) return { title, reason: QTI_REASONS.outside(resource.href) };
  if (!pkg.entries.has(resource.path)) return { title, reason: QTI_REASONS.itemMissing(resource.href) };
  const text = decodeText(await readFile(pkg, resource.path));
  let root: XmlElement | undefined;
  try {
    root = parseXml(text)[0];
  } catch (error) {
    // One broken item costs that question only; the package's own structure was read already.
    if (error instanceof RefusedFile) return { title, reason: error.message };
    throw error;
  }
  const itemTitle = root ? attr(root, 'title').replace(/\s+/g, ' ').trim() : '';
  let converted: Converted;
  try {
    converted = convertItem(root, resource, (path) => pkg.entries.has(path));
  } catch (error) {
    if (error instanceof NotReadable) return { title: itemTitle || title, reason: error.message };
    if (error instanceof UnsupportedMath) return { title: itemTitle || title, reason: QTI_REASONS.math(error.element) };
    throw error;
  }
  const images: Record<string, Buffer> = {};
  for (const [key, path] of converted.images) images[key] = await readFile(pkg, path);
  const notes = [...resource.metadata.notes, ...converted.notes];
  return {
    title: itemTitle,
    question: { ...converted.question, images },
    ...(notes.length > 0 ? { notes } : {}),
  };
}

interface Converted {
  question: Omit<ExchangeQuestion, 'images'>;
  /** Image key to its path in the package. */
  images: Map<string, string>;
  notes: string[];
}

const INTERACTION = /^qti-[a-z-]*interaction$/;
const UNSUPPORTED_INTERACTIONS: Record<string, string> = {
  'qti-extended-text-interaction': QTI_REASONS.essay,
  'qti-match-interaction': QTI_REASONS.matching,
  'qti-associate-interaction': QTI_REASONS.matching,
  'qti-gap-match-interaction': QTI_REASONS.matching,
  'qti-graphic-gap-match-interaction': QTI_REASONS.matching,
  'qti-graphic-associate-interaction': QTI_REASONS.matching,
  'qti-order-interaction': QTI_REASONS.ordering,
  'qti-graphic-order-interaction': QTI_REASONS.ordering,
};
const CHOICE = 'qti-choice-interaction';
const TEXT_ENTRY = 'qti-text-entry-interaction';
const END_ATTEMPT = 'qti-end-attempt-interaction';
const ATTACHMENTS_CLASS = 'academy-attachments';

const classes = (element: XmlElement) => attr(element, 'class').split(/\s+/);

/** What one walk of the item body finds: its interactions, its feedback blocks and its attachments. */
interface Found {
  interactions: XmlElement[];
  feedback: XmlElement[];
  attachments: XmlElement | null;
}

function scan(element: XmlElement, found: Found): Found {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    const name = localName(child.name);
    if (INTERACTION.test(name)) found.interactions.push(child);
    else if (name === 'qti-feedback-block' || name === 'qti-feedback-inline') found.feedback.push(child);
    else if (name === 'math') continue;
    else if (name === 'div' && classes(child).includes(ATTACHMENTS_CLASS)) found.attachments ??= child;
    else scan(child, found);
  }
  return found;
}

interface Tolerance {
  mode: string;
  values: number[];
}

/** What the response processing says of each response: the tolerance it is compared with, and case ignored. */
function readProcessing(root: XmlElement) {
  const tolerances = new Map<string, Tolerance>();
  const caseless = new Set<string>();
  const processing = childNamed(root, 'qti-response-processing');
  const variableOf = (element: XmlElement) => {
    const variable = childrenNamed(element, 'qti-variable')[0];
    return variable ? attr(variable, 'identifier') : '';
  };
  const walk = (element: XmlElement) => {
    const name = localName(element.name);
    if (name === 'qti-equal' && element.attrs['tolerance-mode']) {
      const id = variableOf(element);
      const values = attr(element, 'tolerance').trim().split(/\s+/).map(Number);
      if (id && !tolerances.has(id) && values.every(Number.isFinite))
        tolerances.set(id, { mode: attr(element, 'tolerance-mode'), values });
    } else if (name === 'qti-string-match' && attr(element, 'case-sensitive') === 'false') {
      const id = variableOf(element);
      if (id) caseless.add(id);
    }
    for (const child of element.children) if (typeof child !== 'string') walk(child);
  };
  if (processing) walk(processing);
  return { tolerances, caseless };
}

/** A response's accepted values: its correct response, then its mapping's entries worth the most. */
interface Accepted {
  values: string[];
  /** Whether each mapped value ignores letter case, by value. */
  caseless: Map<string, boolean>;
  partial: string[];
}

function readAccepted(declaration: XmlElement, most: 'best' | 'positive'): Accepted {
  const correct = childNamed(declaration, 'qti-correct-response');
  const values = correct ? childrenNamed(correct, 'qti-value').map((v) => decodeRefs(textOf(v)).trim()) : [];
  const caseless = new Map<string, boolean>();
  const partial: string[] = [];
  const mapping = childNamed(declaration, 'qti-mapping');
  if (mapping) {
    const entries = childrenNamed(mapping, 'qti-map-entry').map((entry) => ({
      key: attr(entry, 'map-key').trim(),
      value: Number(attr(entry, 'mapped-value')),
      caseless: attr(entry, 'case-sensitive') === 'false',
    }));
    const best = Math.max(0, ...entries.map((e) => (Number.isFinite(e.value) ? e.value : 0)));
    for (const entry of entries) {
      if (entry.key === '' || !(entry.value > 0)) continue;
      if (entry.value === best || most === 'positive') {
        values.push(entry.key);
        caseless.set(entry.key, entry.caseless);
      } else partial.push(entry.key);
    }
  }
  const unique = [...new Set(values.filter((v) => v !== ''))];
  return { values: unique, caseless, partial: partial.filter((p) => !unique.includes(p)) };
}

const byKind = (a: AnswerForm, b: AnswerForm) => ANSWER_FORM_KINDS.indexOf(a.kind) - ANSWER_FORM_KINDS.indexOf(b.kind);

function convertItem(
  root: XmlElement | undefined,
  resource: ItemResource,
  present: (path: string) => boolean,
): Converted {
  const rootName = root ? localName(root.name) : '';
  if (!root || rootName === 'assessmentItem') throw new NotReadable(root ? QTI_REASONS.qti2 : QTI_REASONS.notItem);
  if (rootName !== 'qti-assessment-item') throw new NotReadable(QTI_REASONS.notItem);
  if (childNamed(root, 'qti-template-declaration') || childNamed(root, 'qti-template-processing'))
    throw new NotReadable(QTI_REASONS.templates);
  if (childNamed(root, 'qti-assessment-stimulus-ref')) throw new NotReadable(QTI_REASONS.stimulus);

  const body = childNamed(root, 'qti-item-body');
  if (!body) throw new NotReadable(QTI_REASONS.noInteraction);
  const found = scan(body, { interactions: [], feedback: [], attachments: null });
  const asked = found.interactions.filter((i) => localName(i.name) !== END_ATTEMPT);
  for (const interaction of asked) {
    const name = localName(interaction.name);
    if (name !== CHOICE && name !== TEXT_ENTRY)
      throw new NotReadable(UNSUPPORTED_INTERACTIONS[name] ?? QTI_REASONS.interaction(name));
  }
  const kinds = new Set(asked.map((i) => localName(i.name)));
  if (kinds.size === 0) throw new NotReadable(QTI_REASONS.noInteraction);
  if (kinds.size > 1) throw new NotReadable(QTI_REASONS.mixed);

  const declarations = new Map(
    childrenNamed(root, 'qti-response-declaration').map((d) => [attr(d, 'identifier'), d] as const),
  );
  const declarationOf = (interaction: XmlElement) => {
    const declaration = declarations.get(attr(interaction, 'response-identifier'));
    if (!declaration) throw new NotReadable(QTI_REASONS.noCorrect);
    return declaration;
  };
  const notes: string[] = [];
  const itemPath = resource.path ?? '';
  const writer = new HtmlWriter(itemPath, resource.listed, present);

  let type: QuestionType;
  let options: Record<string, string> = {};
  let answer: ExchangeQuestion['answer'];
  let answerForms: AnswerForm[][];
  if (kinds.has(CHOICE)) {
    if (asked.length > 1) throw new NotReadable(QTI_REASONS.severalChoices);
    const interaction = asked[0];
    const declaration = declarationOf(interaction);
    const single = attr(declaration, 'cardinality') !== 'multiple' && attr(declaration, 'cardinality') !== 'ordered';
    const choices = childrenNamed(interaction, 'qti-simple-choice');
    if (choices.length > MAX_OPTIONS) throw new NotReadable(QTI_REASONS.tooManyOptions(choices.length));
    const letters = new Map(choices.map((c, i) => [attr(c, 'identifier'), optionLetter(i)]));
    const accepted = readAccepted(declaration, single ? 'best' : 'positive');
    if (accepted.values.length === 0) throw new NotReadable(QTI_REASONS.noCorrect);
    const correct = accepted.values.map((id) => {
      const letter = letters.get(id);
      if (letter === undefined) throw new NotReadable(QTI_REASONS.unknownChoice(id));
      return letter;
    });
    for (const id of accepted.partial) notes.push(QTI_NOTES.partCredit(letters.get(id) ?? id));
    const maxChoices = Number(attr(interaction, 'max-choices') || '1');
    if (correct.length === 1 && maxChoices !== 1) notes.push(QTI_NOTES.chooseOne);
    if (correct.length > 1 && maxChoices === 1) notes.push(QTI_NOTES.chooseSeveral);
    type = 'Multiple Choice';
    options = Object.fromEntries(choices.map((c, i) => [optionLetter(i), writer.option(c)]));
    answer = { a1: [...new Set(correct)].sort() };
    answerForms = [];
  } else {
    const { tolerances, caseless } = readProcessing(root);
    // Blanks are numbered in the order their responses are declared, which is the order the academy writes them.
    const ids = [...new Set(asked.map((i) => attr(i, 'response-identifier')))];
    const position = new Map([...declarations.keys()].map((id, i) => [id, i]));
    ids.sort((a, b) => (position.get(a) ?? Infinity) - (position.get(b) ?? Infinity));
    const blanks = ids.map((id) => {
      const declaration = declarations.get(id);
      if (!declaration) throw new NotReadable(QTI_REASONS.noCorrect);
      return readBlank(declaration, tolerances.get(id), caseless.has(id), notes);
    });
    const marked = classes(asked[0]);
    if (asked.length > 1 || marked.includes('academy-blank')) {
      type = 'Fill in the Blank';
      writer.blanks = new Map(ids.map((id, i) => [id, i + 1]));
    } else if (marked.includes('academy-short-answer')) type = 'Short Answer';
    else if (marked.includes('academy-calculation') || blanks[0].numeric) type = 'Calculation';
    else type = 'Short Answer';
    answer =
      answerKindOf(type) === 'blanks'
        ? blanks.map((b) => b.values)
        : answerKindOf(type) === 'number'
          ? { a1: blanks[0].values }
          : [blanks[0].values];
    answerForms = blanks.map((b) => b.forms);
  }

  const questionText = writer.html(body.children, true);
  const attachments = found.attachments
    ? descendantsNamed(found.attachments, 'img').map((img) => writer.imageKey(attr(img, 'src')))
    : [];

  let solution = '';
  const hints: string[] = [];
  const others: string[] = [];
  for (const feedback of [...found.feedback, ...childrenNamed(root, 'qti-modal-feedback')]) {
    const id = attr(feedback, 'identifier');
    const content = childNamed(feedback, 'qti-content-body') ?? feedback;
    if (id.toUpperCase() === 'SOLUTION') solution += writer.html(content.children, true);
    else if (id.toUpperCase() === 'HINT') hints.push(plainText(content.children));
    else others.push(id);
  }
  if (others.length > 0) notes.push(QTI_NOTES.feedback(others));
  if (writer.rubric) notes.push(QTI_NOTES.rubric);

  return {
    question: {
      title: attr(root, 'title').replace(/\s+/g, ' ').trim(),
      type,
      questionText,
      options,
      answer,
      answerForms,
      solution,
      hint: hints.filter((h) => h !== '').join('\n'),
      grade: resource.metadata.grade,
      categories: resource.metadata.categories,
      focusAreas: resource.metadata.focusAreas,
      source: resource.metadata.source,
      attachments,
    },
    images: writer.images,
    notes,
  };
}

const NUMERIC_TYPES = new Set(['float', 'integer']);

function readBlank(
  declaration: XmlElement,
  tolerance: Tolerance | undefined,
  caselessMatch: boolean,
  notes: string[],
): { values: string[]; forms: AnswerForm[]; numeric: boolean } {
  const baseType = attr(declaration, 'base-type') || 'string';
  if (baseType !== 'string' && !NUMERIC_TYPES.has(baseType)) throw new NotReadable(QTI_REASONS.answerType(baseType));
  const cardinality = attr(declaration, 'cardinality') || 'single';
  if (cardinality !== 'single') throw new NotReadable(QTI_REASONS.severalAnswers);
  const accepted = readAccepted(declaration, 'best');
  if (accepted.values.length === 0) throw new NotReadable(QTI_REASONS.noCorrect);
  for (const value of accepted.partial) notes.push(QTI_NOTES.partCredit(value));
  const forms: AnswerForm[] = [];
  const flags = [...accepted.caseless.values()];
  if (caselessMatch || flags.some((f) => f)) {
    forms.push({ kind: 'anyCase' });
    if (!caselessMatch && flags.some((f) => !f)) notes.push(QTI_NOTES.mixedCase);
  }
  const numeric = NUMERIC_TYPES.has(baseType);
  if (numeric && tolerance && (tolerance.mode === 'absolute' || tolerance.mode === 'relative')) {
    const widest = Math.max(...tolerance.values.map(Math.abs));
    if (tolerance.values.length > 1 && tolerance.values[0] !== tolerance.values[1])
      notes.push(QTI_NOTES.unevenTolerance(widest));
    let margin = widest;
    // A tolerance relative to the answer is a margin around it, since the answer is fixed.
    if (tolerance.mode === 'relative')
      margin = Number(((Math.abs(Number(accepted.values[0])) * widest) / 100).toPrecision(12));
    if (margin > 0 && Number.isFinite(margin)) {
      forms.push({ kind: 'margin', margin });
      if (tolerance.mode === 'relative') notes.push(QTI_NOTES.relativeTolerance(String(widest), margin));
    }
  }
  return { values: accepted.values, forms: forms.sort(byKind), numeric };
}

/** Plain text of feedback, for the hint: line breaks and blocks as new lines, layout whitespace collapsed. */
function plainText(nodes: XmlNode[]): string {
  const parts: string[] = [];
  const walk = (list: XmlNode[]) => {
    for (const node of list) {
      if (typeof node === 'string') {
        parts.push(decodeRefs(node).replace(/[ \t]*[\r\n][\s]*/g, ' '));
        continue;
      }
      const name = localName(node.name).toLowerCase();
      if (name === 'br') parts.push('\n');
      else if (name === 'math') parts.push(mathText(node));
      else if (BLOCKS.has(name)) {
        parts.push('\n');
        walk(node.children);
        parts.push('\n');
      } else walk(node.children);
    }
  };
  walk(nodes);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

function mathText(math: XmlElement): string {
  const latex = mathmlToLatex(math);
  if (latex === '') return '';
  return isDisplayMath(math) ? `$$${latex}$$` : `$${latex}$`;
}

/** HTML's elements without content: written `<br />`, as the academy's sanitizer writes them. */
const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);
/** Elements that start a block: whitespace next to them is the file's layout, not text. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'qti-item-body',
  'qti-content-body',
  'qti-prompt',
  'qti-simple-choice',
  'qti-choice-interaction',
  'qti-feedback-block',
  'qti-rubric-block',
  'qti-modal-feedback',
]);
const INLINE_QTI = new Set([TEXT_ENTRY, 'qti-feedback-inline', END_ATTEMPT]);
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|svg)$/i;

const isLayoutNeighbor = (node: XmlNode | undefined) => {
  if (node === undefined || typeof node === 'string') return false;
  const name = localName(node.name).toLowerCase();
  return BLOCKS.has(name) || (name.startsWith('qti-') && !INLINE_QTI.has(name));
};

/** Text as the academy stores it: escaped as its sanitizer escapes, a dollar written `\$` outside code. */
function htmlText(text: string, code: boolean): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return code ? escaped : escaped.replace(/\$/g, '\\$');
}
const htmlAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The item body's XHTML as the academy's HTML: math as dollars, images by key, interactions taken out. */
class HtmlWriter {
  /** For Fill in the Blank: each text entry's response and its blank number. */
  blanks: Map<string, number> | null = null;
  images = new Map<string, string>();
  rubric = false;
  private keyOf = new Map<string, string>();

  constructor(
    private readonly itemPath: string,
    private readonly listed: Set<string>,
    private readonly present: (path: string) => boolean,
  ) {}

  /** The key of an image the item shows, its file found in the package; a reason when it is not there. */
  imageKey(src: string): string {
    const href = src.trim();
    if (href === '' || isExternal(href)) throw new NotReadable(QTI_REASONS.imageMissing(href));
    const path = resolvePath(folderOf(this.itemPath), href);
    if (path === null) throw new NotReadable(QTI_REASONS.outside(href));
    if (!this.present(path)) throw new NotReadable(QTI_REASONS.imageMissing(href));
    if (!this.listed.has(path)) throw new NotReadable(QTI_REASONS.imageUnlisted(href));
    const known = this.keyOf.get(path);
    if (known !== undefined) return known;
    // The file's name is its key (the academy writes its images under their keys); two of one name keep their paths.
    const name = path.slice(path.lastIndexOf('/') + 1);
    const key = this.images.has(name) ? path : name;
    this.keyOf.set(path, key);
    this.images.set(key, path);
    return key;
  }

  /** A choice's content as an option, as written: options are inline text as often as paragraphs. */
  option(choice: XmlElement): string {
    return this.html(choice.children, true).trim();
  }

  /**
   * The nodes as HTML. `container` says they fill a block (body, paragraph, cell): whitespace at its edges and next
   * to blocks is the file's indentation, and is dropped.
   */
  html(nodes: XmlNode[], container: boolean, code = false): string {
    return this.convert(nodes, container, code).html;
  }

  private convert(nodes: XmlNode[], container: boolean, code: boolean): { html: string; removed: boolean } {
    let html = '';
    let removed = false;
    nodes.forEach((node, i) => {
      if (typeof node === 'string') {
        const layout =
          node.trim() === '' &&
          !code &&
          ((container && (i === 0 || i === nodes.length - 1)) ||
            isLayoutNeighbor(nodes[i - 1]) ||
            isLayoutNeighbor(nodes[i + 1]));
        if (!layout) html += htmlText(decodeRefs(node), code);
        return;
      }
      const converted = this.element(node, code);
      if (converted === null) removed = true;
      else html += converted;
    });
    return { html, removed };
  }

  private attributes(element: XmlElement, replace: Record<string, string> = {}): string {
    let out = '';
    for (const [name, value] of Object.entries(element.attrs)) {
      if (name === 'xmlns' || name.startsWith('xmlns:') || name.startsWith('xml:') || name.startsWith('xsi:')) continue;
      out += ` ${name}="${htmlAttr(name in replace ? replace[name] : decodeRefs(value))}"`;
    }
    return out;
  }

  /** One element as HTML, or null when it is taken out (an interaction, feedback, the attachments). */
  private element(element: XmlElement, code: boolean): string | null {
    const name = localName(element.name).toLowerCase();
    switch (name) {
      case 'math':
        return htmlText(mathText(element), true);
      case TEXT_ENTRY: {
        const blank = this.blanks?.get(attr(element, 'response-identifier'));
        return blank === undefined ? null : `___${blank}___`;
      }
      case CHOICE: {
        const prompt = childNamed(element, 'qti-prompt');
        if (!prompt) return null;
        const html = this.html(prompt.children, true);
        const blocks = prompt.children.some(
          (n) => typeof n !== 'string' && BLOCKS.has(localName(n.name).toLowerCase()),
        );
        return html.trim() === '' ? null : blocks ? html : `<p>${html}</p>`;
      }
      case END_ATTEMPT:
      case 'qti-feedback-block':
      case 'qti-feedback-inline':
      case 'script':
      case 'style':
        return null;
      case 'qti-rubric-block':
        this.rubric = true;
        return null;
      case 'qti-prompt':
        return this.html(element.children, true, code);
      case 'img':
        return `<img${this.attributes(element, { src: this.imageKey(attr(element, 'src')) })} />`;
      case 'object': {
        const data = attr(element, 'data');
        if (!attr(element, 'type').startsWith('image/') && !IMAGE_FILE.test(data.split(/[?#]/)[0]))
          throw new NotReadable(QTI_REASONS.embedded(data));
        const alt = decodeRefs(textOf(element)).replace(/\s+/g, ' ').trim();
        return `<img src="${htmlAttr(this.imageKey(data))}" alt="${htmlAttr(alt)}" />`;
      }
      case 'audio':
      case 'video':
        throw new NotReadable(QTI_REASONS.media);
      case 'qti-printed-variable':
      case 'qti-template-inline':
      case 'qti-template-block':
        throw new NotReadable(QTI_REASONS.templates);
    }
    if (name === 'div' && classes(element).includes(ATTACHMENTS_CLASS)) return null;
    if (name.startsWith('qti-')) throw new NotReadable(QTI_REASONS.interaction(name));
    if (VOID.has(name)) return `<${name}${this.attributes(element)} />`;
    const inner = this.convert(element.children, BLOCKS.has(name), code || name === 'pre' || name === 'code');
    // A paragraph that held only what was taken out (the answer box, the hint button) goes with it.
    if (inner.removed && inner.html.trim() === '') return null;
    return `<${name}${this.attributes(element)}>${inner.html}</${name}>`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Writing.

/**
 * The questions as a QTI 3.0 package: the manifest, one item per question and the images they show. What QTI cannot
 * carry is named in `lost`, one sentence per question and loss.
 */
export async function writeQtiPackage(questions: ExchangeQuestion[]): Promise<WrittenFile> {
  const lost: string[] = [];
  const files = new Map<string, Buffer>();
  const items: { href: string; xml: string }[] = [];
  const resources: string[] = [];
  questions.forEach((question, index) => {
    const n = index + 1;
    const id = `item-${n}`;
    const href = `${id}.xml`;
    const say = (loss: string) => lost.push(`Question ${n}${question.title ? ` (${question.title})` : ''}: ${loss}.`);
    const used = new Map<string, string>();
    const missing = new Set<string>();
    const pathOf = (key: string): string | null => {
      const known = used.get(key);
      if (known !== undefined) return known;
      const bytes = question.images[key];
      if (!bytes) {
        if (!missing.has(key)) say(`the image ${key} is missing; left out`);
        missing.add(key);
        return null;
      }
      const path = imagePath(key, n, bytes, files);
      used.set(key, path);
      return path;
    };
    items.push({ href, xml: itemXml(question, id, n, pathOf, say) });
    resources.push(resourceXml(question, id, href, [...used.values()]));
  });

  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(manifestXml(resources), 'utf8'), MANIFEST);
  for (const item of items) zip.addBuffer(Buffer.from(item.xml, 'utf8'), item.href);
  // Images are compressed already.
  for (const [path, bytes] of files) zip.addBuffer(bytes, path, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), lost };
}

/**
 * Where an image goes in the package: `images/<key>`, so its name is its key when read back; an image of another
 * question with the same name but other bytes goes under the question's number.
 */
function imagePath(key: string, question: number, bytes: Buffer, files: Map<string, Buffer>): string {
  const safe = key.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '') || 'image';
  for (const path of [`images/${safe}`, `images/${question}/${safe}`]) {
    const held = files.get(path);
    if (held === undefined) files.set(path, bytes);
    if (held === undefined || held.equals(bytes)) return path;
  }
  let i = 2;
  while (files.has(`images/${question}/${i}-${safe}`)) i++;
  const path = `images/${question}/${i}-${safe}`;
  files.set(path, bytes);
  return path;
}

function manifestXml(resources: string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<manifest xmlns="${CP_NAMESPACE}" xmlns:lom="${LOM_NAMESPACE}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    `xsi:schemaLocation="${CP_NAMESPACE} ${CP_SCHEMA} ${LOM_NAMESPACE} ${LOM_SCHEMA}" identifier="MANIFEST-ACADEMY">\n` +
    '<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>\n' +
    '<organizations/>\n' +
    `<resources>\n${resources.join('\n')}\n</resources>\n` +
    '</manifest>\n'
  );
}

function resourceXml(question: ExchangeQuestion, id: string, href: string, images: string[]): string {
  const keywords = [
    ...question.categories.map((c) => `category:${c}`),
    ...question.focusAreas.map((f) => `focus:${f}`),
    ...(question.grade === null ? [] : [`grade:${question.grade}`]),
    ...(question.source.trim() === '' ? [] : [`source:${question.source}`]),
  ];
  const title = question.title
    ? `<lom:title><lom:string>${xmlText(clean(question.title))}</lom:string></lom:title>`
    : '';
  const general = keywords
    .map((k) => `<lom:keyword><lom:string>${xmlText(clean(k))}</lom:string></lom:keyword>`)
    .join('');
  const metadata =
    title || general ? `<metadata><lom:lom><lom:general>${title}${general}</lom:general></lom:lom></metadata>` : '';
  const files = [href, ...images].map((f) => `<file href="${xmlAttr(f)}"/>`).join('');
  return `<resource identifier="${id}" type="${ITEM_TYPE}" href="${xmlAttr(href)}">${metadata}${files}</resource>`;
}

// XML 1.0 has no place for most control characters nor for a lone surrogate.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const clean = (text: string) => text.replace(NOT_XML, '');

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

interface Blank {
  id: string;
  accepted: string[];
  forms: AnswerForm[];
}

function itemXml(
  question: ExchangeQuestion,
  id: string,
  n: number,
  pathOf: (key: string) => string | null,
  say: (loss: string) => void,
): string {
  const xhtml = (html: string, blanks?: Map<number, string>) => toXhtml(html, { pathOf, say, blanks });
  const declarations: string[] = [];
  const scoring: string[] = [];
  let body: string;
  let maxScore = 1;
  const hasHint = question.hint.trim() !== '';
  const hasSolution = question.solution.trim() !== '';

  if (answerKindOf(question.type) === 'choice') {
    const letters = Object.keys(question.options).sort();
    const correct = 'a1' in question.answer ? question.answer.a1 : question.answer.flat();
    const several = correct.length > 1;
    declarations.push(
      `<qti-response-declaration identifier="RESPONSE" cardinality="${several ? 'multiple' : 'single'}" base-type="identifier">` +
        `<qti-correct-response>${correct.map((c) => `<qti-value>${xmlText(c)}</qti-value>`).join('')}</qti-correct-response>` +
        '</qti-response-declaration>',
    );
    const choices = letters
      .map((l) => `<qti-simple-choice identifier="${xmlAttr(l)}">${xhtml(question.options[l])}</qti-simple-choice>`)
      .join('');
    body =
      xhtml(question.questionText) +
      `<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="${several ? 0 : 1}">${choices}</qti-choice-interaction>`;
    scoring.push(
      '<qti-response-condition><qti-response-if><qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>' +
        '<qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value>' +
        '</qti-response-if></qti-response-condition>',
    );
  } else {
    const lists = Array.isArray(question.answer) ? question.answer : [question.answer.a1];
    const fill = answerKindOf(question.type) === 'blanks';
    const blanks: Blank[] = (fill ? lists : lists.slice(0, 1)).map((accepted, i) => ({
      id: fill ? `RESPONSE_${i + 1}` : 'RESPONSE',
      accepted,
      forms: question.answerForms[i] ?? [],
    }));
    for (const [i, blank] of blanks.entries()) {
      const written = blankXml(blank, question.type, fill ? i + 1 : null, say);
      declarations.push(written.declaration);
      scoring.push(written.scoring);
    }
    maxScore = blanks.length;
    if (fill) {
      body = xhtml(question.questionText, new Map(blanks.map((b, i) => [i + 1, b.id])));
    } else {
      const kind = answerKindOf(question.type) === 'number' ? 'academy-calculation' : 'academy-short-answer';
      body =
        xhtml(question.questionText) +
        `<p><qti-text-entry-interaction response-identifier="RESPONSE" class="${kind}"/></p>`;
    }
  }

  const attachments = question.attachments
    .map((key) => pathOf(key))
    .filter((path): path is string => path !== null)
    .map((path) => `<img src="${xmlAttr(path)}" alt=""/>`)
    .join('');
  if (attachments) body += `<div class="${ATTACHMENTS_CLASS}">${attachments}</div>`;
  if (hasHint) {
    declarations.push('<qti-response-declaration identifier="HINTREQUEST" cardinality="single" base-type="boolean"/>');
    body += '<p><qti-end-attempt-interaction response-identifier="HINTREQUEST" title="Show hint"/></p>';
  }

  const showSolution = hasSolution ? [feedbackValue('SOLUTION')] : [];
  const rules = hasHint
    ? '<qti-response-condition><qti-response-if><qti-variable identifier="HINTREQUEST"/>' +
      feedbackValue('HINT') +
      `</qti-response-if><qti-response-else>${[...scoring, ...showSolution].join('')}</qti-response-else></qti-response-condition>`
    : [...scoring, ...showSolution].join('');
  const feedback = [
    hasHint
      ? `<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="HINT" show-hide="show" title="Hint"><qti-content-body><p>${question.hint
          .split(/\r?\n/)
          .map((line) => xmlText(clean(line)))
          .join('<br/>')}</p></qti-content-body></qti-modal-feedback>`
      : '',
    hasSolution
      ? `<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="SOLUTION" show-hide="show" title="Solution"><qti-content-body>${xhtml(question.solution)}</qti-content-body></qti-modal-feedback>`
      : '',
  ].join('');

  const title = clean(question.title.replace(/\s+/g, ' ').trim()) || `Question ${n}`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<qti-assessment-item xmlns="${QTI_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${QTI_NAMESPACE} ${QTI_SCHEMA}" identifier="${id}" title="${xmlAttr(title)}" ` +
    'adaptive="false" time-dependent="false" xml:lang="en-US">' +
    declarations.join('') +
    `<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" normal-maximum="${maxScore}"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>` +
    `<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${maxScore}</qti-value></qti-default-value></qti-outcome-declaration>` +
    '<qti-outcome-declaration identifier="FEEDBACK" cardinality="multiple" base-type="identifier"/>' +
    `<qti-item-body>${body}</qti-item-body>` +
    `<qti-response-processing>${rules}</qti-response-processing>` +
    feedback +
    '</qti-assessment-item>\n'
  );
}

const feedbackValue = (id: string) =>
  `<qti-set-outcome-value identifier="FEEDBACK"><qti-multiple><qti-base-value base-type="identifier">${id}</qti-base-value></qti-multiple></qti-set-outcome-value>`;

/** One typed answer's declaration and its scoring: a point for any accepted answer, within its margin if it has one. */
function blankXml(
  blank: Blank,
  type: QuestionType,
  number: number | null,
  say: (loss: string) => void,
): { declaration: string; scoring: string } {
  const numeric = blank.accepted.length > 0 && blank.accepted.every((a) => NUMBER.test(a.trim()));
  const margin = blank.forms.find((f): f is Extract<AnswerForm, { kind: 'margin' }> => f.kind === 'margin');
  const float = numeric && (answerKindOf(type) !== 'text' || margin !== undefined);
  const anyCase = blank.forms.some((f) => f.kind === 'anyCase');
  const of = number === null ? '' : ` of blank ${number}`;
  for (const form of blank.forms) {
    if (form.kind === 'anyCase' || (form.kind === 'margin' && float)) continue;
    say(
      form.kind === 'margin'
        ? `the answer form '${formLabel(form)}'${of} needs numbers for answers; left out`
        : `the answer form '${formLabel(form)}'${of} cannot be written in QTI; left out`,
    );
  }
  const values = blank.accepted.map((a) => clean(a));
  const declaration =
    `<qti-response-declaration identifier="${blank.id}" cardinality="single" base-type="${float ? 'float' : 'string'}">` +
    `<qti-correct-response><qti-value>${xmlText(values[0] ?? '')}</qti-value></qti-correct-response>` +
    `<qti-mapping default-value="0">${values
      .map(
        (v) =>
          `<qti-map-entry map-key="${xmlAttr(v)}" mapped-value="1" case-sensitive="${anyCase ? 'false' : 'true'}"/>`,
      )
      .join('')}</qti-mapping>` +
    '</qti-response-declaration>';
  const point = (value: string) =>
    `<qti-set-outcome-value identifier="SCORE"><qti-sum><qti-variable identifier="SCORE"/>${value}</qti-sum></qti-set-outcome-value>`;
  const scoring =
    margin !== undefined && float
      ? '<qti-response-condition><qti-response-if><qti-or>' +
        values
          .map(
            (v) =>
              `<qti-equal tolerance-mode="absolute" tolerance="${margin.margin}"><qti-variable identifier="${blank.id}"/><qti-base-value base-type="float">${xmlText(v)}</qti-base-value></qti-equal>`,
          )
          .join('') +
        `</qti-or>${point('<qti-base-value base-type="float">1</qti-base-value>')}</qti-response-if></qti-response-condition>`
      : point(`<qti-map-response identifier="${blank.id}"/>`);
  return { declaration, scoring };
}

// ---------------------------------------------------------------------------------------------------------------
// The academy's HTML as XHTML.

interface HtmlElementNode {
  name: string;
  attrs: [string, string][];
  children: HtmlNode[];
}
type HtmlNode = HtmlElementNode | string;

const HTML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  times: '×',
  divide: '÷',
  minus: '−',
  plusmn: '±',
  deg: '°',
  le: '≤',
  ge: '≥',
  ne: '≠',
  pi: 'π',
  copy: '©',
  eacute: 'é',
};

function decodeHtml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]{1,20});/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return HTML_ENTITIES[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** Nesting kept beyond this is flattened: the academy's texts are shallow, and an unmatched end tag is looked for this far. */
const HTML_DEPTH = 48;
const RAW_TEXT = new Set(['script', 'style']);

/**
 * The academy's stored HTML (sanitized, so well formed) as a tree, in one pass: a `<` that opens no tag is text,
 * an end tag closes its nearest open element, and whatever is open at the end is closed there.
 */
function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElementNode = { name: '', attrs: [], children: [] };
  const stack = [root];
  let text = '';
  const flush = () => {
    if (text !== '') stack[stack.length - 1].children.push(decodeHtml(text));
    text = '';
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    const closing = html[lt + 1] === '/';
    let j = lt + (closing ? 2 : 1);
    const nameStart = j;
    while (j < html.length && /[A-Za-z0-9-]/.test(html[j])) j++;
    const name = html.slice(nameStart, j).toLowerCase();
    if (name === '' || !/^[a-z]/.test(name)) {
      text += '<';
      i = lt + 1;
      continue;
    }
    const attrs: [string, string][] = [];
    let selfClosing = false;
    while (j < html.length) {
      while (j < html.length && /\s/.test(html[j])) j++;
      if (html[j] === '>') {
        j++;
        break;
      }
      if (html.startsWith('/>', j)) {
        selfClosing = true;
        j += 2;
        break;
      }
      const attrStart = j;
      while (j < html.length && !/[\s=>]/.test(html[j]) && !html.startsWith('/>', j)) j++;
      const attrName = html.slice(attrStart, j).toLowerCase();
      if (attrName === '') {
        j++;
        continue;
      }
      while (j < html.length && /\s/.test(html[j])) j++;
      let value = '';
      if (html[j] === '=') {
        j++;
        while (j < html.length && /\s/.test(html[j])) j++;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, j + 1);
          value = html.slice(j + 1, end === -1 ? html.length : end);
          j = end === -1 ? html.length : end + 1;
        } else {
          const valueStart = j;
          while (j < html.length && !/[\s>]/.test(html[j])) j++;
          value = html.slice(valueStart, j);
        }
      }
      if (!attrs.some(([n]) => n === attrName)) attrs.push([attrName, decodeHtml(value)]);
    }
    i = j;
    flush();
    if (closing) {
      const at = stack.findLastIndex((e) => e.name === name);
      if (at > 0) stack.length = at;
      continue;
    }
    if (RAW_TEXT.has(name)) {
      const end = new RegExp(`</${name}`, 'ig');
      end.lastIndex = i;
      const found = end.exec(html);
      i = found === null ? html.length : html.indexOf('>', found.index) + 1 || html.length;
      continue;
    }
    const element: HtmlElementNode = { name, attrs, children: [] };
    stack[stack.length - 1].children.push(element);
    if (!selfClosing && !VOID.has(name) && stack.length < HTML_DEPTH) stack.push(element);
  }
  flush();
  return root.children;
}

interface XhtmlContext {
  pathOf: (key: string) => string | null;
  say: (loss: string) => void;
  /** For Fill in the Blank: each blank's number and the response of its text entry. */
  blanks?: Map<number, string>;
}

const XML_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;

/** Rich text as the XHTML of a QTI body: void elements closed, text escaped, math as MathML, images by path. */
function toXhtml(html: string, context: XhtmlContext): string {
  return parseHtml(html)
    .map((node) => xhtmlNode(node, context, false))
    .join('');
}

function xhtmlNode(node: HtmlNode, context: XhtmlContext, code: boolean): string {
  if (typeof node === 'string') return code ? xmlText(clean(node)) : xhtmlText(node, context);
  if (!XML_NAME.test(node.name)) return node.children.map((n) => xhtmlNode(n, context, code)).join('');
  const attrs: [string, string][] = [];
  for (const [name, value] of node.attrs) {
    if (!XML_NAME.test(name) || name.startsWith('on')) continue;
    if (node.name === 'img' && name === 'src') {
      const path = context.pathOf(value);
      if (path === null) return '';
      attrs.push([name, path]);
    } else attrs.push([name, value]);
  }
  const written = attrs.map(([name, value]) => ` ${name}="${xmlAttr(clean(value))}"`).join('');
  if (VOID.has(node.name)) return `<${node.name}${written}/>`;
  const inner = node.children
    .map((n) => xhtmlNode(n, context, code || node.name === 'pre' || node.name === 'code'))
    .join('');
  return `<${node.name}${written}>${inner}</${node.name}>`;
}

function xhtmlText(text: string, context: XhtmlContext): string {
  return splitMath(text)
    .map((piece) => {
      if (piece.kind === 'math') return mathXml(piece.latex, piece.display, context);
      const plain = clean(piece.value.replaceAll('\\$', '$'));
      if (!context.blanks) return xmlText(plain);
      const blanks = context.blanks;
      return xmlText(plain).replace(/___(\d+)___/g, (whole, digits: string) => {
        const id = blanks.get(Number(digits));
        return id === undefined
          ? whole
          : `<qti-text-entry-interaction response-identifier="${id}" class="academy-blank"/>`;
      });
    })
    .join('');
}

/** Math as MathML; LaTeX KaTeX cannot read travels as an annotation alone, so it comes back, and is said lost. */
function mathXml(latex: string, display: boolean, context: XhtmlContext): string {
  const mathml = latexToMathml(latex, display);
  if (mathml !== null) return mathml;
  context.say(`the math ${shown(latex)} could not be written as MathML; it travels as LaTeX only`);
  const escaped = xmlText(clean(latex));
  return (
    `<math xmlns="${MATHML_NAMESPACE}"${display ? ' display="block"' : ''}><semantics><mtext>${escaped}</mtext>` +
    `<annotation encoding="application/x-tex">${escaped}</annotation></semantics></math>`
  );
}
