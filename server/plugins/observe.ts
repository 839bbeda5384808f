import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type onResponseHookHandler,
} from 'fastify';
import { type Metrics, type RouteSeries, UNMATCHED } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's Prometheus figures, served on METRICS_PORT (lib/metrics.ts). */
    metrics: Metrics;
  }
}

/**
 * Fastify's own two lines per request carry the raw URL (ids, query strings that may hold an e-mail): the one line
 * below replaces them. Its lines of failures (a stream cut short, an answer that could not be written) stay.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ err: error, status: reply.statusCode }, 'the answer failed');
  }
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The longest unmatched path a log line repeats: scanners send very long ones. */
const MAX_LOGGED_PATH = 200;

function finish(request: FastifyRequest, reply: FastifyReply, route: string, series: RouteSeries, path?: string): void {
  const ms = reply.elapsedTime;
  series.observe(request.method, reply.statusCode, ms / 1000);
  // The pattern, never the URL: ids stay out of the route, and query strings (which may hold an e-mail) out of the log.
  // The request id comes with request.log; the user is known on the routes that ask for a session.
  request.log.info(
    {
      route,
      method: request.method,
      status: reply.statusCode,
      durationMs: Math.round(ms * 10) / 10,
      userId: request.user?.id,
      path,
    },
    'request completed',
  );
}

/**
 * One log line and one count per answered request, by route pattern. Each route gets its own hook, made when the
 * route is added, that knows its pattern and its series: nothing is looked up per request but the method and
 * status. Requests no route matched are counted as `unmatched`. Registered before any route.
 */
export function registerObservation(app: FastifyInstance, metrics: Metrics): void {
  app.decorate('metrics', metrics);
  app.addHook('onRoute', (route) => {
    const series = metrics.route(route.url);
    const observe: onResponseHookHandler = (request, reply, done) => {
      finish(request, reply, route.url, series, undefined);
      done();
    };
    route.onResponse = [...asList(route.onResponse), observe];
  });
  const unmatched = metrics.route(UNMATCHED);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404)
      finish(request, reply, UNMATCHED, unmatched, request.url.split('?')[0].slice(0, MAX_LOGGED_PATH));
    done();
  });
}
