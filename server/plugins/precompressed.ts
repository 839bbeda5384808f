import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The built files worth compressing: text, and fonts that are not compressed already (woff2 and woff are).
 * Every such file gets both variants at build time, so the server can say `Vary: accept-encoding` from the name.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|ttf|map)$/;

export const isCompressible = (file: string) => COMPRESSIBLE.test(file);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip, level 9) beside every compressible file under `dir`
 * but those of `skipFolders` (files no browser fetches):
 * the compression is paid once at build time, and the server only picks the variant the browser accepts.
 */
export function precompressDir(
  dir: string,
  skipFolders: string[] = [],
): { files: number; bytes: number; brotliBytes: number } {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  const skipped = skipFolders.map((folder) => path.join(dir, folder) + path.sep);
  for (const file of filesUnder(dir).filter((f) => isCompressible(f) && !skipped.some((s) => f.startsWith(s)))) {
    const content = fs.readFileSync(file);
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [zlib.constants.BROTLI_PARAM_MODE]: file.endsWith('.ttf')
          ? zlib.constants.BROTLI_MODE_FONT
          : zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
    files += 1;
    bytes += content.length;
    brotliBytes += brotli.length;
  }
  return { files, bytes, brotliBytes };
}
