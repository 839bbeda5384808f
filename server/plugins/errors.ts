import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/errors';

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
};

/**
 * One place maps every error to `{ message, code, issues? }` with its status (DESIGN section 4).
 * Client errors keep their message; a server error is logged with its stack and answered with a plain sentence.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.code(error.status).headers(error.headers).send({ message: error.message, code: error.code });
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
    // @fastify/under-pressure turning a request away: its Retry-After is already set.
    if (error.code === 'FST_UNDER_PRESSURE') return reply.code(503).send({ message: error.message, code: 'OVERLOADED' });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
