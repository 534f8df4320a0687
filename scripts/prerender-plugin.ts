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
      const template = String(index.source);
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
