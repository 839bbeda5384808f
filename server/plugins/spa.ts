import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isCompressible } from './precompressed';

/**
 * Serves the built web app with a history fallback: any GET outside /api that is not a file answers index.html,
 * or the build's copy of it for a first-visit page.
 * Hashed assets are cached for a year; index.html never, so a deploy shows at once. Text files go out as the
 * brotli or gzip variant the build wrote beside them (precompressed.ts), whichever the browser accepts: no
 * compression per request.
 *
 * With `pageData`, every page carries it in a `<meta name="academy">` before `</head>` (the academy's name, contact
 * details and social links), so the footer and contact page draw the current values without a request of their
 * own. A page is compressed again only when the data changes; the data's reader keeps it between requests.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  pageData?: () => Promise<string>,
): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`No built web app in ${distDir}: run "npm run build". The API works without it.`);
    return;
  }
  const firstVisit = firstVisitPages(distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own Cache-Control below: a year for hashed assets, revalidation for everything else.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The path is the variant sent (app.js.br); a cache must keep one answer per accepted encoding.
      if (isCompressible(filePath.replace(/\.(?:br|gz)$/, ''))) res.setHeader('Vary', 'accept-encoding');
    },
  });
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.code(404).send({ message: `No such endpoint: GET ${pathname}`, code: 'NOT_FOUND' });
    }
    const relative = decodeURIComponent(pathname).replace(/^\/+/, '');
    const file = path.join(distDir, relative);
    if (relative && file.startsWith(distDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(relative);
    }
    const page = firstVisit.get(pathname) ?? 'index.html';
    if (!pageData) return reply.sendFile(page);
    return sendPage(request, reply, await pages.render(page, await pageData()));
  });
  const pages = new PagesWithData(distDir);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface RenderedPage {
  data: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The app's HTML pages with the data meta in their head, compressed once per change of the data. */
class PagesWithData {
  private readonly rendered = new Map<string, Promise<RenderedPage>>();
  private readonly sources = new Map<string, string>();

  constructor(private readonly distDir: string) {}

  render(file: string, data: string): Promise<RenderedPage> {
    const kept = this.rendered.get(file);
    const fresh = kept?.then((page) => (page.data === data ? page : this.compress(file, data)));
    const next = fresh ?? this.compress(file, data);
    this.rendered.set(file, next);
    // A failure is not kept: the next request tries again.
    next.catch(() => this.rendered.get(file) === next && this.rendered.delete(file));
    return next;
  }

  private async compress(file: string, data: string): Promise<RenderedPage> {
    let source = this.sources.get(file);
    if (source === undefined) {
      source = fs.readFileSync(path.join(this.distDir, file), 'utf8');
      this.sources.set(file, source);
    }
    const body = Buffer.from(
      source.replace('</head>', `<meta name="academy" content="${escapeAttribute(data)}"></head>`),
    );
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(body, { level: 9 }),
    ]);
    return { data, body, br, gzip: gz };
  }
}

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/** Sends a page in the encoding the browser prefers of brotli and gzip, as the static handler would. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply {
  const accepted = encodingsOf(request.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (accepted.has('br')) return reply.header('content-encoding', 'br').send(page.br);
  if (accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.body);
}

/** The codings an Accept-Encoding header allows (a q of 0 refuses one). */
function encodingsOf(header: string | undefined): Set<string> {
  const codings = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (coding && (q === undefined || Number(q.slice(2)) > 0)) codings.add(coding.trim());
  }
  return codings;
}

/**
 * The copies of index.html the build wrote for the pages a first visit most often opens (vite.config.ts), by
 * address: each names its page's scripts and styles, so the browser fetches them beside the first script.
 */
function firstVisitPages(distDir: string): Map<string, string> {
  const listing = path.join(distDir, 'first-visit.json');
  if (!fs.existsSync(listing)) return new Map();
  return new Map(Object.entries(JSON.parse(fs.readFileSync(listing, 'utf8')) as Record<string, string>));
}
