import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';

/** The route label of a request no route matched: scanners' URLs must not each become a series. */
export const UNMATCHED = 'unmatched';

/** From a kept view's 1 ms to the slowest answers worth telling apart (2 s); slower ones land in +Inf. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2];

interface MethodSeries {
  duration: Histogram.Internal<'method' | 'route'>;
  byStatus: Map<number, Counter.Internal>;
}

/**
 * The series of one route pattern. prom-client finds a labelled child by hashing its label values on every call;
 * resolved once here, a request costs two map lookups.
 */
export class RouteSeries {
  private readonly byMethod = new Map<string, MethodSeries>();

  constructor(
    private readonly route: string,
    private readonly requests: Counter<'method' | 'route' | 'status'>,
    private readonly durations: Histogram<'method' | 'route'>,
  ) {}

  observe(method: string, status: number, seconds: number): void {
    let series = this.byMethod.get(method);
    if (!series) {
      series = { duration: this.durations.labels(method, this.route), byStatus: new Map() };
      this.byMethod.set(method, series);
    }
    let count = series.byStatus.get(status);
    if (!count) {
      count = this.requests.labels(method, this.route, String(status));
      series.byStatus.set(status, count);
    }
    count.inc();
    series.duration.observe(seconds);
  }
}

/** What one kept view or memo holds now; the kept plugin reports its sizes in this shape. */
export interface KeptSize {
  kind: 'view' | 'memo';
  name: string;
  entries: number;
  bytes: number;
  maxBytes: number;
}

export interface MetricSources {
  database: Pick<Database, 'kind' | 'poolStats'>;
  kept: () => KeptSize[];
}

/**
 * The instance's Prometheus figures, in a registry of its own (tests build several apps in one process): requests
 * and their durations by route pattern, the database pool, the kept views and memos, and the process.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by route pattern',
      labelNames: ['method', 'route'],
      buckets: DURATION_BUCKETS,
      registers,
    });

    new Gauge({
      name: 'db_info',
      help: 'The database this instance uses (kind: pglite or postgres)',
      labelNames: ['kind'],
      registers,
    }).set({ kind: sources.database.kind }, 1);
    const poolStats = sources.database.poolStats?.bind(sources.database);
    if (poolStats) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Connections of the PostgreSQL pool: open (busy or idle), idle, and the most it opens',
        labelNames: ['state'],
        registers,
        collect() {
          const stats = poolStats();
          this.set({ state: 'open' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'max' }, stats.max);
        },
      });
      new Gauge({
        name: 'db_pool_waiting_queries',
        help: 'Queries waiting for a pool connection',
        registers,
        collect() {
          this.set(poolStats().waiting);
        },
      });
    }

    // Read at scrape time: the kept stores count their own entries and bytes, nothing is counted per request.
    const keptGauge = (name: string, help: string, figure: (size: KeptSize) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind', 'name'],
        registers,
        collect() {
          for (const size of sources.kept()) this.set({ kind: size.kind, name: size.name }, figure(size));
        },
      });
    keptGauge('kept_entries', 'Entries of each kept view and memo (server/plugins/kept.ts)', (size) => size.entries);
    keptGauge('kept_bytes', 'Bytes of each kept view and memo, as measured against its limit', (size) => size.bytes);
    keptGauge('kept_max_bytes', 'The byte limit of each kept view and memo', (size) => size.maxBytes);

    collectDefaultMetrics({ register: this.registry });
  }

  /** The series of a route pattern (`/api/courses/:id`), to keep with the route. */
  route(pattern: string): RouteSeries {
    return new RouteSeries(pattern, this.requests, this.durations);
  }

  /** The Prometheus text of every figure. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

export interface MetricsServer {
  address: AddressInfo;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT): a plain Node server rather than a route of the academy, so the
 * figures stay out of the proxy's reach and out of the access rules, and still answer while the academy turns
 * requests away under load, when they matter most.
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string; log: FastifyBaseLogger },
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: the figures are at /metrics\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response
        .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
        .end('Method not allowed\n');
      return;
    }
    metrics.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'collecting the metrics failed');
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end('The metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        // A scraper keeps its connection open between scrapes: it must not hold the shutdown.
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
