/**
 * `npx tsx bench/page-requests.ts [base URL] [paths...]`: opens pages in headless Chromium (playwright-core, Debian's
 * /usr/bin/chromium or CHROMIUM_PATH) against a running server, scrolls each to the bottom so every lazy section loads,
 * and lists every API request the pages made: status, rows in the answer (a JSON array's length, or `items`), bytes
 * of the body and how long it took. Issue 29 uses it on a server over the 1,000,000-listing catalogue (seed:scale) to
 * find requests that download a whole table. Defaults: http://localhost:5055, the home page and /search.
 * SIGN_IN_EMAIL and SIGN_IN_PASSWORD sign in first (e.g. as the admin, for /admin).
 */
import { chromium, type Response } from 'playwright-core';

const [base = 'http://localhost:5055', ...given] = process.argv.slice(2);
const paths = given.length > 0 ? given : ['/', '/search?q=pizza'];
const BIG_ROWS = 500;

type Seen = { page: string; method: string; path: string; status: number; rows: number | null; bytes: number; ms: number };

async function describe(page: string, response: Response, started: number): Promise<Seen | undefined> {
  const url = new URL(response.url());
  if (!url.pathname.startsWith('/api/')) return undefined;
  let bytes = 0;
  let rows: number | null = null;
  try {
    const body = await response.body();
    bytes = body.length;
    const json = JSON.parse(body.toString('utf8')) as unknown;
    if (Array.isArray(json)) rows = json.length;
    else if (json && typeof json === 'object' && Array.isArray((json as { items?: unknown }).items)) rows = (json as { items: unknown[] }).items.length;
  } catch {
    // not JSON, or no body (204, a redirect)
  }
  return { page, method: response.request().method(), path: url.pathname + url.search, status: response.status(), rows, bytes, ms: Date.now() - started };
}

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const seen: Seen[] = [];
  try {
    for (const path of paths) {
      // A fresh context per page, without the service worker (so every request reaches the page's network events).
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
      // SIGN_IN_EMAIL and SIGN_IN_PASSWORD: the pages as that account sees them (e.g. the admin dashboard).
      if (process.env.SIGN_IN_EMAIL && process.env.SIGN_IN_PASSWORD) {
        const signedIn = await context.request.post(`${base}/api/auth/login`, { data: { email: process.env.SIGN_IN_EMAIL, password: process.env.SIGN_IN_PASSWORD } });
        if (!signedIn.ok()) throw new Error(`Signing in as ${process.env.SIGN_IN_EMAIL} answered ${signedIn.status()}`);
      }
      const page = await context.newPage();
      const started = new Map<string, number>();
      const pending: Array<Promise<void>> = [];
      page.on('request', (r) => started.set(r.url() + r.method(), Date.now()));
      page.on('response', (r) => {
        pending.push(
          describe(path, r, started.get(r.url() + r.request().method()) ?? Date.now()).then((s) => {
            if (s) seen.push(s);
          }),
        );
      });
      await page.goto(base + path, { waitUntil: 'networkidle', timeout: 120_000 });
      // Scroll a screen at a time until the bottom stays put, so every lazy section mounts and asks for its data.
      for (let step = 0, last = -1; step < 200; step++) {
        const y = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight * 0.8);
          return window.scrollY;
        });
        await page.waitForTimeout(250);
        if (y === last) break;
        last = y;
      }
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      await Promise.all(pending);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
  console.log(`API requests of ${paths.join(', ')} on ${base} (${seen.length}):`);
  for (const s of seen.sort((a, b) => b.bytes - a.bytes)) {
    const flag = (s.rows ?? 0) >= BIG_ROWS || s.bytes >= 1_000_000 ? '  <-- large' : '';
    console.log(
      `  ${pad(s.page, 16)} ${pad(s.method, 5)} ${pad(s.path.length > 90 ? `${s.path.slice(0, 87)}...` : s.path, 90)} ${s.status} ${pad(s.rows === null ? '-' : `${s.rows} rows`, 12)} ${pad(`${(s.bytes / 1024).toFixed(1)} KB`, 12)} ${s.ms} ms${flag}`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
