import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../lib/database-errors';
import { DatabaseUnavailable, DiskFull, DomainError, isDiskFull, isForeignKeyViolation } from '../lib/errors';

interface Issue {
  path: string;
  message: string;
}

function issuesOf(error: FastifyError): Issue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => ({
    path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
    message: v.message ?? 'Invalid value',
  }));
}

/** Fastify's own client-error codes, phrased for people. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is malformed.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the request as multipart form data.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_FILES_LIMIT: 'Too many files.',
  FST_FIELDS_LIMIT: 'Too many fields.',
  FST_PARTS_LIMIT: 'Too many parts.',
  FST_ERR_BAD_URL: 'The address is malformed.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

function sendDomainError(reply: FastifyReply, error: DomainError) {
  return reply.code(error.status).headers(error.headers).send({ message: error.message, code: error.code });
}

/**
 * One place maps every error to `{ message, code, issues? }` with its status, the one error shape of the API.
 * Client errors keep their message; a server error is logged with its stack and answered with a plain sentence.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      // The academy's own trouble (a bucket down, a disk full): the operators learn it from the log.
      if (error.status >= 500) {
        const reason = error.cause instanceof Error ? error.cause.message : undefined;
        request.log.warn({ reason, code: error.code }, error.message);
      }
      return sendDomainError(reply, error);
    }
    const issues = issuesOf(error);
    if (issues.length > 0) {
      return reply.code(400).send({ message: issues[0].message, code: 'VALIDATION', issues });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.code(400).send({ message: 'The request body is not valid JSON.', code: 'BAD_JSON' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = frameworkMessages[error.code] ?? (error.validation ? 'The request is not valid.' : error.message);
      return reply.code(status).send({ message, code: error.code ?? 'BAD_REQUEST' });
    }
    // Every route checks what it refers to first; a foreign key refuses only what another request deleted after that
    // check, which the caller can do nothing about but look again.
    if (isForeignKeyViolation(error)) {
      request.log.warn({ err: error }, 'a row referred to was deleted meanwhile');
      return reply.code(409).send({
        message: 'Something this change refers to was removed meanwhile. Please reload and try again.',
        code: 'GONE_MEANWHILE',
      });
    }
    // A restart or a cut network: the request may be tried again as it was once the database is back. Logged
    // by the driver's own words, without the statement or a stack: every request meets it while it lasts.
    if (isDiskFull(error)) {
      request.log.error({ reason: error.message }, 'the disk is full');
      return sendDomainError(reply, DiskFull());
    }
    if (isDatabaseUnreachable(error)) {
      const reason = error.cause instanceof Error ? error.cause.message : error.message;
      request.log.warn({ reason }, 'the database could not be reached');
      return sendDomainError(reply, DatabaseUnavailable());
    }
    // @fastify/under-pressure turning a request away: its Retry-After is already set.
    if (error.code === 'FST_UNDER_PRESSURE')
      return reply.code(503).send({ message: error.message, code: 'OVERLOADED' });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}

type HeadersFor = (url: string) => Record<string, string>;

/**
 * What Fastify meets before any hook runs (a malformed URL such as `/api/%`, a parameter over its length) is
 * answered like every other error: our JSON shape, the security headers and the request id.
 */
export function frameworkErrorHandler(headersFor: HeadersFor) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    void reply
      .code(status)
      .headers({ ...headersFor('/api/'), 'x-request-id': request.id })
      .send({
        message: frameworkMessages[error.code] ?? 'The request is not valid.',
        code: error.code ?? 'BAD_REQUEST',
      });
  };
}

const clientErrors: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
};

/**
 * A request Node itself gives up on (malformed HTTP, too slow, headers too large): one last answer on the bare
 * socket, with the security headers every answer carries, unless an answer has already begun there.
 */
export function clientErrorHandler(headersFor: HeadersFor) {
  const headerLines = Object.entries(headersFor('/api/'))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientErrors[error.code ?? ''] ?? { status: 400, message: 'The request is malformed.' };
    // Node's own handler writes only when no answer has started on the socket: bytes after one would corrupt it.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify({ message, code: error.code ?? 'BAD_REQUEST' });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n${headerLines}\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
