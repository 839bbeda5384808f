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
  ) {
    super(message);
  }
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
 * screen's fallback. Shared by `api` and the upload, which read replies their own way.
 */
export function refusal(status: number, text: string, fallbackMessage: string): ApiError {
  let payload: { message?: string; code?: string; issues?: ApiError['issues'] } = {};
  try {
    payload = (JSON.parse(text) as typeof payload | null) ?? {};
  } catch {
    // A proxy's HTML error page: the fallback says it better.
  }
  return new ApiError(payload.message || fallbackMessage, status, payload.code, payload.issues);
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
  if (!response.ok) throw refusal(response.status, text, fallbackMessage);
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
