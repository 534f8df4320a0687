import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress-plugin';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  // precompress: .br and .gz next to every built text file, served by Accept-Encoding (ADR 015).
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@domain': r('./domain'),
      '@client': r('./client'),
    },
  },
  build: {
    // DIST_DIR lets parallel builds (CI, e2e) write to their own folder.
    outDir: process.env.DIST_DIR ?? r('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
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
    include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
