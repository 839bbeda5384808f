/** The built web app goes out compressed at build time: the variant the browser accepts, with Vary, no work per request. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database } from '../db/client';
import { DEFAULT_ACADEMY } from '../../common/rules';
import { academySettings } from '../db/schema';
import { precompressDir } from './precompressed';
import { freshPglite } from '../test/harness';

const script = `export const greeting = ${JSON.stringify('hello from the app '.repeat(200))};\n`;
const page = `<!doctype html><html lang="en"><head><title>Math Academy</title></head><body>${'<div id="root"></div>'.repeat(50)}</body></html>`;
const font = Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3, 4]);
const signInPage = page.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/SignInPage-abc.js"></head>',
);

/** An app page as served: the academy's details in a meta of its head, for the footer and the contact page. */
const served = (html: string, academy: object = DEFAULT_ACADEMY) =>
  html.replace(
    '</head>',
    `<meta name="academy" content="${JSON.stringify(academy).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}"></head>`,
  );

let dist: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), page);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'inter-latin.woff2'), font);
  fs.mkdirSync(path.join(dist, 'first-visit'));
  fs.writeFileSync(path.join(dist, 'first-visit', 'signin.html'), signInPage);
  fs.writeFileSync(path.join(dist, 'first-visit.json'), JSON.stringify({ '/signin': 'first-visit/signin.html' }));
  precompressDir(dist);
  database = await freshPglite();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    database,
    distDir: dist,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
  none: (body) => body,
};

describe('precompressed assets', () => {
  for (const [url, original] of [
    ['/assets/app-abc123.js', script],
    ['/', served(page)],
    // An app route answers index.html through the history fallback: compressed all the same.
    ['/course/1/unit/2', served(page)],
  ] as const) {
    for (const [accepted, expected] of [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      [null, 'none'],
      ['identity', 'none'],
    ] as const) {
      it(`GET ${url} with accept-encoding ${accepted ?? '(none)'} answers ${expected}`, async () => {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: accepted === null ? {} : { 'accept-encoding': accepted },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(expected === 'none' ? undefined : expected);
        expect(response.headers.vary).toBe('accept-encoding');
        expect(response.headers['content-type']).toMatch(url.endsWith('.js') ? /javascript/ : /text\/html/);
        const body = response.rawPayload;
        if (expected !== 'none') expect(body.length).toBeLessThan(original.length / 4);
        expect(decoders[expected](body).toString()).toBe(original);
      });
    }
  }

  it('keeps the year-long cache of hashed assets and revalidation of index.html on compressed answers', async () => {
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await app.inject({ method: 'GET', url: '/signin', headers: { 'accept-encoding': 'br' } });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('sends a font that is compressed already as it is, without Vary', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/inter-latin.woff2',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.rawPayload.equals(font)).toBe(true);
  });
});

describe('first-visit pages', () => {
  it("answer a first-visit address with the build's copy of index.html that names the page's scripts", async () => {
    for (const url of ['/signin', '/signin?next=%2Fdashboard']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decoders.br(response.rawPayload).toString()).toBe(served(signInPage));
    }
  });

  it('answer every other app address with index.html', async () => {
    for (const url of ['/signin/more', '/signup', '/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(served(page));
    }
  });

  it("carry the academy's details as they are now: a change reaches the next page served", async () => {
    const changed = { ...DEFAULT_ACADEMY, phone: '(250) 555-0199', name: 'Maths & "Friends" <Academy>' };
    await database.db.update(academySettings).set({ phone: changed.phone, name: changed.name });
    // The change notice empties the kept details on every instance, this one included.
    await expect
      .poll(
        async () => (await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } })).rawPayload,
      )
      .toSatisfy((body: Buffer) => decoders.br(body).toString() === served(page, changed));
  });
});
