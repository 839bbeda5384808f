/**
 * Whether an error says the database could not be reached, rather than that it refused a statement: the server is
 * down or restarting, the network between is cut, or an administrator ended the connection. Such an error is no
 * fault of the request and passes once the database is back, so it is answered 503 with a time to come back, and
 * writes held behind the answers are tried again; a refused statement (a constraint, a bad value) never would be.
 */

/** Node's socket errors: nobody listens, the connection was reset or broken, or no route or answer came. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * What node-postgres says when a connection ends under it ("Connection terminated unexpectedly", "... due to
 * connection timeout"), when a connection or the pool's next free one does not come in time, and when a connection
 * that broke is asked again.
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout expired$/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
];

/**
 * PostgreSQL's own: class 08 (connection exception), and 57P01 to 57P03 (the administrator or a shutdown ended the
 * session, or the server is starting and cannot take it yet).
 */
function isConnectionState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03';
}

interface Reported {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const e = error as Reported;
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || isConnectionState(e.code))) return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(e.message as string)))
    return true;
  // drizzle wraps the driver's error in `cause`; a connection tried on several addresses fails with each in `errors`.
  if (isDatabaseUnreachable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1));
}
