import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * Vite plugin: after the build has been written (the service worker included), writes `<file>.br` (brotli, best
 * quality) and `<file>.gz` (gzip level 9) next to every text file of at least `threshold` bytes whose compressed
 * form is smaller. The server sends them by Accept-Encoding (server/platform/static-assets.ts, @fastify/static
 * preCompressed), so no asset is compressed per request.
 */
export function precompress({ threshold = 1024 }: { threshold?: number } = {}): Plugin {
  let outDir = '';
  return {
    name: 'go-live:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config: ResolvedConfig) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const jobs: Promise<void>[] = [];
        for await (const path of walk(outDir)) {
          if (!COMPRESSIBLE.test(path)) continue;
          jobs.push(
            (async () => {
              if ((await stat(path)).size < threshold) return;
              const data = await readFile(path);
              const [br, gzipped] = await Promise.all([
                brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
                gz(data, { level: 9 }),
              ]);
              if (br.length < data.length) await writeFile(`${path}.br`, br);
              if (gzipped.length < data.length) await writeFile(`${path}.gz`, gzipped);
            })(),
          );
        }
        await Promise.all(jobs);
      },
    },
  };
}
