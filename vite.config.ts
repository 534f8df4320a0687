import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { precompress } from './scripts/precompress-plugin';
import { prerender } from './scripts/prerender-plugin';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The manifest's icons: rendered at build from one source SVG by {@link pwaIcons}. */
const PWA_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/apple-touch-icon-180.png', sizes: '180x180', type: 'image/png', purpose: 'any' },
];

/** A maskable icon keeps its artwork inside the central 80 % "safe zone"; the rest is background. */
const MASKABLE_SAFE_ZONE = 0.8;

async function render(svg: Buffer, size: number): Promise<Buffer> {
  return sharp(svg, { density: 384 }).resize(size, size).png().toBuffer();
}

async function renderMaskable(svg: Buffer, size: number, background: string): Promise<Buffer> {
  const inner = Math.round(size * MASKABLE_SAFE_ZONE);
  const art = await render(svg, inner);
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: art, left: offset, top: offset }])
    .png()
    .toBuffer();
}

/**
 * Vite plugin: renders the PWA icons (192, 512, maskable 512 and the 180 px Apple touch icon) from `source` with
 * sharp and emits them under /icons/ in the build, so only the SVG is kept in the repository.
 */
function pwaIcons({ source, background }: { source: string; background: string }): Plugin {
  return {
    name: 'go-live:pwa-icons',
    apply: 'build',
    async generateBundle() {
      const svg = await readFile(source);
      const files: Array<[string, Promise<Buffer>]> = [
        ['icons/icon-192.png', render(svg, 192)],
        ['icons/icon-512.png', render(svg, 512)],
        ['icons/icon-maskable-512.png', renderMaskable(svg, 512, background)],
        ['icons/apple-touch-icon-180.png', renderMaskable(svg, 180, background)],
      ];
      for (const [fileName, data] of files) {
        this.emitFile({ type: 'asset', fileName, source: await data });
      }
    },
  };
}

/**
 * Builds take React Router's production build. The package's exports name only its development build, so bundlers
 * take that one everywhere (remix-run/react-router#14102): its development warnings then run in production. The
 * production build beside it differs only in `ENABLE_DEV_WARNINGS = false`. The dev server keeps the warnings.
 */
function reactRouterProduction(): Plugin {
  const entries: Record<string, string> = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };
  return {
    name: 'go-live:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const file = entries[source];
      return file ? r(`./node_modules/react-router/dist/production/${file}`) : null;
    },
  };
}

/** Server test files that check what loading a module leaves behind (the require cache), so need fresh modules. */
const SELF_ISOLATED = ['server/modules/locations/directory.test.ts'];

export default defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  // Shown in the footer and baked into the bundle, so two deployments differ (APP_VERSION overrides it).
  // The build's year: what the prerendered footer shows, so the page hydrates with it (footer.tsx).
  define: { __APP_VERSION__: JSON.stringify(process.env.APP_VERSION ?? pkg.version), __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  plugins: [
    // JSX, and React Fast Refresh in development.
    react(),
    reactRouterProduction(),
    tailwindcss(),
    // The first paint without JavaScript (issue 13): the signed-out home and onboarding pages, and a shell for the
    // rest, rendered into the built HTML (client/prerender.tsx).
    prerender({
      entry: '/prerender.tsx',
      routes: ['/', '/onboarding'],
      // A page's own code loads alongside the entry rather than after it: the prerendered pages, which hydrate with it,
      // and /track/{id}, which shows the map's first picture first (its code, the record and the tile template;
      // Leaflet follows the picture).
      routeModules: {
        '/': { modules: ['features/home/home-page.tsx'] },
        '/onboarding': { modules: ['features/onboarding/onboarding-page.tsx'] },
        '/track/': {
          modules: ['features/tracking/track-page.tsx', 'features/tracking/prefetch-tracking.ts'],
          data: ['/api/tracking/{id}', '/api/config'],
        },
      },
    }),
    // PNG icons rendered from the one source SVG at build (sharp), before the worker's precache list is made.
    pwaIcons({ source: r('./client/public/icon.svg'), background: '#4338ca' }),
    // ADR 014: our own worker (client/sw.ts, injectManifest) so it can delete old caches and keep to the rules in
    // client/app/pwa/cache-rules.ts; registered by client/app/pwa/service-worker.ts with workbox-window.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // Stripe's and Leaflet's chunks are large but still part of the shell a visitor may need offline.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Go Live — Your Complete Service Platform',
        short_name: 'Go Live',
        description: 'Food delivery, hotels, flights, shipping, car rental, taxi, property and general services in one place.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#f9fafb',
        theme_color: '#4338ca',
        categories: ['shopping', 'travel', 'food', 'lifestyle'],
        icons: PWA_ICONS,
      },
      devOptions: { enabled: false },
    }),
    // precompress: .br and .gz next to every built text file, served by Accept-Encoding (ADR 015).
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@domain', replacement: r('./domain') },
      { find: '@client', replacement: r('./client') },
    ],
  },
  build: {
    // DIST_DIR lets parallel builds (CI, e2e) write to their own folder.
    outDir: process.env.DIST_DIR ?? r('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The framework every page runs on (React with ReactDOM and its scheduler, React Router, TanStack Query, the class
    // helpers) as one chunk rather than the handful of small shared chunks automatic splitting makes of it: fewer
    // requests before a page can render (ADR 021).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-slot|@radix-ui[\\/]react-compose-refs)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://localhost:${process.env.PORT ?? 5000}`, changeOrigin: false },
      '/ws': { target: `ws://localhost:${process.env.PORT ?? 5000}`, ws: true },
    },
  },
  test: {
    root: r('.'),
    // Component tests (*.test.tsx) choose happy-dom in their docblock (// @vitest-environment happy-dom).
    environment: 'node',
    // The run's databases are copies of one migrated (and one seeded) database built here once.
    globalSetup: ['server/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        // The server's files share their worker's loaded modules (each still starts its own app and database):
        // loading the server's module graph afresh for each of ~100 files was over a third of the suite's time.
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...SELF_ISOLATED],
          isolate: false,
        },
      },
      {
        // The browser side shares a document per worker, so each file gets its own modules and DOM; and the files
        // that test what loading a module leaves behind.
        extends: true,
        test: {
          name: 'isolated',
          include: ['domain/**/*.test.ts', 'client/**/*.test.ts', 'client/**/*.test.tsx', ...SELF_ISOLATED],
          isolate: true,
        },
      },
    ],
  },
});
