import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Rolldown } from 'vite';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PAGE_DATA_ID } from '../client/lib/early-data';
import { PAGE_SLOTS, SERVER_RENDER } from '../domain/pages';

/** Where the app mounts in index.html; the prerendered markup goes inside. */
const ROOT = '<div id="root"></div>';

type PrerenderModule = { renderRoute: (url: string) => Promise<string>; renderShell: () => Promise<string> };

/**
 * Vite plugin: prerenders the built index.html. `/` goes into index.html itself; each other route in `routes` is
 * written as `<name>.html` beside it (`/onboarding` -> onboarding.html), and `shell.html` holds the layout with a
 * spinner for every other client route. The server's SPA fallback (server/app.ts) and the service worker's
 * navigations (client/app/pwa/cache-rules.ts) pick the file by path. Rendered in generateBundle, before the
 * service worker's precache list and the precompressed copies are made, by the server's render module: `entry`
 * (client/prerender.tsx) built for Node on the same aliases and defines, written to `<outDir>-ssr/`.
 */
export function prerender({
  entry,
  routes,
  routeModules = {},
}: {
  entry: string;
  routes: string[];
  /**
   * Path -> what a document there needs at once: `modules` (relative to the client root), whose chunks and
   * stylesheets the boot script fetches alongside the app's entry instead of after it, and the `data` its first
   * render asks for (see {@link RoutePreload}). A path ending in `/` (other than `/` itself) is a prefix: `/track/`
   * is every /track/{id}; any other path is that path only.
   */
  routeModules?: Record<string, { modules: string[]; data?: string[] }>;
}): Plugin {
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
      const routePreloads = Object.entries(routeModules).map(([path, { modules, data }]): RoutePreload => {
        const files = chunksOf(bundle, modules.map((m) => `${config.root}/${m}`.replace(/\/+/g, '/')));
        if (!files) this.error(`no chunk for ${modules.join(', ')}`);
        return { path, ...files, data };
      });
      const template = bootAfterPaint(
        String(index.source),
        (source) => this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source })),
        routePreloads,
      );
      if (!template.includes(ROOT)) this.error(`index.html has no ${ROOT} to prerender into`);
      // The server's render module (domain/pages.ts's SERVER_RENDER): `entry` built for Node, with everything it
      // imports bundled in (on the same aliases and defines as the client), since it runs from wherever the build was
      // written. The same module prerenders the static pages here and renders pages per request in the server.
      const ssrDir = `${resolve(config.root, config.build.outDir)}${SERVER_RENDER.dirSuffix}`;
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        publicDir: false,
        resolve: { alias: config.resolve.alias },
        // React's production or development build, as the client's (and as the JSX transform picks its runtime).
        define: { ...config.define, 'process.env.NODE_ENV': JSON.stringify(config.isProduction ? 'production' : 'development') },
        plugins: [react()],
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: true,
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          rolldownOptions: { input: { [SERVER_RENDER.module.replace(/\.js$/, '')]: `${config.root}/${entry}`.replace(/\/+/g, '/') }, output: { format: 'es', entryFileNames: '[name].js', codeSplitting: false } },
        },
      });
      // One file (lazy routes inlined), so a query string per build makes a second build in the same process (vite's
      // watch mode) load the new module whole.
      const app = (await import(`${pathToFileURL(join(ssrDir, SERVER_RENDER.module)).href}?build=${Date.now()}`)) as PrerenderModule;
      // Inert: the prerendered page paints, but nothing in it can be clicked, focused or typed into until the app
      // has taken it over (a click or text there would be lost). `data-prerendered` names the route it shows: on
      // that path main.tsx hydrates it, then removes both attributes; elsewhere (the shell) its first render
      // replaces the wrapper.
      const page = (html: string, route = '') =>
        template.replace(ROOT, `<div id="root"><div inert data-prerendered="${route}">${html}</div></div>`);
      for (const route of routes) {
        const html = page(await app.renderRoute(route), route);
        if (route === '/') index.source = html;
        else this.emitFile({ type: 'asset', fileName: `${route.slice(1)}.html`, source: html });
      }
      this.emitFile({ type: 'asset', fileName: 'shell.html', source: page(await app.renderShell()) });
      // The document a page rendered per request goes into: the same as these, with its query data for hydration.
      const serverTemplate = template
        .replace(ROOT, `<div id="root"><div inert data-prerendered="${PAGE_SLOTS.path}">${PAGE_SLOTS.html}</div></div>`)
        .replace('</body>', `<script type="application/json" id="${PAGE_DATA_ID}">${PAGE_SLOTS.data}</script>\n  </body>`);
      if (!serverTemplate.includes(PAGE_SLOTS.data)) this.error('index.html has no </body> for the page data');
      await writeFile(join(ssrDir, SERVER_RENDER.template), serverTemplate);
    },
  };
}

/**
 * What the boot script fetches early for the documents at `path` (that path, or every path under it if it ends in
 * `/`): code, stylesheets, and GET requests of the page's first queries (`data`: URLs where `{id}` stands for the
 * path segment after `path`).
 */
export type RoutePreload = { path: string; scripts: string[]; styles: string[]; data?: string[] };

/**
 * The chunks of `modules` (absolute source paths) and everything they import statically, with the stylesheets
 * they bring, as URLs; undefined if a module is in no chunk.
 */
function chunksOf(bundle: Rolldown.OutputBundle, modules: string[]): { scripts: string[]; styles: string[] } | undefined {
  // The chunk a module is the facade of, else the chunk that holds it (e.g. grouped by `codeSplitting`).
  const byModule = new Map<string, string>();
  for (const [fileName, out] of Object.entries(bundle)) {
    if (out.type !== 'chunk') continue;
    for (const id of out.moduleIds) if (!byModule.has(id)) byModule.set(id, fileName);
  }
  for (const [fileName, out] of Object.entries(bundle)) {
    if (out.type === 'chunk' && out.facadeModuleId) byModule.set(out.facadeModuleId, fileName);
  }
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || scripts.has(fileName) || chunk.isEntry) return;
    scripts.add(fileName);
    const css = (chunk as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
    for (const file of css ?? []) styles.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const module of modules) {
    const fileName = byModule.get(module);
    if (!fileName) return undefined;
    visit(fileName);
  }
  const base = (file: string) => `/${file}`;
  return { scripts: [...scripts].map(base), styles: [...styles].map(base) };
}

/** Where the boot script keeps an install prompt that came before the app ran (read by install-prompt.ts). */
export const EARLY_INSTALL_PROMPT = '__goLiveEarlyInstallPrompt';
/** Where the boot script keeps the responses it asked for early, by URL (read by client/lib/early-data.ts). */
export const EARLY_DATA = '__goLiveEarlyData';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A prerendered document paints from its HTML and stylesheet alone; the app's scripts only make it interactive. So
 * the document loads a tiny boot script in their place, which fetches and runs them once the page has painted (at
 * once in a hidden tab, where nothing paints): on a slow phone the page shows before the main thread is
 * busy with the app's code, and the scripts do not compete with the stylesheet and the first screen's images.
 * `emit` stores the boot script as a hashed asset and returns its file name.
 */
export function bootAfterPaint(html: string, emit: (source: string) => string, routePreloads: RoutePreload[] = []): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const routes = routePreloads.map((r) => ({ ...r, scripts: r.scripts.filter((s) => s !== entry && !preloads.includes(s)) }));
  const boot = emit(bootScript(entry, preloads, routes));
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="/${boot}"></script>\n    `);
}

/** The boot script's source: plain JavaScript, as the browser runs it. */
export function bootScript(entry: string, preloads: string[], routes: RoutePreload[] = []): string {
  // The browser's install prompt may come before the app runs: kept for it (client/app/pwa/install-prompt.ts).
  return `addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  window.${EARLY_INSTALL_PROMPT} = event;
}, { once: true });
// The page's first GET requests start now, while its code is still on its way; the app takes each response once.
const route = ${JSON.stringify(routes.map((r) => [r.path, r.scripts, r.styles, r.data ?? []]))}.find(([path]) =>
  // A path ending in '/' (other than '/') is a prefix; any other is that document only.
  path.length > 1 && path.endsWith('/') ? location.pathname.startsWith(path) : location.pathname === path,
);
const early = (window.${EARLY_DATA} = {});
// A page the server rendered comes with its data (client/lib/early-data.ts's PAGE_DATA_ID): nothing to ask for.
if (route && !document.getElementById(${JSON.stringify(PAGE_DATA_ID)})) {
  try {
    const id = encodeURIComponent(decodeURIComponent(location.pathname.slice(route[0].length).split('/')[0]));
    for (const template of route[3]) {
      const url = template.replace('{id}', id);
      if (template.includes('{id}') && !id) continue;
      early[url] = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
      // Unclaimed or failed, it must not be reported: the app asks again.
      early[url].catch(() => undefined);
    }
  } catch {
    // A malformed path: the page reports it itself.
  }
}
let started = false;
const start = () => {
  if (started) return;
  started = true;
  const preload = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    if (as) link.as = as;
    link.href = href;
    return link;
  };
  // The route's own code (e.g. a map) comes with the entry rather than after it. One insertion for all the links.
  document.head.append(
    ...${JSON.stringify(preloads)}.concat(route ? route[1] : []).map((href) => preload('modulepreload', href)),
    ...(route ? route[2] : []).map((href) => preload('preload', href, 'style')),
  );
  import(${JSON.stringify(entry)});
};
if (document.visibilityState === 'hidden') start();
else {
  // The first contentful paint has happened (no timers: they may be held back, e.g. by a test's clock). The page's
  // load event only where the browser does not report paints: the first paint can come after it, and the app's code
  // must not start ahead of it.
  let paintTiming = false;
  try {
    paintTiming = PerformanceObserver.supportedEntryTypes.includes('paint');
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  if (!paintTiming) addEventListener('load', start, { once: true });
  // A tab hidden before it has painted paints nothing: it starts then.
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && start());
}
`;
}
