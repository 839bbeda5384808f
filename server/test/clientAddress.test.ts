/**
 * The client's address decides every per-IP limit, so only a proxy named by TRUST_PROXY may tell it
 * (X-Forwarded-For); a client that sets the header itself is still known by its own address.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { buildStudent } from './factories';
import { MemoryOutbox, freshPglite } from './harness';

const PROXY = '10.0.0.5';
const CLIENT = '198.51.100.20';

let database: Database;
beforeAll(async () => {
  database = await freshPglite();
});
afterAll(() => database.close());

const opened: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  await database.db.delete(rateLimits);
});

/** A production server with the real limits, and a route that tells what the server took the caller for. */
async function productionServer(trustProxy?: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/academy-test-${randomBytes(4).toString('hex')}`,
    ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    ...env,
  });
  const app = await buildApp({ config, database, mailer: new MemoryOutbox(), distDir: null });
  app.get('/api/test/caller', { config: { access: 'public' } }, async (request) => ({
    ip: request.ip,
    protocol: request.protocol,
  }));
  opened.push(app);
  return app;
}

const caller = async (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  (await app.inject({ method: 'GET', url: '/api/test/caller', remoteAddress, headers })).json();

/** Wrong sign-ins, each to its own e-mail so only the per-IP limit (30 in 15 minutes) can stop them. */
async function wrongSignIns(
  app: FastifyInstance,
  count: number,
  request: (i: number) => { remoteAddress: string; forwardedFor?: string },
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const { remoteAddress, forwardedFor } = request(i);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email: `nobody${i}@example.com`, password: 'wrong-password-1' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const madeUpAddress = (i: number) => `203.0.113.${i + 1}`;

describe('without TRUST_PROXY (the default, also in production)', () => {
  it('ignores a client-set X-Forwarded-For and X-Forwarded-Proto', async () => {
    const app = await productionServer();
    expect(await caller(app, CLIENT, { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })).toEqual({
      ip: CLIENT,
      protocol: 'http',
    });
  });

  it('stops 40 wrong sign-ins from one client after 30, whatever addresses it claims', async () => {
    const app = await productionServer();
    const statuses = await wrongSignIns(app, 40, (i) => ({ remoteAddress: CLIENT, forwardedFor: madeUpAddress(i) }));
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });
});

describe("TRUST_PROXY with the proxy's address", () => {
  it('takes the client address and protocol from the proxy, and only from it', async () => {
    const app = await productionServer(`127.0.0.1, ${PROXY}`);
    expect(await caller(app, PROXY, { 'x-forwarded-for': CLIENT, 'x-forwarded-proto': 'https' })).toEqual({
      ip: CLIENT,
      protocol: 'https',
    });
    // The proxy appends the address it saw: what the client wrote before it stays untrusted.
    expect(await caller(app, PROXY, { 'x-forwarded-for': `203.0.113.9, ${CLIENT}` })).toEqual({
      ip: CLIENT,
      protocol: 'http',
    });
    // A client that reaches the server directly cannot pose as someone else.
    expect(await caller(app, CLIENT, { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })).toEqual({
      ip: CLIENT,
      protocol: 'http',
    });
  });

  it('limits each client behind the proxy on its own, and a spoofing client all the same', async () => {
    const app = await productionServer(PROXY);
    const distinctClients = await wrongSignIns(app, 40, (i) => ({
      remoteAddress: PROXY,
      forwardedFor: madeUpAddress(i),
    }));
    expect(distinctClients.every((status) => status === 401)).toBe(true);
    const oneClient = await wrongSignIns(app, 40, (i) => ({
      remoteAddress: PROXY,
      forwardedFor: `${madeUpAddress(i)}, ${CLIENT}`,
    }));
    expect(oneClient.slice(30)).toEqual(Array(10).fill(429));
  });

  it('accepts CIDR ranges and named ranges', async () => {
    const app = await productionServer('10.0.0.0/8, loopback');
    expect(await caller(app, '10.200.3.4', { 'x-forwarded-for': CLIENT })).toEqual({ ip: CLIENT, protocol: 'http' });
    expect(await caller(app, '::1', { 'x-forwarded-for': CLIENT })).toEqual({ ip: CLIENT, protocol: 'http' });
    expect(await caller(app, '11.0.0.1', { 'x-forwarded-for': CLIENT })).toEqual({ ip: '11.0.0.1', protocol: 'http' });
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('trusts only as many hops as there are proxies', async () => {
    const app = await productionServer('1');
    expect(
      await caller(app, PROXY, { 'x-forwarded-for': `203.0.113.9, ${CLIENT}`, 'x-forwarded-proto': 'https' }),
    ).toEqual({ ip: CLIENT, protocol: 'https' });
    const twoHops = await productionServer('2');
    expect(await caller(twoHops, PROXY, { 'x-forwarded-for': `203.0.113.9, ${CLIENT}, 10.0.0.9` })).toEqual({
      ip: CLIENT,
      protocol: 'http',
    });
  });
});

describe('the TRUST_PROXY setting', () => {
  const trustOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts nobody when unset, empty, false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const value of ['', 'false', '0', ' ']) expect(trustOf(value), value).toBe(false);
  });

  it('reads a hop count and a list of addresses, ranges and range names', () => {
    expect(trustOf('2')).toEqual({ hops: 2 });
    expect(trustOf(' 127.0.0.1 , 10.0.0.0/8,::1, fd00::/8,uniquelocal ')).toEqual({
      proxies: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'uniquelocal'],
    });
  });

  it('stops the start on anything else, naming the variable', () => {
    for (const value of [
      'true',
      'yes',
      '11',
      '-1',
      '1.5',
      'proxy.example.com',
      '10.0.0.1,',
      '300.1.1.1',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      '::1/129',
      '10.0.0.0/255.0.0.0',
      'localhost',
    ]) {
      expect(() => trustOf(value), value).toThrow(/^Invalid configuration: TRUST_PROXY: /);
    }
    expect(() => trustOf('true')).toThrow('trusting every peer would let each client choose its own address');
  });
});

describe('the session cookie behind a TLS proxy', () => {
  it('is Secure when PUBLIC_URL is https, even when no proxy is trusted to say so', async () => {
    const app = await productionServer(undefined, { PUBLIC_URL: 'https://academy.example.com' });
    const user = await buildStudent(database.db);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: CLIENT,
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'academy_session')?.secure).toBe(true);
  });

  it('is not Secure on a plain-HTTP academy (a local start), where the browser would drop it', async () => {
    const app = await productionServer(undefined, { PUBLIC_URL: 'http://localhost:3000' });
    const user = await buildStudent(database.db);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: CLIENT,
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'academy_session')?.secure).toBeFalsy();
  });
});
