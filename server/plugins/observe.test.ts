import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRedactions } from '../app';
import { Metrics, startMetricsServer } from '../lib/metrics';
import { buildStudent, signIn, TEST_PASSWORD, type TestUser } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';

type LogLine = Record<string, unknown>;
const lines: LogLine[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
    done();
  },
});

let t: TestApp;
let student: TestUser;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', redact: logRedactions, stream: captured } });
  student = await buildStudent(t.db);
  cookie = await signIn(t.app, student);
});
afterAll(() => t?.close());

const linesOf = (requestId: string) => lines.filter((line) => line.reqId === requestId);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus text, comments left out. */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

function sample(all: Sample[], name: string, labels: Record<string, string>): Sample | undefined {
  return all.find((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
}

describe('request logs', () => {
  it('write one line per request with its id, the user, the route pattern, the status and the duration', async () => {
    const response = await call(t.app, cookie, { method: 'GET', url: `/api/student/courses/${randomUUID()}` });
    expect(response.statusCode).toBe(404);
    const requestId = response.headers['x-request-id'] as string;
    const own = linesOf(requestId);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      msg: 'request completed',
      level: 30,
      userId: student.id,
      route: '/api/student/courses/:id',
      method: 'GET',
      status: 404,
    });
    expect(own[0].durationMs).toEqual(expect.any(Number));
    expect(own[0].durationMs as number).toBeGreaterThanOrEqual(0);
  });

  it('leave the user out of an anonymous request, and the query string out of every line', async () => {
    const response = await call(t.app, null, {
      method: 'GET',
      url: '/api/health?email=leak%40example.com',
      headers: { 'x-request-id': 'probe-1' },
    });
    expect(response.statusCode).toBe(200);
    const own = linesOf('probe-1');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ route: '/api/health', method: 'GET', status: 200 });
    expect(own[0]).not.toHaveProperty('userId');
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain('leak');
    expect(everything).not.toContain(TEST_PASSWORD);
    expect(everything).not.toContain(cookie.split('=')[1]);
  });

  it('name an unmatched path without its query', async () => {
    const response = await call(t.app, null, {
      method: 'GET',
      url: '/no/such/page?email=leak%40example.com',
      headers: { 'x-request-id': 'probe-2' },
    });
    expect(response.statusCode).toBe(404);
    expect(linesOf('probe-2')).toEqual([
      expect.objectContaining({ route: 'unmatched', path: '/no/such/page', status: 404 }),
    ]);
  });
});

describe('metrics', () => {
  it('count requests and their durations by route pattern, and what the kept views hold', async () => {
    for (let i = 0; i < 3; i++)
      expect((await call(t.app, cookie, { method: 'GET', url: '/api/student/courses' })).statusCode).toBe(200);
    const scanned = `/wp-admin-${randomBytes(4).toString('hex')}.php`;
    expect((await call(t.app, null, { method: 'GET', url: scanned })).statusCode).toBe(404);
    await call(t.app, null, { method: 'POST', url: scanned, payload: {} });

    const text = await t.app.metrics.text();
    const all = samples(text);
    expect(
      sample(all, 'http_requests_total', { method: 'GET', route: '/api/student/courses', status: '200' })?.value,
    ).toBe(3);
    expect(
      sample(all, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/api/student/courses', le: '+Inf' })
        ?.value,
    ).toBe(3);
    expect(
      sample(all, 'http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/student/courses',
        le: '0.001',
      }),
    ).toBeDefined();
    expect(
      sample(all, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/student/courses' })?.value,
    ).toBe(3);
    // The signed-in request's id went to the pattern.
    expect(
      sample(all, 'http_requests_total', { route: '/api/student/courses/:id', status: '404' })?.value,
    ).toBeGreaterThanOrEqual(1);

    expect(
      sample(all, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(sample(all, 'http_requests_total', { method: 'POST', route: 'unmatched' })).toBeDefined();
    expect(text).not.toContain('wp-admin');

    expect(sample(all, 'kept_entries', { kind: 'view', name: 'studentCourses' })?.value).toBe(1);
    expect(sample(all, 'kept_bytes', { kind: 'view', name: 'studentCourses' })?.value).toBeGreaterThan(0);
    expect(sample(all, 'kept_entries', { kind: 'memo', name: 'bankCount' })).toBeDefined();
    expect(sample(all, 'db_info', { kind: t.database.kind })?.value).toBe(1);
    if (t.database.kind === 'postgres')
      expect(sample(all, 'db_pool_connections', { state: 'open' })?.value).toBeGreaterThanOrEqual(1);
    expect(sample(all, 'process_resident_memory_bytes', {})?.value).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('report a PostgreSQL pool as it stands at scrape time', async () => {
    let waiting = 0;
    const metrics = new Metrics({
      database: { kind: 'postgres', poolStats: () => ({ total: 7, idle: 2, waiting, max: 10 }) },
      kept: () => [],
    });
    waiting = 4;
    const all = samples(await metrics.text());
    expect(sample(all, 'db_pool_connections', { state: 'open' })?.value).toBe(7);
    expect(sample(all, 'db_pool_connections', { state: 'idle' })?.value).toBe(2);
    expect(sample(all, 'db_pool_connections', { state: 'max' })?.value).toBe(10);
    expect(sample(all, 'db_pool_waiting_queries', {})?.value).toBe(4);
  });

  it('are served at /metrics on a listener of their own, and nothing else is', async () => {
    const server = await startMetricsServer(t.app.metrics, { port: 0, host: '127.0.0.1', log: t.app.log });
    try {
      const base = `http://127.0.0.1:${server.address.port}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      expect(await response.text()).toContain(
        'http_requests_total{method="GET",route="/api/student/courses",status="200"}',
      );
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
  });
});
