// `npm test`: every suite in order — unit + API (Vitest), then the client build and end-to-end in Chromium.
import { spawnSync } from 'node:child_process';
import { assertChromium } from './chromium.mjs';

assertChromium();

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(res.status ?? 1);
  }
}

const db = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
run(`unit and API tests on ${db}`, 'npx', ['vitest', 'run']);
run('build the client', 'npx', ['vite', 'build', '--logLevel', 'warn']);
run('end-to-end tests in Chromium', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts']);
console.log('\n✔ all suites passed');
