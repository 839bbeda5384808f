import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LANDING_DIR, LandingPage, type LandingCatalogue } from './landing';
import { isCompressible } from './precompressed';

/**
 * Serves the built web app with a history fallback: any GET outside /api that is not a file answers index.html,
 * or the build's copy of it for a first-visit page.
 * Hashed assets are cached for a year; index.html never, so a deploy shows at once. Text files go out as the
 * brotli or gzip variant the build wrote beside them (precompressed.ts), whichever the browser accepts: no
 * compression per request. The landing page, given its catalogue, is the one drawn with it (landing.ts).
 */
export async function registerSpa(app: FastifyInstance, distDir: string, catalogue?: LandingCatalogue): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`No built web app in ${distDir}: run "npm run build". The API works without it.`);
    return;
  }
  const firstVisit = firstVisitPages(distDir);
  const landing = catalogue ? await LandingPage.open(distDir, catalogue, app.log) : null;
  // Drawn before the first visitor asks.
  if (landing) app.addHook('onReady', async () => void landing.get());
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
    const page = pathname === '/' && landing ? await landing.get() : null;
    if (page) {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      reply.headers({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        vary: 'accept-encoding',
      });
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gz : page.html);
    }
    return reply.sendFile(firstVisit.get(pathname) ?? 'index.html');
  });
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
