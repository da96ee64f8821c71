import fs from 'node:fs';

/** Debian's chromium (`apt-get install chromium`), or CHROMIUM_PATH; null when this machine has none. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((file): file is string => !!file && fs.existsSync(file)) ?? null;
}

/** Flags for a headless Chromium in a container (no sandbox as root, no GPU, no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
