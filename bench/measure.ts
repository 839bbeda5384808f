import autocannon from 'autocannon';
import fs from 'node:fs';
import http from 'node:http';

export interface BenchResult {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  /** Processor milliseconds a request cost each watched group of processes (see watchCpu), when watched. */
  cpuMs?: Record<string, number>;
}

/**
 * The processes whose processor time each load counts, by group (the server, the database's backends), or null.
 * On a machine shared with other work the latencies say little; what a request costs the processor says more.
 */
let watched: Record<string, () => number[]> | null = null;
export function watchCpu(groups: Record<string, () => number[]> | null) {
  watched = groups;
}

/** Processor time (user and system) of each watched group so far, in clock ticks; Linux only (/proc). */
export function cpuTicks(): Record<string, number> | null {
  if (!watched) return null;
  const ticks: Record<string, number> = {};
  for (const [group, pids] of Object.entries(watched)) {
    ticks[group] = 0;
    for (const pid of pids()) {
      try {
        // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks[group] += Number(fields[11]) + Number(fields[12]);
      } catch {
        // A process that ended between the listing and the read.
      }
    }
  }
  return ticks;
}

/**
 * Processor milliseconds of each watched group since `before` (a reading of cpuTicks), divided by `requests`; clock
 * ticks are 10 ms on Linux (USER_HZ 100).
 */
export function cpuSince(before: Record<string, number> | null, requests = 1): Record<string, number> | undefined {
  const after = cpuTicks();
  if (!before || !after || requests === 0) return undefined;
  return Object.fromEntries(
    Object.keys(after).map((group) => [
      group,
      Math.round(((after[group] - (before[group] ?? 0)) * 100) / requests) / 10,
    ]),
  );
}

/**
 * What a browser sends with every request besides its cookie. Kept views go gzipped to clients that accept it,
 * as every browser does, so measuring without it would time an answer no user receives.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Seconds of load per measurement (BENCH_SECONDS, default 8). */
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

/** A one-second warm-up, then the load itself; any answer that is not 2xx fails the benchmark. */
export async function measure(
  name: string,
  options: autocannon.Options & { connections: number },
): Promise<BenchResult> {
  await autocannon({ ...options, connections: Math.min(2, options.connections), duration: 1 });
  const before = cpuTicks();
  const result = await autocannon({ timeout: 30, ...options, duration: DURATION_S });
  const cpuMs = cpuSince(before, result.requests.total);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} answers were not 2xx and ${result.errors} failed`);
  return {
    name,
    connections: options.connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ...(cpuMs ? { cpuMs } : {}),
  };
}

/**
 * The same measurement with a plain Node client that discards the body as it arrives, for answers of hundreds
 * of kilobytes: autocannon reads about 40 MB/s, which caps a 578 KB answer near 70 req/s whatever the server
 * does (a single curl gets the same answer in 2 ms). GET only.
 */
export async function measureLarge(
  name: string,
  /** `urls`: connection k reads the k-th (modulo their number) instead of `url`, each its own screen. */
  options: { url: string; urls?: string[]; headers: Record<string, string>; connections: number },
): Promise<BenchResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const urls = options.urls?.length ? options.urls : [options.url];
  const get = (connection: number) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(urls[connection % urls.length], { agent, headers: options.headers }, (response) => {
          response.on('data', () => {});
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
  const run = async (seconds: number, connections: number) => {
    const latencies: number[] = [];
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, connection) => {
        while (Date.now() < end) {
          const started = performance.now();
          const status = await get(connection);
          if (status < 200 || status > 299) throw new Error(`${name}: an answer was ${status}`);
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  };
  await run(1, Math.min(2, options.connections));
  const before = cpuTicks();
  const latencies = await run(DURATION_S, options.connections);
  const cpuMs = cpuSince(before, latencies.length);
  agent.destroy();
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]);
  return {
    name,
    connections: options.connections,
    rps: Math.round(latencies.length / DURATION_S),
    p50: at(0.5),
    p99: at(0.99),
    ...(cpuMs ? { cpuMs } : {}),
  };
}

/** How long one request takes when nothing is kept yet (the first read after a change), in milliseconds. */
export async function firstRead(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return Math.round(performance.now() - started);
}
