import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedView } from './stores';

/** Whether an Accept-Encoding header allows gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Browsers send a handful of Accept-Encoding values: each is read once. Bounded, as the header is the client's. */
const gzipByHeader = new Map<string, boolean>();
function headerAcceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  let accepts = gzipByHeader.get(header);
  if (accepts === undefined) {
    accepts = acceptsGzip(header);
    if (gzipByHeader.size < 64) gzipByHeader.set(header, accepts);
  }
  return accepts;
}

/** The bytes to send of a rendered view: gzip to clients that accept it. */
export function chooseEncoding(request: FastifyRequest, reply: FastifyReply, view: RenderedView): Buffer {
  reply.header('vary', 'accept-encoding');
  if (view.gzip && headerAcceptsGzip(request.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return view.gzip;
  }
  return view.body;
}

/**
 * Sends JSON text that the database wrote as the reply (a list too long to map and serialize row by row): the reply
 * schema's serializer does not run on text, so the kept-routes test checks such text against the schema instead.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
