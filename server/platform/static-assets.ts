import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { acceptsEncoding, type Answerer, type FrontAnswer } from './front-door';

/** One built, content-hashed file held in memory with the precompressed variants the build wrote next to it. */
type Asset = { type: string; identity: Buffer; br?: Buffer; gzip?: Buffer };

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Hashed file names never change content: a year, and no revalidation. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The assets held in memory are capped, so an unusual build cannot take the process's memory. */
const MAX_BYTES = 64 * 1024 * 1024;

function tryRead(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Reads `<distDir>/assets` (Vite's content-hashed output) into memory, keyed by URL path. */
export function loadAssets(distDir: string): Map<string, Asset> {
  const root = join(distDir, 'assets');
  const assets = new Map<string, Asset>();
  let total = 0;
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue;
      const type = TYPES[extname(name).toLowerCase()];
      if (!type) continue;
      const identity = readFileSync(path);
      const asset: Asset = { type, identity, br: tryRead(`${path}.br`), gzip: tryRead(`${path}.gz`) };
      total += identity.length + (asset.br?.length ?? 0) + (asset.gzip?.length ?? 0);
      if (total > MAX_BYTES) return;
      assets.set(`/assets/${relative(root, path).split(sep).join('/')}`, asset);
    }
  };
  walk(root);
  return assets;
}

/**
 * Answers GET/HEAD of a built asset from memory (for the front door): brotli or gzip by Accept-Encoding,
 * `public, max-age=31536000, immutable`. Anything else (index.html, /sw.js, public files) goes on to
 * @fastify/static.
 */
export function assetAnswerer(assets: Map<string, Asset>): Answerer {
  // Every answer is built once, here: copying headers per request (object spread) filled the old generation under
  // load (ADR 019).
  const answers = new Map<string, { identity: FrontAnswer; br?: FrontAnswer; gzip?: FrontAnswer }>();
  for (const [path, asset] of assets) {
    const base: Record<string, string> = {
      'cache-control': IMMUTABLE,
      'content-type': asset.type,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      ...(asset.br || asset.gzip ? { vary: 'accept-encoding' } : {}),
    };
    const ok = (body: Buffer, encoding?: 'br' | 'gzip'): FrontAnswer => ({
      status: 200,
      headers: { ...base, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': String(body.length) },
      body,
    });
    answers.set(path, { identity: ok(asset.identity), br: asset.br && ok(asset.br, 'br'), gzip: asset.gzip && ok(asset.gzip, 'gzip') });
  }
  return (method, url, headers) => {
    if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/assets/')) return undefined;
    const q = url.indexOf('?');
    const answer = answers.get(q === -1 ? url : url.slice(0, q));
    if (!answer) return undefined;
    const ae = headers['accept-encoding'];
    if (answer.br && acceptsEncoding(ae, 'br')) return answer.br;
    if (answer.gzip && acceptsEncoding(ae, 'gzip')) return answer.gzip;
    return answer.identity;
  };
}
