// Finds a Chromium for the tests and screenshots: CHROME_PATH, then the usual binaries. On a
// fresh Debian machine, as root, it installs Debian's package (no browser download of its own).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', 'chromium-browser', 'chromium', 'google-chrome'];

/** Flags that keep a headless Chromium quiet on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function which(name) {
  if (name.startsWith('/')) return existsSync(name) ? name : undefined;
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

export function findChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  for (const name of CANDIDATES) {
    const path = which(name);
    if (path) return path;
  }
  return undefined;
}

/** The Chromium to use, installing Debian's when this is a root shell with apt-get. */
export function ensureChromium({ fonts = false } = {}) {
  let path = findChromium();
  const isRoot = process.getuid?.() === 0;
  const packages = [...(path ? [] : ['chromium']), ...(fonts && !hasCjkFont() ? ['fonts-noto-cjk'] : [])];
  if (packages.length > 0 && isRoot && which('apt-get')) {
    console.log(`Installing ${packages.join(', ')} from Debian's packages…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    path = findChromium();
  }
  if (!path) {
    console.error(
      'No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
        'or set CHROME_PATH to a Chromium or Chrome binary, then run the command again.',
    );
    process.exit(1);
  }
  return path;
}

function hasCjkFont() {
  const fonts = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return fonts.status === 0 && fonts.stdout.trim() !== '';
}
