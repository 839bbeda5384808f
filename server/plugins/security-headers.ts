import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { VIDEO_FRAME_ORIGINS } from '../../common/rules/video';

/**
 * Content security policy: our own scripts, images and fonts only; KaTeX and React set inline style attributes. The
 * only frames a page may hold are the two video players a lesson's video plays in.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameSrc: [...VIDEO_FRAME_ORIGINS],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet would set, worked out once. Our policy has no per-request part (no nonces), and helmet
 * re-parses the policy on every response, which cost a tenth of a signed-in request's time.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Whether a request URL is the API's: its answers are pupils' and staff's data, never kept by a browser. */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The headers every answer starts with. API answers are `no-store`: a school's shared computer must not keep one
 * pupil's marks or e-mail for the next one to find in the cache; the web app's files keep their own caching.
 */
export function securityHeaders(): (url: string) => Record<string, string> {
  const headers = helmetHeaders();
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  return (url) => (isApiUrl(url) ? apiHeaders : headers);
}

/**
 * Sets the security headers on every answer; a route may still replace one (uploads set their own policy). Added
 * before any other hook, so that an answer a hook gives early (overload, a cross-site request, no session) has them.
 */
export function registerSecurityHeaders(app: FastifyInstance, headersFor = securityHeaders()): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    done();
  });
}
