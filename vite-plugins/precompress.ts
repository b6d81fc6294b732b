import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function writeVariants(path: string): Promise<void> {
  const original = await readFile(path);
  const br = await toBrotli(original, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: original.length },
  });
  const gz = await toGzip(original, { level: constants.Z_BEST_COMPRESSION });
  await Promise.all([
    br.length < original.length && writeFile(`${path}.br`, br),
    gz.length < original.length && writeFile(`${path}.gz`, gz),
  ]);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at maximum compression,
 * once: the BFF picks one by the request's Accept-Encoding and never compresses at request time.
 * A variant that would not be smaller is left out (the BFF then serves the file itself).
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = await readdir(dir, { recursive: true });
      await Promise.all(files.filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite')).map((f) => writeVariants(join(dir, f))));
    },
  };
}
