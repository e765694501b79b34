// The Python stage of `npm test`: the agent_interaction_kit package (python/) installed the way a
// user installs it (`pip install ./python`) into a git-ignored venv under the repository, then
// its pytest suite: golden cases, guarantees over real sockets, security refusals and the end to
// end tests in Chromium. Returns `{passed, failed}` from pytest's JUnit report.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TOOLS = ['websockets', 'pytest', 'pytest-asyncio', 'playwright', 'mypy', 'hatchling', 'redis', 'fastapi', 'uvicorn', 'mcp>=2.3'];
// LangGraph for its recipe's test, LangChain for its human-in-the-loop middleware. langchain-core and langgraph-sdk require langchain-protocol,
// which the local index lacks, so these six install without dependency resolution, after the
// dependencies they have that do resolve (python/tests/stand_ins/ covers the missing one).
const LANGGRAPH_DEPENDENCIES = ['httpx', 'jsonpatch', 'langsmith', 'orjson', 'ormsgpack', 'packaging', 'pydantic', 'pyyaml', 'tenacity', 'typing-extensions', 'uuid-utils', 'xxhash'];
const LANGGRAPH = ['langchain', 'langchain-core', 'langgraph', 'langgraph-checkpoint', 'langgraph-prebuilt', 'langgraph-sdk'];

function sh(command, args, options = {}) {
  return spawnSync(command, args, { stdio: 'inherit', ...options });
}

function findPython() {
  for (const name of ['python3.13', 'python3.12', 'python3.11', 'python3']) {
    const probe = spawnSync(name, ['-c', 'import sys; print(sys.version_info >= (3, 11))'], { encoding: 'utf8' });
    if (probe.status === 0 && probe.stdout.trim() === 'True') return name;
  }
  return undefined;
}

/** True when the default index answers within a moment (closed networks resolve nothing). */
function reachable(host, port = 443, timeoutMs = 1500) {
  const probe = spawnSync(process.execPath, ['-e', `
    const s = require('node:net').connect(${port}, ${JSON.stringify(host)});
    s.setTimeout(${timeoutMs}, () => process.exit(1));
    s.on('connect', () => process.exit(0)); s.on('error', () => process.exit(1));`]);
  return probe.status === 0;
}

/**
 * pip's configured indexes. When PyPI itself cannot be reached but a local index is configured
 * (`extra-index-url`), that index becomes the main one, so pip does not retry PyPI for minutes.
 */
function pipEnv(python) {
  const listed = spawnSync(python, ['-m', 'pip', 'config', 'list'], { encoding: 'utf8' }).stdout ?? '';
  const extra = listed.match(/^(?:global|install)\.extra-index-url='([^']+)'/m)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
  if (extra.length === 0 || process.env.PIP_INDEX_URL || reachable('pypi.org')) return {};
  return { PIP_INDEX_URL: extra[0], PIP_EXTRA_INDEX_URL: extra.slice(1).join(' ') };
}

export function runPythonTests({ root, chromium, scratch }) {
  const started = Date.now();
  const python = findPython();
  if (!python) {
    console.log('✗ Python ≥ 3.11 not found (apt-get install -y python3 python3-venv)');
    return undefined;
  }
  const venv = join(root, '.venv');
  const bin = (name) => join(venv, 'bin', name);
  if (!existsSync(bin('python')) && sh(python, ['-m', 'venv', venv]).status !== 0) return undefined;
  const env = { ...process.env, ...pipEnv(bin('python')), PIP_DISABLE_PIP_VERSION_CHECK: '1' };
  // The test tools are installed once (and again when pyproject.toml changes).
  const stamp = join(venv, '.aik-tools');
  const lists = [TOOLS, LANGGRAPH_DEPENDENCIES, LANGGRAPH].map((list) => list.join(' ')).join('\n');
  const wanted = createHash('sha256').update(lists + readFileSync(join(root, 'python', 'pyproject.toml'))).digest('hex');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== wanted) {
    const pip = (args) => sh(bin('python'), ['-m', 'pip', 'install', '-q', ...args], { env }).status === 0;
    if (!pip([...TOOLS, ...LANGGRAPH_DEPENDENCIES]) || !pip(['--no-deps', ...LANGGRAPH])) return undefined;
    writeFileSync(stamp, wanted);
  }
  // The package itself, every run, as `pip install ./python` installs it (not editable).
  const install = sh(bin('python'), ['-m', 'pip', 'install', '-q', '--no-deps', '--no-build-isolation', '--force-reinstall', './python'], { env, cwd: root });
  if (install.status !== 0) return undefined;
  const report = join(scratch, 'pytest.xml');
  sh(bin('python'), ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', `--junitxml=${report}`, 'python/tests'], {
    env: { ...env, CHROME_PATH: chromium },
    cwd: root,
  });
  console.log(`Python stage: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!existsSync(report)) return undefined;
  const suite = readFileSync(report, 'utf8').match(/<testsuite [^>]*>/)?.[0] ?? '';
  const count = (name) => Number(suite.match(new RegExp(`\\b${name}="(\\d+)"`))?.[1] ?? NaN);
  const total = count('tests');
  const failed = count('failures') + count('errors');
  if (Number.isNaN(total) || Number.isNaN(failed)) return undefined;
  // A skipped test counts as a failure: the suite has none by design.
  return { passed: total - failed - count('skipped'), failed: failed + count('skipped') };
}
