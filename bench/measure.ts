import autocannon from 'autocannon';

export interface BenchResult {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
}

/**
 * What a browser sends with every request besides its cookie. Kept views go gzipped to clients that accept it,
 * as every browser does, so measuring without it would time an answer no user receives.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Seconds of load per measurement (BENCH_SECONDS, default 8). */
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

/** A one-second warm-up, then the load itself; any answer that is not 2xx fails the benchmark. */
export async function measure(name: string, options: autocannon.Options & { connections: number }): Promise<BenchResult> {
  await autocannon({ ...options, connections: Math.min(2, options.connections), duration: 1 });
  const result = await autocannon({ timeout: 30, ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx and ${result.errors} failed`);
  return { name, connections: options.connections, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}
