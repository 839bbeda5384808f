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
import { openPglite, type Database } from '../db/client';
import { seedDemoOfferings } from '../db/demo/offerings';
import { offerings } from '../db/schema';
import { eq } from 'drizzle-orm';

const shell = '<!doctype html><html><head><title>Math Academy</title></head><body><div id="root"></div></body></html>';
const builtHome = shell.replace('<div id="root"></div>', '<div id="root"><p>built</p></div>');
const renderer = `export async function prerenderLanding(catalogue) {
  return {
    root: '<ul>' + catalogue.map((o) => '<li>' + o.title + '</li>').join('') + '</ul>',
    head: '<meta name="academy-catalogue" content="' + catalogue.length + '">',
  };
}
`;

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
  database = await openPglite(null);
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
    expect(plain.body).toMatch(/<head>.*<meta name="academy-catalogue" content="7">.*<\/head>/s);
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
});
