import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

/** Where the app mounts in index.html; the prerendered markup goes inside. */
const ROOT = '<div id="root"></div>';

type PrerenderModule = { renderRoute: (url: string) => Promise<string>; renderShell: () => Promise<string> };

/**
 * Vite plugin: prerenders the built index.html. `/` goes into index.html itself; each other route in `routes` is
 * written as `<name>.html` beside it (`/onboarding` -> onboarding.html), and `shell.html` holds the layout with a
 * spinner for every other client route. The server's SPA fallback (server/app.ts) and the service worker's
 * navigations (client/app/pwa/cache-rules.ts) pick the file by path. Rendered in generateBundle, before the
 * service worker's precache list and the precompressed copies are made, with client/prerender.tsx loaded through
 * a Vite SSR server on the same aliases and defines.
 */
export function prerender({ entry, routes }: { entry: string; routes: string[] }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'go-live:prerender',
    apply: 'build',
    // After Vite's HTML plugin has put index.html in the bundle.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const template = bootAfterPaint(String(index.source), (source) =>
        this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source })),
      );
      if (!template.includes(ROOT)) this.error(`index.html has no ${ROOT} to prerender into`);
      const server = await createServer({
        configFile: false,
        root: config.root,
        mode: 'production',
        logLevel: 'error',
        resolve: { alias: config.resolve.alias },
        define: config.define,
        plugins: [react()],
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const app = (await server.ssrLoadModule(entry)) as PrerenderModule;
        // Inert: the prerendered page paints, but nothing in it can be clicked, focused or typed into until the app
        // replaces it (a click or text there would be lost); main.tsx's first render removes the wrapper.
        const page = (html: string) => template.replace(ROOT, `<div id="root"><div inert data-prerendered="">${html}</div></div>`);
        for (const route of routes) {
          const html = page(await app.renderRoute(route));
          if (route === '/') index.source = html;
          else this.emitFile({ type: 'asset', fileName: `${route.slice(1)}.html`, source: html });
        }
        this.emitFile({ type: 'asset', fileName: 'shell.html', source: page(await app.renderShell()) });
      } finally {
        await server.close();
      }
    },
  };
}

/** Where the boot script keeps an install prompt that came before the app ran (read by install-prompt.ts). */
export const EARLY_INSTALL_PROMPT = '__goLiveEarlyInstallPrompt';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A prerendered document paints from its HTML and stylesheet alone; the app's scripts only make it interactive. So
 * the document loads a tiny boot script in their place, which fetches and runs them once the page has painted (at
 * once in a hidden tab, where nothing paints): on a slow phone the page shows before the main thread is
 * busy with the app's code, and the scripts do not compete with the stylesheet and the first screen's images.
 * `emit` stores the boot script as a hashed asset and returns its file name.
 */
export function bootAfterPaint(html: string, emit: (source: string) => string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const boot = emit(bootScript(entry, preloads));
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="/${boot}"></script>\n    `);
}

/** The boot script's source: plain JavaScript, as the browser runs it. */
export function bootScript(entry: string, preloads: string[]): string {
  // The browser's install prompt may come before the app runs: kept for it (client/app/pwa/install-prompt.ts).
  return `addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  window.${EARLY_INSTALL_PROMPT} = event;
}, { once: true });
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of ${JSON.stringify(preloads)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry)});
};
if (document.visibilityState === 'hidden') start();
else {
  // The first contentful paint has happened (no timers: they may be held back, e.g. by a test's clock); the page's
  // load event is the fallback where paint timing is missing.
  try {
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  addEventListener('load', start, { once: true });
}
`;
}
