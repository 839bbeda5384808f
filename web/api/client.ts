/**
 * The API client, the one way the web app calls the server: one base path (VITE_API_BASE, default /api,
 * never doubled), credentials on every call, JSON by default, FormData sent as-is so the browser sets the
 * multipart boundary, and failures that carry the server's message.
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly issues?: Array<{ path: string; message: string }>,
    /** How long the server asked to be left before the request is tried again (its Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The wait a reply's Retry-After asks for (seconds, or an HTTP date), in milliseconds; undefined without one. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and zone; Date.parse would take "1.5" or "-5" for a date too.
  const at = /GMT$/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The longest a read waits before it is tried again, whatever a server asks. */
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Whether a failed read is tried once more: when trying again may help (the server could not be reached, was busy,
 * or was away for a moment: 5xx and 429), not when it refused the request itself (4xx), which it would refuse again.
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** The wait before that try: what the server asked for (a 503's Retry-After), else a second. */
export function readRetryDelay(failureCount: number, error: unknown): number {
  const asked = error instanceof ApiError ? error.retryAfterMs : undefined;
  return Math.min(asked ?? 1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

const UNAUTHORIZED_EVENT = 'academy:unauthorized';

/**
 * Calls `listener` whenever the server answers 401: the session ended on the server (signed out elsewhere,
 * deactivated, e-mail changed), so the app must stop acting as signed in. Returns the unsubscribe.
 */
export function onUnauthorized(listener: () => void): () => void {
  window.addEventListener(UNAUTHORIZED_EVENT, listener);
  return () => window.removeEventListener(UNAUTHORIZED_EVENT, listener);
}

/** Tells the app the session has ended (see onUnauthorized), for calls made outside `api`, such as an upload. */
export function reportUnauthorized(): void {
  window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}

/**
 * The failure of a reply the server refused: its JSON `{ message, code, issues }` when it sent one, else the
 * screen's fallback, and the wait its Retry-After asks for. Shared by `api` and the upload, which read replies their own way.
 */
export function refusal(
  status: number,
  text: string,
  fallbackMessage: string,
  retryAfter: string | null = null,
): ApiError {
  let payload: { message?: string; code?: string; issues?: ApiError['issues'] } = {};
  try {
    payload = (JSON.parse(text) as typeof payload | null) ?? {};
  } catch {
    // A proxy's HTML error page: the fallback says it better.
  }
  return new ApiError(
    payload.message || fallbackMessage,
    status,
    payload.code,
    payload.issues,
    retryAfterMs(retryAfter),
  );
}

const base = ((import.meta.env.VITE_API_BASE as string | undefined) ?? '/api').replace(/\/+$/, '');

/** Joins the base and a path without doubling the base: `/api/auth/me` and `/auth/me` both work. */
export function apiUrl(path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (base && (clean === base || clean.startsWith(`${base}/`))) return clean;
  return `${base}${clean}`;
}

async function request<T>(method: string, path: string, body: unknown, fallbackMessage: string): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path), init);
  } catch {
    throw new ApiError(fallbackMessage, 0, 'NETWORK');
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw refusal(response.status, text, fallbackMessage, response.headers.get('Retry-After'));
  return data as T;
}

/**
 * Every call names the text its screen shows when the server refuses without a message (or cannot be reached):
 * a made-up "Request failed (500)" tells a person nothing.
 */
export const api = {
  get: <T>(path: string, fallback: string) => request<T>('GET', path, undefined, fallback),
  post: <T>(path: string, body: unknown, fallback: string) => request<T>('POST', path, body, fallback),
  put: <T>(path: string, body: unknown, fallback: string) => request<T>('PUT', path, body, fallback),
  patch: <T>(path: string, body: unknown, fallback: string) => request<T>('PATCH', path, body, fallback),
  delete: <T>(path: string, fallback: string) => request<T>('DELETE', path, undefined, fallback),
};

/** The message to show for a failed call: the server's, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.message ? error.message : fallback;
}
