// The browser stage of `npm test`: the whole @web/test-runner suite once per engine (Chromium,
// Firefox, WebKit), the engines side by side. Each engine's output is held and printed whole
// when it ends, so the logs do not interleave. Resolves with each engine's counts and time.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineVersion } from './engines.js';
import { freePorts } from './free-ports.js';

/** Terminal control sequences (colour, cursor moves) in the runner's output. */
const CONTROL = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

const LABEL = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' };

function runEngine({ root, scratch, engine, port }) {
  const counts = join(scratch, `wtr-${engine}.json`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules', '@web', 'test-runner', 'dist', 'bin.js'), '--config', 'web-test-runner.config.js', '--port', String(port)], {
      cwd: root,
      env: { ...process.env, AIK_ENGINE: engine, WTR_COUNTS: counts, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n▶ Browser tests (@web/test-runner, ${LABEL[engine]}: ${engineVersion(engine)})`);
      // The runner redraws its progress bar: the last one is kept, with everything else it said.
      const lines = output.replace(/\r/g, '\n').replace(CONTROL, '').split('\n');
      const progress = (line) => /test files \|/.test(line) || /^\s*Running (\d+ )?test/.test(line);
      const lastProgress = lines.filter(progress).at(-1);
      const kept = lines.filter((line) => !progress(line) && !/Lit is in dev mode/.test(line));
      process.stdout.write(`${[...kept, lastProgress ?? ''].join('\n').replace(/\n{3,}/g, '\n\n')}\n`);
      resolve({
        engine,
        label: `${LABEL[engine]} (${engineVersion(engine)})`,
        ok: code === 0,
        seconds,
        counts: existsSync(counts) ? JSON.parse(readFileSync(counts, 'utf8')) : undefined,
      });
    });
  });
}

/**
 * Runs the suite in every engine named: Chromium first, on its own (it runs two test files at
 * once, one a core), then Firefox and WebKit side by side (one file at a time each).
 */
export async function runBrowserSuites({ root, scratch, engines }) {
  const results = [];
  const waves = [engines.filter((engine) => engine === 'chromium'), engines.filter((engine) => engine !== 'chromium')];
  for (const wave of waves) {
    // Each runner of a wave on its own port: see scripts/free-ports.js.
    const ports = await freePorts(wave.length);
    results.push(...(await Promise.all(wave.map((engine, index) => runEngine({ root, scratch, engine, port: ports[index] })))));
  }
  return engines.map((engine) => results.find((result) => result.engine === engine));
}
