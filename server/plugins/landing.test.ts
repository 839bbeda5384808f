/**
 * The landing page is drawn by the build's renderer with the published catalogue, and drawn again after an offering
 * changes: a visitor's first paint always shows the catalogue as it is. A stand-in renderer writes what it was given.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database } from '../db/client';
import { DEMO_OFFERINGS, seedDemoOfferings } from '../db/demo/offerings';
import { academySettings, offerings } from '../db/schema';
import { DEFAULT_ACADEMY } from '../../common/rules';
import { naughtyStrings, xssPayloads } from '../test/corpora';
import { eq } from 'drizzle-orm';
import { freshPglite } from '../test/harness';

const shell = '<!doctype html><html><head><title>Math Academy</title></head><body><div id="root"></div></body></html>';
const builtHome = shell.replace('<div id="root"></div>', '<div id="root"><p>built</p></div>');
// The academy's details go into the root as encoded JSON: the test reads back exactly what the renderer was given.
const renderer = `export async function prerenderLanding(catalogue, academy) {
  return {
    root: '<ul>' + catalogue.map((o) => '<li>' + o.title + '</li>').join('') + '</ul>' +
      '<footer data-academy="' + encodeURIComponent(JSON.stringify(academy)) + '"></footer>',
    head: '<meta name="academy-catalogue" content="' + catalogue.length + '">',
  };
}
`;

/** The details the stand-in renderer drew the served landing page with. */
function drawnWith(html: string): unknown {
  const encoded = /<footer data-academy="([^"]*)"><\/footer>/.exec(html)?.[1];
  return encoded === undefined ? undefined : JSON.parse(decodeURIComponent(encoded));
}

/** The details in the page's `<meta name="academy">`, as a browser reads the attribute. */
function carried(html: string): unknown {
  const content = /<meta name="academy" content="([^"]*)">/.exec(html)?.[1];
  if (content === undefined) return undefined;
  const text = content.replace(
    /&(amp|quot|lt|gt);/g,
    (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>' })[e]!,
  );
  return JSON.parse(text);
}

/** The tags of a page, in order: a value that broke out of its attribute would add one. */
const tags = (html: string) => [...html.matchAll(/<\/?([a-z][\w-]*)/gi)].map((m) => m[1]);

let dist: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-landing-'));
  fs.writeFileSync(path.join(dist, 'index.html'), shell);
  fs.mkdirSync(path.join(dist, 'first-visit'));
  fs.writeFileSync(path.join(dist, 'first-visit', 'home.html'), builtHome);
  fs.writeFileSync(path.join(dist, 'first-visit.json'), JSON.stringify({ '/': 'first-visit/home.html' }));
  fs.mkdirSync(path.join(dist, 'landing'));
  fs.writeFileSync(path.join(dist, 'landing', 'shell.html'), shell);
  fs.writeFileSync(path.join(dist, 'landing', 'render.js'), renderer);
  database = await freshPglite();
  await seedDemoOfferings(database.db);
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, distDir: dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the landing page', () => {
  it('is drawn with the published catalogue, in every encoding, and carries it in its head', async () => {
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toContain('<div id="root"><ul><li>SSAT Prep</li><li>MAP Test Prep</li>');
    // In the head: the catalogue the page was drawn with, and the academy's details every page carries.
    expect(plain.body).toMatch(
      new RegExp(`<head>.*<meta name="academy-catalogue" content="${DEMO_OFFERINGS.length}">.*</head>`, 's'),
    );
    expect(plain.body).toMatch(
      /<head>.*<meta name="academy" content="\{&quot;name&quot;:&quot;Math Academy&quot;.*<\/head>/s,
    );
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('is drawn again once an offering changes, and its renderer is no file of the site', async () => {
    await database.db.update(offerings).set({ published: false }).where(eq(offerings.slug, 'ssat-prep'));
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/' })).body)
      .toContain('<div id="root"><ul><li>MAP Test Prep</li>');
    for (const url of ['/landing/render.js', '/landing/shell.html'])
      expect((await app.inject({ method: 'GET', url })).body).not.toContain('prerenderLanding');
  });

  it('is drawn with the academy details of the settings, the same the page carries, and again when they change', async () => {
    const first = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(drawnWith(first)).toMatchObject({ name: DEFAULT_ACADEMY.name, email: DEFAULT_ACADEMY.email });
    expect(drawnWith(first)).toEqual(carried(first));
    const social = { facebook: 'https://facebook.com/new-academy', instagram: null, linkedin: null, youtube: null };
    await database.db
      .update(academySettings)
      .set({ name: 'Riverside Math', email: 'hello@riverside.test', phone: '(555) 010-2030', social })
      .where(eq(academySettings.id, 1));
    await expect
      .poll(async () => drawnWith((await app.inject({ method: 'GET', url: '/' })).body))
      .toMatchObject({ name: 'Riverside Math', email: 'hello@riverside.test', phone: '(555) 010-2030' });
    const changed = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(drawnWith(changed)).toEqual(carried(changed));
    expect(carried(changed)).toMatchObject({ social: expect.objectContaining(social) });
  });

  it('carries hostile details byte for byte, without a tag of their own', async () => {
    const baseline = tags((await app.inject({ method: 'GET', url: '/' })).body);
    const hostile = [...xssPayloads.map((p) => p.payload), ...naughtyStrings.filter((s) => /[<>"&']/.test(s))];
    for (let i = 0; i < hostile.length; i += 40) {
      const name = hostile[i];
      const address = hostile[i + 1] ?? '"><script>alert(1)</script>';
      await database.db.update(academySettings).set({ name, address }).where(eq(academySettings.id, 1));
      let html = '';
      await expect
        .poll(async () => drawnWith((html = (await app.inject({ method: 'GET', url: '/' })).body)))
        .toMatchObject({ name, address });
      expect(carried(html)).toMatchObject({ name, address });
      expect(tags(html)).toEqual(baseline);
    }
  });
});
