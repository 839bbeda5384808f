import type { FastifyInstance } from 'fastify';
import { DomainError, Forbidden } from '../lib/errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// A file sent as itself (application/octet-stream) is, like JSON, a type a foreign page cannot post without a CORS
// preflight, which this server never grants.
const BODY_TYPES = /^(application\/json|multipart\/form-data|application\/octet-stream)\b/i;
/**
 * The letters' one-click unsubscribe (RFC 8058): mail programs post a form to it. It acts by the token in its
 * address alone, never by the session, so a foreign page gains nothing by posting to it.
 */
const ONE_CLICK_ROUTE = '/api/letters/unsubscribe';
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;

/**
 * No cross-site request may act with the session cookie: an unsafe request must carry
 * a JSON, multipart or raw file body (or none), and an Origin header, when present, must be our own.
 * Every unsafe request is checked, whatever its path: the router decodes `/%61pi/...` to `/api/...`, so a test
 * on the raw URL would judge a different path than the one that runs. The server has no unsafe route that a
 * foreign page may call.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new Set([new URL(publicUrl).origin]);
  // A callback rather than an async hook: it runs on every request, and decides without waiting for anything.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method)) return done();
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      const ownOrigin = `${request.protocol}://${request.headers.host}`;
      if (origin !== ownOrigin && !allowed.has(origin)) return done(Forbidden('Cross-site requests are not allowed.'));
    } else if (origin === 'null') {
      return done(Forbidden('Cross-site requests are not allowed.'));
    }
    const type = request.headers['content-type'];
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const oneClick = request.routeOptions.url === ONE_CLICK_ROUTE && !!type && FORM_TYPE.test(type);
    if (hasBody && !oneClick && (!type || !BODY_TYPES.test(type)))
      return done(new DomainError(415, 'UNSUPPORTED_TYPE', 'Send the request as JSON.'));
    done();
  });
}
