import { existsSync } from 'node:fs';

/** The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. Never downloaded. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function assertChromium() {
  if (existsSync(chromiumPath)) return;
  console.error(`
  End-to-end tests need Chromium at ${chromiumPath}, and it is missing.
  Install Debian's package (nothing here downloads a browser):

      sudo apt-get update && sudo apt-get install -y chromium

  or point CHROMIUM_PATH at an existing Chromium binary.
`);
  process.exit(1);
}
