// The three browser engines the kit is tested in, each from Debian's packages (no browser vendor's
// download): Chromium (scripts/chromium.js), Firefox ESR, driven over WebDriver BiDi by
// puppeteer-core, and WebKitGTK's MiniBrowser, driven by WebKitWebDriver under its own Xvfb.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { ensureChromium, findChromium } from './chromium.js';
import { freePort } from './redis-server.js';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr'];
const MINIBROWSER_DIRS = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib', '/usr/libexec'];

/** What each engine needs from Debian, and how a non-root user is told to get it. */
const PACKAGES = { firefox: ['firefox-esr'], webkit: ['webkit2gtk-driver', 'xvfb'] };

function which(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

export function findFirefox() {
  if (process.env.FIREFOX_PATH && existsSync(process.env.FIREFOX_PATH)) return process.env.FIREFOX_PATH;
  return FIREFOX.find((path) => existsSync(path));
}

/** MiniBrowser, WebKitGTK's own browser, which WebKitWebDriver starts. */
export function findMiniBrowser() {
  if (process.env.MINIBROWSER_PATH && existsSync(process.env.MINIBROWSER_PATH)) return process.env.MINIBROWSER_PATH;
  for (const dir of MINIBROWSER_DIRS) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir).filter((name) => name.startsWith('webkit2gtk-') || name.startsWith('webkitgtk-')).sort().reverse()) {
      const path = `${dir}/${entry}/MiniBrowser`;
      if (existsSync(path)) return path;
    }
  }
  return undefined;
}

function findWebKit() {
  const driver = which('WebKitWebDriver');
  const binary = findMiniBrowser();
  const xvfb = which('Xvfb');
  return driver && binary && xvfb ? { driver, binary, xvfb } : undefined;
}

const FIND = { chromium: findChromium, firefox: findFirefox, webkit: findWebKit };

/** The engines named by `AIK_ENGINES` (comma-separated), else all three. */
export function selectedEngines() {
  const named = (process.env.AIK_ENGINES ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = named.filter((name) => !ENGINES.includes(name));
  if (unknown.length > 0) throw new Error(`AIK_ENGINES: unknown engine ${unknown.join(', ')} (known: ${ENGINES.join(', ')})`);
  return named.length > 0 ? named : ENGINES;
}

/**
 * Makes sure the engines are here, installing Debian's packages for the missing ones when this
 * is a root shell with apt-get; otherwise throws, saying what to install.
 */
export function ensureEngines(engines = ENGINES) {
  if (engines.includes('chromium')) ensureChromium();
  const missing = engines.filter((engine) => engine !== 'chromium' && !FIND[engine]());
  const packages = missing.flatMap((engine) => PACKAGES[engine]);
  if (packages.length > 0 && process.getuid?.() === 0 && which('apt-get')) {
    console.log(`Installing ${packages.join(', ')} from Debian's packages…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  }
  const still = missing.filter((engine) => !FIND[engine]());
  if (still.length > 0) {
    throw new Error(
      `Missing browser engine${still.length > 1 ? 's' : ''}: ${still.join(', ')}. Install ` +
        `${still.flatMap((engine) => PACKAGES[engine]).join(' ')} (Debian/Ubuntu: \`sudo apt-get install ` +
        `${still.flatMap((engine) => PACKAGES[engine]).join(' ')}\`), or run with AIK_ENGINES=chromium.`,
    );
  }
}

/** WebKit's Xvfb screen: tall enough for the screenshots' 2,000 px viewport. */
const SCREEN = { width: 1600, height: 2400 };

/**
 * Where a MiniBrowser window of this outer size goes: centred on the screen, where X puts the
 * pointer. With no window manager X gives the keyboard to the window under the pointer, and
 * WebKit matches `:focus` (and `document.hasFocus()`) only in a window that has it.
 */
export function webkitWindowRect(width, height) {
  return { x: Math.max(0, Math.round((SCREEN.width - width) / 2)), y: Math.max(0, Math.round((SCREEN.height - height) / 2)), width, height };
}

/** Starts Xvfb on the first free display (`-displayfd`), resolving with its number. */
function startXvfb(xvfb) {
  return new Promise((resolve, reject) => {
    const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    let number = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.stdio[3].on('data', (chunk) => {
      number += chunk;
      if (number.includes('\n')) resolve({ child, display: `:${number.trim()}` });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it was ready: ${errors.slice(-500)}`)));
  });
}

async function waitForDriver(url, child) {
  for (let tries = 0; tries < 200; tries += 1) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('WebKitWebDriver did not answer /status');
}

const stopChild = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * WebKitWebDriver on a display of its own. Resolves with its port, the capabilities that open
 * MiniBrowser in automation mode, and `stop()`, which ends the driver and then Xvfb by their pids.
 */
export async function startWebKitDriver() {
  const found = findWebKit();
  if (!found) throw new Error('WebKit: WebKitWebDriver, MiniBrowser or Xvfb is missing (apt-get install webkit2gtk-driver xvfb)');
  const xvfb = await startXvfb(found.xvfb);
  const port = await freePort();
  const driver = spawn(found.driver, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = async () => {
    await stopChild(driver);
    await stopChild(xvfb.child);
  };
  try {
    await waitForDriver(`http://127.0.0.1:${port}`, driver);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    display: xvfb.display,
    capabilities: {
      browserName: 'MiniBrowser',
      // WebKitWebDriver speaks classic WebDriver only: without this, "Failed to match capabilities".
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: found.binary, args: ['--automation'] },
    },
    stop,
  };
}

/** The engine's version, as its binary reports it (for the README and the test log). */
export function engineVersion(engine) {
  const read = (path, args) => spawnSync(path, args, { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (engine === 'chromium') return read(findChromium(), ['--version']);
  if (engine === 'firefox') return read(findFirefox(), ['--version']);
  // MiniBrowser needs a display even for --version; the library's package knows.
  const version = read('dpkg-query', ['-W', '-f', '${Version}', 'libwebkit2gtk-4.1-0']);
  return version ? `WebKitGTK ${version.split('-')[0]}` : 'WebKitGTK';
}
