// `npm run demo`: the whole flow on the built-in sandbox, from a fresh account each time, then the same quickstart
// against `edgeplan emulator --realistic` in its own process (the real services' DNS rate limit, 5 s jobs, busy
// answers and idle logout, every duration × 0.1 to keep the demo short: REALISTIC_TIME_SCALE).
// validate → plan (changes, exit 2) → apply --yes (exit 0) → plan again (no changes, exit 0); on the sandbox, then
// verify: its name servers serve what was applied (exit 0).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DESIRED = 'examples/quickstart/dns';
const SEED = 'examples/quickstart/sandbox-seed.yaml';
/** Durations of the realistic profile × this: 300 DNS requests per 6 s, 0.5 s jobs (src/emulator/realistic.ts). */
const REALISTIC_TIME_SCALE = '0.1';

const dir = mkdtempSync(join(tmpdir(), 'edgeplan-demo-'));
const state = join(dir, 'sandbox-state.json');
const sandbox = ['--sandbox', '--sandbox-state', state, '--seed', SEED];
const quickstart = (extra) => [
  { args: ['plan', DESIRED, ...extra], expect: 2 },
  { args: ['apply', DESIRED, '--yes', ...extra], expect: 0 },
  { args: ['plan', DESIRED, ...extra], expect: 0 },
];

// Written at once, so that the lines keep their place between the commands' own output.
const say = (text) => writeSync(1, text);

/** Runs the steps in order; false at the first exit code that is not the expected one. */
function run(steps, env = process.env) {
  for (const { args, expect } of steps) {
    say(`\n$ edgeplan ${args.join(' ').replace(state, '<state>')}\n`);
    const done = spawnSync(process.execPath, ['dist/bin/edgeplan.js', ...args], { stdio: 'inherit', env });
    say(`(exit ${done.status}, expected ${expect})\n`);
    if (done.status !== expect) return false;
  }
  return true;
}

/** `edgeplan emulator --realistic` on a free port; resolves with its process and its URLs once it listens. */
function startRealistic() {
  const args = [
    'emulator',
    '--realistic',
    '--time-scale',
    REALISTIC_TIME_SCALE,
    '--port',
    '0',
    '--seed',
    SEED,
  ];
  say(`\n$ edgeplan ${args.join(' ')} &\n`);
  const child = spawn(process.execPath, ['dist/bin/edgeplan.js', ...args], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk) => {
      if (text === null) return void writeSync(2, chunk);
      text += chunk;
      const urls = /DNS API on (\S+), WAF API on (\S+?)[;,]/.exec(text);
      if (!urls) return;
      say(text);
      text = null;
      resolve({ child, url: urls[1], wafUrl: urls[2] });
    });
    child.on('exit', (code) => reject(new Error(`the emulator exited (${code}): ${text}`)));
  });
}

let ok = run([
  { args: ['validate', DESIRED], expect: 0 },
  ...quickstart(sandbox),
  { args: ['verify', DESIRED, ...sandbox], expect: 0 },
]);
if (ok) {
  const { child, url, wafUrl } = await startRealistic();
  const env = {
    ...process.env,
    ...{ EDGEPLAN_DYN_URL: url, EDGEPLAN_DYN_CUSTOMER: 'demo', EDGEPLAN_DYN_USER: 'demo' },
    ...{ EDGEPLAN_DYN_PASSWORD: 'demo', EDGEPLAN_WAF_URL: wafUrl },
    ...{ EDGEPLAN_WAF_CLIENT_ID: 'demo', EDGEPLAN_WAF_CLIENT_SECRET: 'demo' },
  };
  ok = run(quickstart([]), env);
  child.removeAllListeners('exit');
  child.kill('SIGTERM');
}
rmSync(dir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
