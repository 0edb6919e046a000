// `npm run demo`: the whole flow on the built-in sandbox, from a fresh account each time.
// validate → plan (changes, exit 2) → apply --yes (exit 0) → plan again (no changes, exit 0).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'edgeplan-demo-'));
const state = join(dir, 'sandbox-state.json');
const sandbox = ['--sandbox', '--sandbox-state', state, '--seed', 'examples/quickstart/sandbox-seed.yaml'];
const steps = [
  { args: ['validate', 'examples/quickstart'], expect: 0 },
  { args: ['plan', 'examples/quickstart', ...sandbox], expect: 2 },
  { args: ['apply', 'examples/quickstart', '--yes', ...sandbox], expect: 0 },
  { args: ['plan', 'examples/quickstart', ...sandbox], expect: 0 },
];

let failed = false;
for (const { args, expect } of steps) {
  process.stdout.write(`\n$ edgeplan ${args.join(' ').replace(state, '<state>')}\n`);
  const run = spawnSync(process.execPath, ['dist/cli/main.js', ...args], { stdio: 'inherit' });
  process.stdout.write(`(exit ${run.status}, expected ${expect})\n`);
  if (run.status !== expect) {
    failed = true;
    break;
  }
}
rmSync(dir, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
