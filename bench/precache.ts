/**
 * The service worker's precache (ADR 014): how many files and how many KB a first visit downloads for offline use.
 * Read from the built /sw.js (the manifest Workbox injected) and the files in the build; needs `npm run build`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The precache entries injected into the built worker: `{"revision":...,"url":"..."}`. */
export function precacheUrls(swSource: string): string[] {
  return [...new Set([...swSource.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]))];
}

export function precacheBench(distDir = process.env.DIST_DIR ?? resolve(import.meta.dirname, '../dist/client')): void {
  const sw = join(distDir, 'sw.js');
  if (!existsSync(sw)) {
    console.log(`precache: no built service worker in ${distDir} (run \`npm run build\` first)`);
    return;
  }
  const urls = precacheUrls(readFileSync(sw, 'utf8'));
  let bytes = 0;
  let gzipped = 0;
  const missing: string[] = [];
  for (const url of urls) {
    const file = join(distDir, url);
    if (!existsSync(file)) {
      missing.push(url);
      continue;
    }
    bytes += statSync(file).size;
    gzipped += gzipSync(readFileSync(file)).length;
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `precache: ${urls.length} files, ${kb(bytes)} KB (${kb(gzipped)} KB gzipped on the wire), worker ${kb(statSync(sw).size)} KB${missing.length ? `; missing from the build: ${missing.join(', ')}` : ''}`,
  );
}
