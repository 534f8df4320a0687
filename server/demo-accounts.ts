import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Credentials = { email: string; password: string };
export type DemoAccounts = { admin?: Credentials; driver?: Credentials; provider?: Credentials };

/**
 * Keeps the generated demo credentials in DATA_DIR/demo-accounts.json (mode 600), merged with what is there, so
 * developer tools on the same laptop (`npm run drive`) can sign in. Never served: DATA_DIR is outside the web root.
 */
export function writeDemoAccounts(dataDir: string, accounts: DemoAccounts): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'demo-accounts.json');
  let current: DemoAccounts = {};
  if (existsSync(file)) {
    try {
      current = JSON.parse(readFileSync(file, 'utf8')) as DemoAccounts;
    } catch {
      current = {};
    }
  }
  writeFileSync(file, `${JSON.stringify({ ...current, ...accounts }, null, 2)}\n`, { mode: 0o600 });
}
