import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_TYPES } from '../../../common/rules';
import {
  EXCHANGE_MAX_FILE_BYTES,
  EXCHANGE_MESSAGES,
  exchangeExportBody,
  exchangeExportReply,
  exchangeImportQuery,
  exchangeImportReply,
  exchangePreviewQuery,
  exchangePreviewReply,
} from '../../../common/schemas/exchange';
import type { AppContext } from '../../context';
import { TooLarge } from '../../lib/errors';
import { exportQuestions, importFile, previewFile } from './service';

/**
 * The file comes as the request's body, kept here up to the limit: a larger file is refused with the import's own
 * message as soon as it passes 20 MB, and the rest of it is read and dropped (closing the connection instead would
 * leave the browser without the message).
 */
function readFileBody(
  _request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (err: Error | null, body?: Buffer) => void,
) {
  const parts: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (error: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > EXCHANGE_MAX_FILE_BYTES) {
      parts.length = 0;
      finish(TooLarge(EXCHANGE_MESSAGES.fileTooLarge));
      return;
    }
    parts.push(chunk);
  });
  payload.on('end', () => finish(null, Buffer.concat(parts, size)));
  payload.on('error', (error: Error) => finish(error));
}

/** Import (preview, then import) and export of question files: the bank's staff, like writing a question. */
export function exchangeRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    app.addContentTypeParser('application/octet-stream', readFileBody);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: STAFF_TYPES } as const;
    // Above the file's limit, so the parser, not the framework, answers a large file with its message.
    const fileRoute = { bodyLimit: EXCHANGE_MAX_FILE_BYTES + 1024 * 1024 };

    r.post(
      '/question-exchange/preview',
      {
        ...fileRoute,
        config: staff,
        schema: { querystring: exchangePreviewQuery, response: { 200: exchangePreviewReply } },
      },
      (req) => previewFile(ctx, fileOf(req.body), req.query.format),
    );
    r.post(
      '/question-exchange/import',
      {
        ...fileRoute,
        config: { access: STAFF_TYPES, invalidates: ['bank'] },
        schema: { querystring: exchangeImportQuery, response: { 201: exchangeImportReply } },
      },
      async (req, reply) => reply.code(201).send(await importFile(ctx, req.user!, fileOf(req.body), req.query)),
    );
    r.post(
      '/question-exchange/export',
      { config: staff, schema: { body: exchangeExportBody, response: { 200: exchangeExportReply } } },
      (req) => exportQuestions(ctx, req.body),
    );
  };
}

/** The body as read by readFileBody; nothing when the request sent none. */
const fileOf = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
