import { defineConfig } from 'vitest/config';

/**
 * Spec files run at a time, each worker with a server and database of its own (global-setup.ts). One by default: on
 * two cores two workers took longer (1,290 s against 916–1,235 s for the suite; Chromium and the servers are
 * CPU-bound), so E2E_WORKERS=2 or more is for machines with more cores.
 */
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

/** End-to-end specs: the real built app served by the real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    // Within a worker one file at a time, each test with its own browser context.
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    retry: 0,
    // expect.poll waits on what the app does next (a request, a render): on a loaded two-core machine a second is not
    // always enough, so polls wait up to 10 s (as long as the assertion keeps failing; a pass returns at once).
    expect: { poll: { timeout: 10_000 } },
    // One server serves every spec: once several tests have failed it is likely stuck, and the rest would each wait
    // out their timeouts (a frozen server once ran the suite past CI's limit). Stop and report instead.
    bail: 5,
  },
});
