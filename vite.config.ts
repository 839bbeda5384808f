import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// With its extension, as Vite's coming native config loader requires (.js names the .ts file).
import { precompressDir } from './server/plugins/precompressed.js';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const alias = { '@common': fileURLToPath(new URL('./common', import.meta.url)) };
/**
 * Where the landing page's renderer goes (web/prerender.tsx built for Node) with the page's shell: the server draws
 * the landing page with them whenever the catalogue changes (server/plugins/landing.ts). Never served as files.
 */
const LANDING_DIR = 'landing';

/** Brotli and gzip copies of every text file of the build, served as they are by server/plugins/spa.ts. */
function precompress(): Plugin {
  return {
    name: 'academy-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      handler() {
        // The landing page's renderer runs in the server; no browser fetches it.
        const { files, bytes, brotliBytes } = precompressDir(outDir, [LANDING_DIR]);
        this.info(
          `precompressed ${files} files: ${Math.round(bytes / 1024)} KB, ${Math.round(brotliBytes / 1024)} KB in brotli`,
        );
      },
    },
  };
}

/**
 * The pages a first visit most often opens, by address, with the modules that draw them. Each gets a copy of
 * index.html that names their scripts and styles, served for that address (server/plugins/spa.ts): the browser
 * fetches them beside the first script instead of after it has run, one round trip less before the page shows.
 * A page marked `prerender` comes drawn as well (web/prerender.tsx): the browser paints it before any script has
 * run, so its scripts are not preloaded, leaving the line to its styles (Lighthouse on `/`: 95-96 -> 97, LCP
 * 2.30-2.42 -> 2.21 s). Only a page that every visitor sees the same way before the auth check ends can be
 * prerendered: the landing page.
 */
const FIRST_VISIT_PAGES: Record<string, { modules: string[]; prerender?: true }> = {
  '/': { modules: ['features/public/HomePage.tsx'], prerender: true },
  '/signin': { modules: ['features/account/SignInPage.tsx'] },
  // Students are most of those who sign in: their home comes with the dashboard.
  '/dashboard': { modules: ['features/dashboard/DashboardPage.tsx', 'features/assigned-learning/StudentHome.tsx'] },
};

const EMPTY_ROOT = '<div id="root"></div>';

/** Builds web/prerender.tsx for Node into dist/landing/render.js, and answers the path of that file. */
async function buildRenderer(): Promise<string> {
  const dir = path.join(outDir, LANDING_DIR);
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias },
    build: {
      ssr: 'prerender.tsx',
      outDir: dir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'render.js' } },
    },
  });
  return path.join(dir, 'render.js');
}

/**
 * Each prerendered page's markup, drawn by the renderer the build makes of web/prerender.tsx, the one the server
 * uses. The build knows no catalogue: its landing page shows none, and is served only until the server has drawn
 * its own.
 */
async function prerenderPages(addresses: string[]): Promise<Map<string, string>> {
  const markup = new Map<string, string>();
  if (addresses.length === 0) return markup;
  const renderer = await buildRenderer();
  const { prerenderPage } = (await import(pathToFileURL(renderer).href)) as {
    prerenderPage(address: string): Promise<string>;
  };
  for (const address of addresses) markup.set(address, await prerenderPage(address));
  return markup;
}

/** Writes dist/first-visit/<page>.html for FIRST_VISIT_PAGES and dist/first-visit.json naming them by address. */
function firstVisitPages(): Plugin {
  const links = new Map<string, string[]>();
  return {
    name: 'academy-first-visit-pages',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      // What the first script brings is already on its way.
      const initial = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
      for (const [address, { modules, prerender }] of Object.entries(FIRST_VISIT_PAGES)) {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (initial.has(fileName) || scripts.has(fileName)) return;
          const chunk = chunks.find((c) => c.fileName === fileName)!;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/web/${module}`));
          if (!chunk)
            this.error(`first-visit page ${address}: no chunk for web/${module} (renamed or no longer lazy?)`);
          visit(chunk.fileName);
        }
        links.set(address, [
          ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ...(prerender ? [] : [...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)),
        ]);
      }
    },
    async writeBundle() {
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!index.includes(EMPTY_ROOT))
        this.error(`index.html no longer holds ${EMPTY_ROOT}, where prerendered pages go`);
      const drawn = await prerenderPages(
        Object.keys(FIRST_VISIT_PAGES).filter((address) => FIRST_VISIT_PAGES[address].prerender),
      );
      const pages: Record<string, string> = {};
      fs.mkdirSync(path.join(outDir, 'first-visit'), { recursive: true });
      for (const [address, tags] of links) {
        const file = `first-visit/${address === '/' ? 'home' : address.slice(1).replaceAll('/', '-')}.html`;
        const shell = index.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
        const html = shell.replace(EMPTY_ROOT, `<div id="root">${drawn.get(address) ?? ''}</div>`);
        fs.writeFileSync(path.join(outDir, file), html);
        // The page before it is drawn: the server puts the landing page it draws in its root.
        if (address === '/') fs.writeFileSync(path.join(outDir, LANDING_DIR, 'shell.html'), shell);
        pages[address] = file;
      }
      fs.writeFileSync(path.join(outDir, 'first-visit.json'), `${JSON.stringify(pages, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), firstVisitPages(), precompress()],
  resolve: { alias },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // mathlive's own chunk (about 810 KB, 220 KB gzipped) is loaded only where an exercise has a math blank.
    chunkSizeWarningLimit: 850,
    rollupOptions: {
      output: {
        // A first visit fetches one script with what every page needs (React, the router, the shell and the kit's
        // parts it uses) and the page's own; the other files hold what pages share: the form library (with the
        // kit's form helper), zod, the dialogs and tabs (Radix and its helpers), the rest of the kit and the icons. A
        // group takes what its modules import unless a group of higher priority has it.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 50 },
            {
              name: 'forms',
              test: /[\\/]node_modules[\\/](?:react-hook-form|@hookform)[\\/]|[\\/]web[\\/]ui[\\/]form\.ts$/,
              priority: 30,
            },
            // Apart from the form library: the landing page's form loads its schema, and zod with it, on the first submit.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 30 },
            {
              name: 'dialogs',
              test: /[\\/]web[\\/]ui[\\/](?:Dialog|ConfirmDialog|FormDialog|Tabs)\.tsx$|[\\/]node_modules[\\/](?:@radix-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|tslib)[\\/]/,
              priority: 20,
            },
            {
              name: 'kit',
              test: /[\\/]web[\\/]ui[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/,
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
