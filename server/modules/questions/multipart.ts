/**
 * Multipart bodies of the question routes: fields become a plain body for the route's zod schema, and files are
 * checked by their bytes and stored before the handler runs. Files of a request that fails before its handler
 * claims them are deleted before the answer is sent.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_IMAGE_PIXELS,
  QUESTION_MESSAGES,
} from '../../../common/schemas/questions';
import { Invalid, TooLarge, UnsupportedType } from '../../lib/errors';
import { imageSize } from '../../lib/image-size';
import { detectImageType, type StoredFile, type UploadStore } from '../../lib/storage';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart field whose files a route accepts; routes without it take no files. */
    uploadField?: string;
  }
  interface FastifyRequest {
    /** Files stored for this request and not yet claimed by its handler. */
    uploads: StoredFile[] | null;
  }
}

/**
 * Every limit is explicit: multipart bypasses the JSON body limit, so these are the only bounds on a request.
 * Fields: the dozen of a question (ids travel as JSON lists); the largest is the options' JSON (10 options of rich text).
 */
export const MULTIPART_LIMITS = {
  fileSize: MAX_ATTACHMENT_BYTES,
  files: MAX_ATTACHMENTS,
  fields: 30,
  fieldSize: 256 * 1024,
  fieldNameSize: 100,
  parts: MAX_ATTACHMENTS + 30,
  headerPairs: 20,
} as const;

async function readImage(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    // The stream stopped at the size limit: nothing of a truncated file is ever stored.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw TooLarge(QUESTION_MESSAGES.imageTooLarge);
    throw error;
  }
}

function addField(body: Record<string, string | string[]>, name: string, value: string) {
  const existing = body[name];
  body[name] = existing === undefined ? value : [existing, value].flat();
}

async function parseMultipart(request: FastifyRequest, store: UploadStore) {
  const field = request.routeOptions.config.uploadField;
  const uploads: StoredFile[] = [];
  request.uploads = uploads;
  const body: Record<string, string | string[]> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw TooLarge('A field of the form is too large.');
        addField(body, part.fieldname, String(part.value));
        continue;
      }
      const bytes = await readImage(part);
      // A file input left empty still sends an empty, nameless part: it is no file.
      if (bytes.length === 0 && !part.filename) continue;
      if (!field || part.fieldname !== field)
        throw Invalid(field ? `Send images in the ${field} field.` : 'This request takes no files.');
      const mime = detectImageType(bytes);
      if (!mime) throw UnsupportedType(QUESTION_MESSAGES.imagesOnly);
      // Headers that declare no size cannot be drawn at any size; a size is held to the budget before anything is stored.
      const size = imageSize(bytes, mime);
      if (size && size.width * size.height > MAX_IMAGE_PIXELS)
        throw TooLarge(QUESTION_MESSAGES.imageTooManyPixels(size.width, size.height));
      uploads.push(await store.save(bytes, part.filename, mime));
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw TooLarge(QUESTION_MESSAGES.tooManyAttachments);
    throw error;
  }
  request.body = body;
}

/** Registers multipart parsing, with its limits, in the question routes' scope only. */
export async function registerMultipart(app: FastifyInstance, store: UploadStore): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  app.decorateRequest('uploads', null);
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) await parseMultipart(request, store);
  });
  const discardUnclaimed = async (request: FastifyRequest) => {
    const files = request.uploads;
    request.uploads = null;
    // A bucket that is down keeps them listed as loose, for the sweep: the answer goes out as it is.
    if (files?.length)
      await store.remove(files.map((f) => f.filename)).catch((error: unknown) => {
        request.log.warn({ err: error }, 'unclaimed uploads left for the sweep');
      });
  };
  // Before an error answer goes out (a handler that succeeds has claimed its files), and when the client gives up.
  app.addHook('onSend', async (request) => discardUnclaimed(request));
  app.addHook('onRequestAbort', discardUnclaimed);
}

/** The handler takes the request's stored files: from now on the service keeps or deletes them. */
export function claimUploads(request: FastifyRequest): StoredFile[] {
  const files = request.uploads ?? [];
  request.uploads = null;
  return files;
}
