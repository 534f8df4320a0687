// `npm run test:e2e`: build the client, then run the end-to-end specs in Chromium.
import { spawnSync } from 'node:child_process';
import { assertChromium } from './chromium.mjs';

assertChromium();
for (const [cmd, args] of [
  ['npx', ['vite', 'build', '--logLevel', 'warn']],
  ['npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]],
]) {
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
