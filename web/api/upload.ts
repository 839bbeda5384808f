import { ApiError, apiUrl, refusal, reportUnauthorized } from './client';

export interface UploadOptions {
  /** The text shown when the server refuses without a message, or cannot be reached. */
  fallback: string;
  /** How much of the body has left the browser, from 0 to 1: 1 once it is all sent and the server is working. */
  onProgress?(sent: number): void;
  signal?: AbortSignal;
}

/**
 * Sends a file as the raw body of a POST and reads the JSON reply, telling how much has been sent as it goes:
 * fetch cannot report an upload's progress, XMLHttpRequest can. Failures are the `api` client's ApiError, with the
 * server's message; an abort rejects with an AbortError.
 */
export function uploadFile<T>(path: string, file: Blob, { fallback, onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was stopped', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    // Not every browser reports the last chunk as progress: the end of the upload says it is all sent.
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status === 401) reportUnauthorized();
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(refusal(xhr.status, text, fallback, xhr.getResponseHeader('Retry-After')));
      try {
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch {
        reject(new ApiError(fallback, xhr.status));
      }
    };
    xhr.onerror = () => reject(new ApiError(fallback, 0, 'NETWORK'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    onProgress?.(0);
    xhr.send(file);
  });
}
