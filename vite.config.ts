import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
// With its extension, as Vite's coming native config loader requires (.js names the .ts file).
import { precompressDir } from './server/plugins/precompressed.js';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/** Brotli and gzip copies of every text file of the build, served as they are by server/plugins/spa.ts. */
function precompress(): Plugin {
  return {
    name: 'academy-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      handler() {
        const { files, bytes, brotliBytes } = precompressDir(outDir);
        this.info(`precompressed ${files} files: ${Math.round(bytes / 1024)} KB, ${Math.round(brotliBytes / 1024)} KB in brotli`);
      },
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // mathlive's own chunk (about 810 KB, 220 KB gzipped) is loaded only where an exercise has a math blank.
    chunkSizeWarningLimit: 850,
    rollupOptions: {
      output: {
        // A first visit fetches one script with what every page needs (React, the router, the shell and the kit's
        // parts it uses) and the page's own; the other files hold what pages share: the form libraries (with the
        // kit's form helper), the dialogs and tabs (Radix and its helpers), the rest of the kit and the icons. A
        // group takes what its modules import unless a group of higher priority has it.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 50 },
            { name: 'forms', test: /[\\/]node_modules[\\/](?:zod|react-hook-form|@hookform)[\\/]|[\\/]web[\\/]ui[\\/]form\.ts$/, priority: 30 },
            {
              name: 'dialogs',
              test: /[\\/]web[\\/]ui[\\/](?:Dialog|ConfirmDialog|FormDialog|Tabs)\.tsx$|[\\/]node_modules[\\/](?:@radix-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es|tslib)[\\/]/,
              priority: 20,
            },
            { name: 'kit', test: /[\\/]web[\\/]ui[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
