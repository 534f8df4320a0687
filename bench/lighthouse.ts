/**
 * Lighthouse (npm package, default mobile config: simulated slow 4G and 4x CPU slowdown) against the Debian
 * chromium, offline, on /, /track/{id} (a real paid food order) and /onboarding of the product with the built
 * client; prints each category score beside its target, and the first load's JavaScript (gzip) of /.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type Customer = { cookie: string; paymentMethodId: string };

async function startProduct(distDir: string) {
  const proc = fork(join(import.meta.dirname, 'product-server.ts'), [], {
    // Offline: map tiles from the product's own placeholder images instead of OpenStreetMap (unreachable here).
    env: { ...process.env, DIST_DIR: distDir, MAP_TILE_URL: '/api/placeholder/256/256?random=tile-{z}-{x}-{y}' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let next = 1;
  const port = await new Promise<number>((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`product-server exited with ${code}`)));
    proc.on('message', (m: { ready?: boolean; port?: number }) => m.ready && resolve(m.port ?? 0));
  });
  const ask = <T>(msg: object) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      const on = (m: { id?: number; result?: T; error?: string }) => {
        if (m.id !== id) return;
        proc.off('message', on);
        if (m.error) reject(new Error(m.error));
        else resolve(m.result as T);
      };
      proc.on('message', on);
      proc.send({ ...msg, id });
    });
  return { port, ask, stop: () => proc.kill('SIGTERM') };
}

/** Books and pays one food order as a customer, through the API; returns its tracking id. */
async function paidFoodOrder(base: string, c: Customer): Promise<string> {
  const json = async (path: string, init?: RequestInit) => {
    const res = await fetch(base + path, init);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown> & Array<Record<string, unknown>>>;
  };
  // A Toronto restaurant: it delivers to the Toronto address below (a restaurant delivers within its radius only).
  const restaurants = (await json('/api/restaurants')) as Array<Record<string, unknown>>;
  const restaurant = restaurants.find((r) => String(r.address).includes('Toronto')) ?? restaurants[0];
  const [item] = await json(`/api/restaurants/${restaurant.id}/menu`);
  const headers = { 'content-type': 'application/json', cookie: c.cookie };
  const items = [{ serviceType: 'food-delivery', serviceId: item.id, quantity: 1, details: { restaurantId: restaurant.id, destination: { lat: 43.65, lng: -79.38, address: '100 Queen St W, Toronto' } } }];
  // The total with the delivery fee, service fee and tax, as the checkout's quote shows it.
  const quoted = await json('/api/bookings/quote', { method: 'POST', headers, body: JSON.stringify({ items }) });
  const booking = await json('/api/bookings', {
    method: 'POST',
    headers,
    body: JSON.stringify({ items, totalAmount: quoted.total }),
  });
  const paid = await json('/api/process-payment', {
    method: 'POST',
    headers,
    body: JSON.stringify({ bookingId: booking.id, amount: Math.round(Number(booking.totalAmount) * 100), currency: 'usd', paymentMethodId: c.paymentMethodId }),
  });
  return String(paid.trackingId);
}

/** Gzipped sizes of the JavaScript files a page loaded (as the build wrote them), largest first. */
function gzippedJs(distDir: string, urls: string[]): Array<{ file: string; bytes: number }> {
  const files = [];
  for (const u of urls) {
    const path = join(distDir, new URL(u).pathname);
    if (existsSync(path)) files.push({ file: new URL(u).pathname.replace(/^\/assets\//, ''), bytes: gzipSync(readFileSync(path), { level: 9 }).length });
  }
  return files.sort((a, b) => b.bytes - a.bytes);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * `runs` > 1 (`--lighthouse-runs=N`) runs each page N times and judges the median score: on a shared machine the CPU
 * Lighthouse measures (its benchmark index, printed per run) varies by half from one run to the next, and total
 * blocking time with it.
 */
export async function lighthouseBench(runs = 1, only?: string) {
  const distDir = process.env.DIST_DIR ?? join(process.cwd(), 'dist/client');
  console.log('\nLighthouse (mobile, default throttling; chromium headless, offline)');
  if (!existsSync(join(distDir, 'index.html'))) {
    console.log('  no built client: run `npx vite build` first');
    return;
  }
  const product = await startProduct(distDir);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
  try {
    const base = `http://127.0.0.1:${product.port}`;
    const { customers } = await product.ask<{ customers: Customer[] }>({ type: 'customers', n: 1 });
    const trackingId = await paidFoodOrder(base, customers[0]);
    for (const path of ['/', `/track/${trackingId}`, '/onboarding'].filter((p) => !only || p.includes(only))) {
      const name = path.startsWith('/track/') ? '/track/{id}' : path;
      const performance: number[] = [];
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let run = 1; run <= runs; run++) {
        // A run whose trace Lighthouse could not record (e.g. NO_NAVSTART) has no scores, only "run Lighthouse
        // again": it is run again (twice at most) and said so; a run with scores is never repeated.
        result = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
        for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
          console.log(`  ${name}: Lighthouse failed (${result.lhr.runtimeError.code}), running it again`);
          result = await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
        }
        if (!result) throw new Error('lighthouse returned nothing');
        const { audits, categories, environment } = result.lhr;
        performance.push(Math.round((categories.performance?.score ?? 0) * 100));
        if (runs > 1) {
          console.log(
            `  ${name} run ${run}: performance ${performance.at(-1)}, TBT ${audits['total-blocking-time']?.displayValue}, LCP ${audits['largest-contentful-paint']?.displayValue}; CPU benchmark index ${Math.round(environment.benchmarkIndex)}`,
          );
        }
      }
      if (!result) throw new Error('lighthouse returned nothing');
      const lhr = result.lhr;
      // BENCH_LIGHTHOUSE_DIR=<dir> keeps each page's full report (JSON) and trace for a closer look.
      if (process.env.BENCH_LIGHTHOUSE_DIR) {
        mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
        const file = path === '/' ? 'home' : path.split('/')[1];
        writeFileSync(join(process.env.BENCH_LIGHTHOUSE_DIR, `${file}.json`), JSON.stringify(lhr));
        // The page's trace too (open it in Chrome DevTools' Performance panel).
        if (result.artifacts?.Trace) writeFileSync(join(process.env.BENCH_LIGHTHOUSE_DIR, `${file}.trace.json`), JSON.stringify(result.artifacts.Trace));
      }
      const scores = Object.entries(TARGETS).map(([id, target]) => {
        const score = id === 'performance' ? Math.round(median(performance)) : Math.round((lhr.categories[id]?.score ?? 0) * 100);
        return `${id}${id === 'performance' && runs > 1 ? ` (median of ${runs})` : ''} ${score} (>= ${target} ${score >= target ? 'MET' : 'NOT MET'})`;
      });
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(base)).map((r) => r.url);
      const files = gzippedJs(distDir, scripts);
      const js = files.reduce((sum, f) => sum + f.bytes, 0);
      console.log(`  ${name}: ${scores.join(', ')}${runs > 1 ? ' (other figures: the last run)' : ''}`);
      console.log(`    FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}; JavaScript loaded ${(js / 1024).toFixed(1)} KB gzip in ${scripts.length} files${path === '/' ? ` (target <= 160 KB ${js <= 160 * 1024 ? 'MET' : 'NOT MET'})` : ''}`);
      const lcp = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { selector?: string } }> }> } | undefined)?.items?.[0]?.items?.[0]?.node?.selector;
      if (lcp) console.log(`    LCP element: ${lcp}`);
      console.log(`    largest: ${files.slice(0, 6).map((f) => `${f.file} ${(f.bytes / 1024).toFixed(1)} KB`).join(', ')}`);
      for (const [id, cat] of Object.entries(lhr.categories)) {
        if ((cat.score ?? 0) >= 1 || id === 'performance') continue;
        const failing = cat.auditRefs.filter((a) => a.weight > 0 && (lhr.audits[a.id]?.score ?? 1) < 1).map((a) => a.id);
        if (failing.length) console.log(`    ${id} loses points on: ${failing.join(', ')}`);
        for (const a of failing) {
          const items = (lhr.audits[a]?.details as { items?: unknown[] } | undefined)?.items ?? [];
          for (const item of items.slice(0, 3)) console.log(`      ${a}: ${JSON.stringify(item).slice(0, 300)}`);
        }
      }
    }
  } finally {
    chrome.kill();
    product.stop();
  }
}
