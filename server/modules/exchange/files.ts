/**
 * Which format a file is in, its questions as the format's reader gives them (what the reader refuses is the API's
 * 400 with the reader's sentence), and questions written as a file. Loaded by the worker threads (worker.ts), so it
 * imports the formats and nothing heavier.
 */
import { EXCHANGE_MESSAGES, type ExchangeFormat } from '../../../common/schemas/exchange';
import { DomainError, Invalid } from '../../lib/errors';
import { readGift, writeGift } from './formats/gift';
import { readMoodleXml, writeMoodleXml } from './formats/moodle-xml';
import { readQtiPackage, writeQtiPackage } from './formats/qti';
import { RefusedFile, type ExchangeQuestion, type ReadItem, type WrittenFile } from './model';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The format of a file: the one named, else a zip is a QTI package, a `<quiz>` document Moodle XML, the rest GIFT. */
export function detectFormat(bytes: Buffer, named?: ExchangeFormat): ExchangeFormat {
  if (named) return named;
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'qti';
  const start = bytes
    .subarray(0, 2048)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start.startsWith('<?xml') || start.startsWith('<quiz')) return 'moodle';
  if (start.startsWith('<')) throw new DomainError(415, 'UNKNOWN_FORMAT', EXCHANGE_MESSAGES.unknownFormat);
  return 'gift';
}

export async function readItems(format: ExchangeFormat, bytes: Buffer): Promise<ReadItem[]> {
  try {
    switch (format) {
      case 'moodle':
        return readMoodleXml(bytes);
      case 'gift':
        return readGift(bytes);
      case 'qti':
        return await readQtiPackage(bytes);
    }
  } catch (error) {
    if (error instanceof RefusedFile) throw Invalid(error.message);
    throw error;
  }
}

const WRITERS: Record<ExchangeFormat, (questions: ExchangeQuestion[]) => WrittenFile | Promise<WrittenFile>> = {
  moodle: writeMoodleXml,
  gift: writeGift,
  qti: writeQtiPackage,
};

export const writeFile = async (format: ExchangeFormat, questions: ExchangeQuestion[]) => WRITERS[format](questions);
