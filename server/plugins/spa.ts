import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LANDING_DIR, LandingPage, type LandingCatalogue } from './landing';
import { isCompressible } from './precompressed';

/** What the server adds to the build's pages. */
export interface PageExtras {
  /** The landing page is drawn with the published catalogue (landing.ts) instead of the build's copy. */
  catalogue?: LandingCatalogue;
  /**
   * Every page carries this text in a `<meta name="academy">` before `</head>` (the academy's name, contact details
   * and social links), so the footer and contact page draw the current values without a request of their own; the
   * landing page is drawn with them as well. A page is compressed again only when the text (or the drawn landing
   * page) changes; its reader keeps it between requests.
   */
  pageData?: () => Promise<string>;
}

/**
 * Serves the built web app with a history fallback: any GET outside /api that is not a file answers index.html,
 * or the build's copy of it for a first-visit page.
 * Hashed assets are cached for a year; index.html never, so a deploy shows at once. Text files go out as the
 * brotli or gzip variant the build wrote beside them (precompressed.ts), whichever the browser accepts: no
 * compression per request.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  { catalogue, pageData }: PageExtras = {},
): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`No built web app in ${distDir}: run "npm run build". The API works without it.`);
    return;
  }
  const firstVisit = firstVisitPages(distDir);
  const landing = catalogue ? await LandingPage.open(distDir, catalogue, app.log) : null;
  // Drawn before the first visitor asks.
  if (landing)
    app.addHook('onReady', async () => {
      // A failure here is met again, and logged, by the first request.
      void Promise.resolve(pageData?.() ?? null)
        .then((data) => landing.get(data))
        .catch(() => undefined);
    });
  await app.register(fastifyStatic, {
    root: distDir,
    // The landing page's renderer runs here, in the server: it is no file of the site.
    allowedPath: (pathname) => !pathname.startsWith(`/${LANDING_DIR}/`),
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
    const ownFile = !relative.startsWith(`${LANDING_DIR}/`);
    if (
      relative &&
      ownFile &&
      file.startsWith(distDir + path.sep) &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile()
    ) {
      return reply.sendFile(relative);
    }
    // One reading of the details for both the drawn landing page and the meta: the browser takes the page over
    // with the values it was drawn with.
    const data = pageData ? await pageData() : null;
    const drawn = pathname === '/' && landing ? await landing.get(data) : null;
    if (drawn && data === null) return sendPage(request, reply, { body: drawn.html, br: drawn.br, gzip: drawn.gz });
    const page = firstVisit.get(pathname) ?? 'index.html';
    if (data === null) return reply.sendFile(page);
    const source = drawn ? { name: '/', html: drawn.html } : { name: page, html: pages.file(page) };
    return sendPage(request, reply, await pages.render(source.name, source.html, data));
  });
  const pages = new PagesWithData(distDir);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page as sent, in each encoding. */
interface SentPage {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface RenderedPage extends SentPage {
  /** What it was made of: a page is made again when either changes. */
  source: Buffer;
  data: string;
}

/** The app's HTML pages with the data meta in their head, compressed once per change of the data or the page. */
class PagesWithData {
  private readonly rendered = new Map<string, Promise<RenderedPage>>();
  private readonly files = new Map<string, Buffer>();

  constructor(private readonly distDir: string) {}

  /** A page of the build, read once. */
  file(name: string): Buffer {
    let html = this.files.get(name);
    if (html === undefined) {
      html = fs.readFileSync(path.join(this.distDir, name));
      this.files.set(name, html);
    }
    return html;
  }

  render(name: string, source: Buffer, data: string): Promise<RenderedPage> {
    const kept = this.rendered.get(name);
    const fresh = kept?.then((page) =>
      page.data === data && page.source === source ? page : this.compress(source, data),
    );
    const next = fresh ?? this.compress(source, data);
    this.rendered.set(name, next);
    // A failure is not kept: the next request tries again.
    next.catch(() => this.rendered.get(name) === next && this.rendered.delete(name));
    return next;
  }

  private async compress(source: Buffer, data: string): Promise<RenderedPage> {
    const body = Buffer.from(
      source
        .toString('utf8')
        .replace('</head>', () => `<meta name="academy" content="${escapeAttribute(data)}"></head>`),
    );
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(body, { level: 9 }),
    ]);
    return { source, data, body, br, gzip: gz };
  }
}

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/** Sends a page in the encoding the browser prefers of brotli and gzip, as the static handler would. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: SentPage): FastifyReply {
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
