import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Where the build put the landing page's renderer and its shell (vite.config.ts). */
export const LANDING_DIR = 'landing';
const EMPTY_ROOT = '<div id="root"></div>';

/** What the landing page shows that the build cannot know: the published catalogue, and when it changes. */
export interface LandingCatalogue {
  load(): Promise<unknown[]>;
  /** Calls `changed` whenever the catalogue may have changed, on this instance or another. */
  listen(changed: () => void): Promise<void>;
}

interface Renderer {
  prerenderLanding(catalogue: unknown[], academy: unknown): Promise<{ root: string; head: string }>;
}

/** The drawn page, with the copies a browser may ask for. */
export interface LandingVariants {
  html: Buffer;
  br: Buffer;
  gz: Buffer;
}

/**
 * The landing page drawn with the published catalogue and the academy's details, by the renderer the build made of
 * web/prerender.tsx. It is drawn again on the first request after a change to the catalogue (announced on the
 * catalogue channel) or to the details (the text the caller passes), so every instance serves the page as it is,
 * prerendered and compressed once per change. When drawing fails the caller serves the build's own page.
 */
export class LandingPage {
  private generation = 0;
  private drawn: { generation: number; academy: string | null; page: Promise<LandingVariants> } | null = null;
  private renderer: Promise<Renderer> | null = null;

  private constructor(
    private readonly dir: string,
    private readonly shell: string,
    private readonly catalogue: LandingCatalogue,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The landing page of a build, or null when the build has no renderer (an older build, or none). */
  static async open(distDir: string, catalogue: LandingCatalogue, log: FastifyBaseLogger): Promise<LandingPage | null> {
    const dir = path.join(distDir, LANDING_DIR);
    const shellFile = path.join(dir, 'shell.html');
    if (!fs.existsSync(shellFile) || !fs.existsSync(path.join(dir, 'render.js'))) return null;
    const shell = fs.readFileSync(shellFile, 'utf8');
    if (!shell.includes(EMPTY_ROOT)) return null;
    const page = new LandingPage(dir, shell, catalogue, log);
    await catalogue.listen(() => page.changed());
    return page;
  }

  changed(): void {
    this.generation++;
  }

  /**
   * The page as the catalogue is now, with the academy's details (their JSON text; null: the defaults). A failure
   * is logged and answered null, for the build's page to be served.
   */
  async get(academy: string | null = null): Promise<LandingVariants | null> {
    if (!this.drawn || this.drawn.generation !== this.generation || this.drawn.academy !== academy) {
      const page = this.draw(academy);
      this.drawn = { generation: this.generation, academy, page };
      // A failed drawing is tried again on the next request.
      page.catch(() => {
        if (this.drawn?.page === page) this.drawn = null;
      });
    }
    try {
      return await this.drawn.page;
    } catch (error) {
      this.log.error({ err: error }, 'drawing the landing page failed: serving the build’s');
      return null;
    }
  }

  private async draw(academy: string | null): Promise<LandingVariants> {
    this.renderer ??= import(pathToFileURL(path.join(this.dir, 'render.js')).href) as Promise<Renderer>;
    const [renderer, catalogue] = await Promise.all([this.renderer, this.catalogue.load()]);
    const { root, head } = await renderer.prerenderLanding(catalogue, academy === null ? null : JSON.parse(academy));
    const html = Buffer.from(
      this.shell.replace('</head>', `  ${head}\n  </head>`).replace(EMPTY_ROOT, () => `<div id="root">${root}</div>`),
    );
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
      gzip(html, { level: 6 }),
    ]);
    return { html, br, gz };
  }
}
