/**
 * Domain errors: services throw these, and the error plugin maps each to its HTTP status and
 * `{ message, code }`. Services never see request or reply.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** What went wrong underneath, for the log: a 5xx is logged with it, the caller gets the message alone. */
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

export const Invalid = (message: string) => new DomainError(400, 'INVALID', message);
export const Unauthorized = (message = 'Please sign in to continue.') => new DomainError(401, 'UNAUTHORIZED', message);
export const Forbidden = (message = "You don't have permission to do this.") =>
  new DomainError(403, 'FORBIDDEN', message);
export const NotFound = (message = 'Not found') => new DomainError(404, 'NOT_FOUND', message);
export const Conflict = (message: string) => new DomainError(409, 'CONFLICT', message);
export const Gone = (message: string) => new DomainError(410, 'GONE', message);
export const TooLarge = (message: string) => new DomainError(413, 'TOO_LARGE', message);
export const UnsupportedType = (message: string) => new DomainError(415, 'UNSUPPORTED_TYPE', message);
export const TooMany = (message: string, retryAfterSeconds: number) =>
  new DomainError(429, 'TOO_MANY_REQUESTS', message, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** How long a client is asked to wait before trying again while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The academy cannot reach its database right now. Please try again in a few seconds.';

/** The database cannot be reached (see database-errors.ts): nothing the caller did, and it passes. */
export const DatabaseUnavailable = () =>
  new DomainError(503, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });

/** How long a client is asked to wait while the uploads' bucket or disk cannot be used. */
export const FILES_RETRY_AFTER_SECONDS = 30;
export const FILES_UNAVAILABLE_MESSAGE =
  'The academy cannot store or read images right now. Please try again in a few minutes.';
export const DISK_FULL_MESSAGE =
  "The academy's disk is full, so nothing new can be saved right now. Please try again later.";

/** The uploads' bucket (or folder) failed or did not answer: nothing is stored, and it passes. */
export const FilesUnavailable = (cause: unknown) =>
  new DomainError(
    503,
    'FILES_UNAVAILABLE',
    FILES_UNAVAILABLE_MESSAGE,
    { 'Retry-After': String(FILES_RETRY_AFTER_SECONDS) },
    cause,
  );

/** The disk the academy writes to has no room left: reads go on, writes wait for an operator to make room. */
export const DiskFull = (cause?: unknown) =>
  new DomainError(503, 'DISK_FULL', DISK_FULL_MESSAGE, { 'Retry-After': String(FILES_RETRY_AFTER_SECONDS) }, cause);

/** A write the disk refused for want of room: the node code of a file, PostgreSQL's disk_full (53100). */
export function isDiskFull(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === 'ENOSPC' || e?.code === '53100' || e?.cause?.code === 'ENOSPC' || e?.cause?.code === '53100';
}

/**
 * A foreign key refused a row: what it refers to (a course, a student, a tag) was deleted by another request after
 * this one checked it was there.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
}

/** PostgreSQL's unique_violation, as PGlite and node-postgres report it (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
