/**
 * A client that sends its request slowly (a body or headers trickled a byte at a time) is cut off, with an answer
 * carrying the security headers, and connections beyond the cap are closed at once.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database } from '../db/client';
import { MemoryOutbox, freshPglite } from './harness';

let database: Database;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  database = await freshPglite();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test' }),
    database,
    mailer: new MemoryOutbox(),
    distDir: null,
    pressure: { maxEventLoopDelay: 0 },
    connections: { requestMs: 1500, headersMs: 1000, checkEveryMs: 100, max: 3 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Opens a connection and writes `first`, then one byte of `rest` every `everyMs` until the server hangs up. */
function trickle(first: string, rest: string, everyMs: number): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < rest.length && socket.writable) socket.write(rest[sent++]);
    }, everyMs);
    socket.on('connect', () => socket.write(first));
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    });
  });
}

describe('slow clients', () => {
  it('cuts a body trickled a byte at a time once the request limit passes, with a 408 carrying the security headers', async () => {
    const body = JSON.stringify({ email: `slow-${'x'.repeat(200)}@example.com` });
    const head = `POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, ms } = await trickle(head, body, 100);
    // 200 bytes at 10 a second would take 20 s: the server ends it at the 1.5 s limit (checked every 0.1 s).
    expect(ms).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/);
    expect(answer).toMatch(/\r\ncache-control: no-store\r\n/);
    expect(answer).toContain('{"message":"The request took too long to arrive.","code":"ERR_HTTP_REQUEST_TIMEOUT"}');
  });

  it('cuts headers trickled a byte at a time once the headers limit passes', async () => {
    const { answer, ms } = await trickle('GET /api/health HTTP/1.1\r\n', 'X-Slow: ' + 'y'.repeat(200), 100);
    expect(ms).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('closes connections beyond the cap at once, and serves again when they are gone', async () => {
    const held = await Promise.all(
      Array.from(
        { length: 3 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
            socket.on('error', () => {});
          }),
      ),
    );
    // The server counts a connection once it has accepted it.
    await new Promise((r) => setTimeout(r, 200));
    const extra = await trickle('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '', 100);
    expect(extra.answer).toBe('');
    expect(extra.ms).toBeLessThan(1000);
    for (const socket of held) socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});
