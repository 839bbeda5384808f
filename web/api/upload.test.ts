// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, onUnauthorized } from './client';
import { uploadFile } from './upload';

/** One request the upload makes, answered by the test. */
class FakeXhr {
  static last: FakeXhr;
  status = 0;
  responseText = '';
  url = '';
  withCredentials = false;
  upload = { onprogress: null as ((e: Partial<ProgressEvent>) => void) | null, onload: null as (() => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  responseHeaders: Record<string, string> = {};
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  send() {
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadFile', () => {
  it('tells the share sent as it goes and reads the JSON reply', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const done = uploadFile<{ ok: boolean }>('/files', new Blob(['x']), {
      fallback: 'Failed',
      onProgress: (sent) => progress.push(sent),
    });
    FakeXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 });
    FakeXhr.last.upload.onload?.();
    FakeXhr.last.answer(200, '{"ok":true}');
    await expect(done).resolves.toEqual({ ok: true });
    expect(progress).toEqual([0, 0.75, 1]);
    expect(FakeXhr.last.url).toBe('/api/files');
    expect(FakeXhr.last.withCredentials).toBe(true);
  });

  it("fails with the server's message, the fallback without one, the wait a 503 asks for, and tells the app of a 401", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const refused = uploadFile('/files', new Blob(['x']), { fallback: 'Failed' });
    FakeXhr.last.answer(413, '{"message":"Too large"}');
    await expect(refused).rejects.toEqual(new ApiError('Too large', 413));

    const signedOut = vi.fn();
    const stop = onUnauthorized(signedOut);
    const unauthorized = uploadFile('/files', new Blob(['x']), { fallback: 'Failed' });
    FakeXhr.last.answer(401, '<html>proxy</html>');
    await expect(unauthorized).rejects.toMatchObject({ message: 'Failed', status: 401 });
    expect(signedOut).toHaveBeenCalledOnce();
    stop();

    const away = uploadFile('/files', new Blob(['x']), { fallback: 'Failed' });
    FakeXhr.last.responseHeaders['Retry-After'] = '30';
    FakeXhr.last.answer(
      503,
      '{"message":"The academy cannot store or read images right now.","code":"FILES_UNAVAILABLE"}',
    );
    await expect(away).rejects.toMatchObject({ status: 503, code: 'FILES_UNAVAILABLE', retryAfterMs: 30_000 });

    const lost = uploadFile('/files', new Blob(['x']), { fallback: 'Failed' });
    FakeXhr.last.onerror?.();
    await expect(lost).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('stops when its signal aborts', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const stopped = uploadFile('/files', new Blob(['x']), { fallback: 'Failed', signal: controller.signal });
    controller.abort();
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
  });
});
