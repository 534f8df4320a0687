import { describe, expect, it } from 'vitest';
import { EARLY_INSTALL_PROMPT as CLIENT_NAME } from '../client/app/pwa/install-prompt';
import { EARLY_DATA as CLIENT_EARLY_DATA, PAGE_DATA_ID } from '../client/lib/early-data';
import { bootAfterPaint, EARLY_DATA, EARLY_INSTALL_PROMPT } from './prerender-plugin';

const built = `<head>
    <title>Go Live</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/api-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>`;

describe('the boot script of a prerendered document', () => {
  it('replaces the entry and its preloads with one boot script that loads them after the first paint', () => {
    let boot = '';
    const html = bootAfterPaint(built, (source) => {
      boot = source;
      return 'assets/boot-xyz.js';
    });
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-xyz.js"></script>');
    expect(html).not.toContain('index-abc.js');
    expect(html).not.toContain('modulepreload');
    // The stylesheet stays render-blocking in the document.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(boot).toContain('import("/assets/index-abc.js")');
    expect(boot).toContain('["/assets/react-1.js","/assets/api-2.js"]');
    expect(boot).toContain("observe({ type: 'paint', buffered: true })");
    // An install prompt that comes before the app runs is kept where the app looks for it.
    expect(boot).toContain(`window.${EARLY_INSTALL_PROMPT} = event`);
    expect(CLIENT_NAME).toBe(EARLY_INSTALL_PROMPT);
  });

  it("starts a route's code and first requests with the entry, for documents under that route only", async () => {
    let boot = '';
    bootAfterPaint(built, (source) => ((boot = source), 'assets/boot-xyz.js'), [
      { path: '/', scripts: ['/assets/home-6.js'], styles: [] },
      { path: '/track/', scripts: ['/assets/react-1.js', '/assets/map-4.js'], styles: ['/assets/map-5.css'], data: ['/api/tracking/{id}', '/api/config'] },
    ]);
    expect(CLIENT_EARLY_DATA).toBe(EARLY_DATA);
    // Runs the boot script against a minimal page: which links it adds, what it fetches and what it imports.
    const run = (pathname: string, { serverRendered = false } = {}) => {
      const links: Array<{ rel: string; href: string; as?: string }> = [];
      const fetched: string[] = [];
      const imported: string[] = [];
      const window: Record<string, unknown> = {};
      const document = {
        visibilityState: 'hidden',
        head: { append: (...added: Array<{ rel: string; href: string; as?: string }>) => links.push(...added) },
        createElement: () => ({}),
        // A page the server rendered carries its data in this element.
        getElementById: (id: string) => (serverRendered && id === PAGE_DATA_ID ? {} : null),
      };
      const fetch = (url: string, init: { credentials: string }) => {
        fetched.push(`${url} ${init.credentials}`);
        return Promise.resolve(new Response('{}'));
      };
      const source = boot.replace(/\bimport\(/g, '__import(');
      new Function('window', 'document', 'location', 'fetch', 'addEventListener', '__import', source)(window, document, { pathname }, fetch, () => undefined, (u: string) => imported.push(u));
      return { links, fetched, imported, early: window[EARLY_DATA] as Record<string, Promise<Response>> };
    };
    const track = run('/track/GL%2042');
    expect(track.fetched).toEqual(['/api/tracking/GL%2042 include', '/api/config include']);
    expect(Object.keys(track.early)).toEqual(['/api/tracking/GL%2042', '/api/config']);
    expect(track.links.map((l) => `${l.rel} ${l.href}`)).toEqual([
      'modulepreload /assets/react-1.js',
      'modulepreload /assets/api-2.js',
      'modulepreload /assets/map-4.js',
      'preload /assets/map-5.css',
    ]);
    expect(track.imported).toEqual(['/assets/index-abc.js']);
    // '/' is that document only, not a prefix of every path.
    const home = run('/');
    expect(home.fetched).toEqual([]);
    expect(home.links.map((l) => l.href)).toEqual(['/assets/react-1.js', '/assets/api-2.js', '/assets/home-6.js']);
    expect(run('/login').links.map((l) => l.href)).toEqual(['/assets/react-1.js', '/assets/api-2.js']);
    // No id, no record to ask for.
    expect(run('/track/').fetched).toEqual(['/api/config include']);
    // The server rendered the page with its record and the tile template: nothing to ask for, the code still comes early.
    const rendered = run('/track/GL%2042', { serverRendered: true });
    expect(rendered.fetched).toEqual([]);
    expect(rendered.links.map((l) => l.href)).toEqual(track.links.map((l) => l.href));
  });

  it('in a visible tab, starts the app after the first paint, never at a load event that comes before it', () => {
    let boot = '';
    bootAfterPaint(built, (source) => ((boot = source), 'assets/boot-xyz.js'));
    const run = (opts: { paintTiming: boolean }) => {
      const imported: string[] = [];
      const listeners = new Map<string, () => void>();
      const observers: Array<() => void> = [];
      class FakeObserver {
        static supportedEntryTypes = opts.paintTiming ? ['paint', 'resource'] : ['resource'];
        constructor(private readonly callback: (list: unknown, observer: { disconnect(): void }) => void) {}
        observe() {
          // A browser without paint timing ignores the type (and never calls back).
          if (opts.paintTiming) observers.push(() => this.callback({}, { disconnect: () => undefined }));
        }
      }
      const document = { visibilityState: 'visible', head: { append: () => undefined }, createElement: () => ({}), getElementById: () => null };
      const source = boot.replace(/\bimport\(/g, '__import(');
      new Function('window', 'document', 'location', 'fetch', 'addEventListener', 'PerformanceObserver', '__import', source)(
        {},
        document,
        { pathname: '/' },
        () => Promise.resolve(new Response('{}')),
        (type: string, listener: () => void) => listeners.set(type, listener),
        FakeObserver,
        (u: string) => imported.push(u),
      );
      return { imported, listeners, paint: () => observers.forEach((fire) => fire()), document };
    };
    // The load event before the first paint: nothing starts until the paint.
    const painting = run({ paintTiming: true });
    expect(painting.listeners.has('load')).toBe(false);
    expect(painting.imported).toEqual([]);
    painting.paint();
    expect(painting.imported).toEqual(['/assets/index-abc.js']);
    painting.paint();
    expect(painting.imported).toHaveLength(1);
    // Without paint timing, the load event starts it.
    const noPaints = run({ paintTiming: false });
    expect(noPaints.imported).toEqual([]);
    noPaints.listeners.get('load')?.();
    expect(noPaints.imported).toEqual(['/assets/index-abc.js']);
    // Hidden before it painted: it starts then.
    const hidden = run({ paintTiming: true });
    hidden.document.visibilityState = 'hidden';
    hidden.listeners.get('visibilitychange')?.();
    expect(hidden.imported).toEqual(['/assets/index-abc.js']);
  });

  it('refuses a document without a module entry', () => {
    expect(() => bootAfterPaint('<head></head>', () => 'x')).toThrow(/no module entry/);
  });
});
