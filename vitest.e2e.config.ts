import { defineConfig } from 'vitest/config';

/** End-to-end specs: the real built app served by the real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    // Two cores: one spec file at a time, each with its own browser context.
    fileParallelism: false,
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
