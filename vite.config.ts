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
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // A first visit fetches a handful of files, not a dozen of a few hundred bytes each: the UI kit and the
        // icons that pages share travel together, and so do the form libraries.
        codeSplitting: {
          groups: [
            { name: 'kit', test: /[\\/]web[\\/]ui[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/, minShareCount: 2 },
            { name: 'forms', test: /[\\/]node_modules[\\/](?:zod|react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
