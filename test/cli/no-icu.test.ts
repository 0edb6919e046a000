import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILT_CLI, ensureBuilt } from '../support/built-cli.js';

// Time budget: four runs of the built CLI on 1,000 records, about 0.5 s each on a quiet machine; ten times that.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 300_000 });

/**
 * The built CLI never asks ICU (`Intl`, `toLocaleString`, `localeCompare`) on its usual paths. The first such call
 * maps ICU's data from Node's binary: about 5 MB more peak memory and 30 ms of CPU for a plan of any size, and an
 * output that could depend on the machine's locale. A preloaded module wraps every entry point into ICU and writes
 * where each was first called; the runs must leave that list empty.
 */
const exec = promisify(execFile);
let dir: string;
let probe: string;

const PROBE = `import { writeFileSync } from 'node:fs';
const calls = [];
const where = (name) => { if (!calls.some((c) => c.name === name)) calls.push({ name, stack: new Error().stack }); };
for (const [owner, name] of [[Number.prototype, 'toLocaleString'], [BigInt.prototype, 'toLocaleString'],
  [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString'],
  [String.prototype, 'localeCompare'], [String.prototype, 'toLocaleLowerCase'], [String.prototype, 'toLocaleUpperCase'],
  [Array.prototype, 'toLocaleString']]) {
  const original = owner[name];
  owner[name] = function (...args) { where(name); return original.apply(this, args); };
}
for (const name of Object.getOwnPropertyNames(Intl).filter((n) => typeof Intl[n] === 'function')) {
  const Original = Intl[name];
  Intl[name] = new Proxy(Original, {
    construct: (target, args) => { where('Intl.' + name); return Reflect.construct(target, args); },
    apply: (target, self, args) => { where('Intl.' + name); return Reflect.apply(target, self, args); },
  });
}
process.on('exit', () => writeFileSync(process.env.ICU_OUT, JSON.stringify(calls)));
`;

beforeAll(async () => {
  await ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-icu-'));
  await mkdir(join(dir, 'zones'));
  const records = Array.from({ length: 1000 }, (_, i) => `      r${i}: { a: [10.0.${i >> 8}.${i & 255}] }`);
  await writeFile(
    join(dir, 'zones.yaml'),
    'providers:\n  files: { type: zonefile, directory: zones/, nameservers: [ns1.example.net.] }\n' +
      'zones:\n  big.example:\n    create: { contact: hostmaster@big.example }\n' +
      `    records:\n${records.join('\n')}\n`,
  );
  probe = join(dir, 'probe.mjs');
  await writeFile(probe, PROBE);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The ICU entry points a run of the built CLI with `args` called, each with the stack of its first call. */
async function icuCalls(name: string, args: string[]): Promise<{ name: string; stack: string }[]> {
  const out = join(dir, `${name}.json`);
  await exec(process.execPath, ['--import', probe, BUILT_CLI, ...args], {
    cwd: dir,
    env: { ...process.env, ICU_OUT: out, NO_COLOR: '1' },
  });
  return JSON.parse(await readFile(out, 'utf8'));
}

describe('ICU on the usual paths of the CLI', () => {
  it('the probe sees a call (it can fail)', async () => {
    const calls = await icuCalls('probe', ['--version']);
    expect(calls).toEqual([]);
    const seen = join(dir, 'seen.json');
    await exec(process.execPath, ['--import', probe, '-e', "(1234).toLocaleString('en-US')"], {
      env: { ...process.env, ICU_OUT: seen },
    });
    expect(JSON.parse(await readFile(seen, 'utf8'))).toMatchObject([{ name: 'toLocaleString' }]);
  });

  it('is never asked by validate, apply, a no-op plan and its markdown', async () => {
    expect(await icuCalls('validate', ['validate', 'zones.yaml'])).toEqual([]);
    expect(await icuCalls('apply', ['apply', '--yes', 'zones.yaml'])).toEqual([]);
    expect(await icuCalls('plan', ['plan', 'zones.yaml'])).toEqual([]);
    expect(await icuCalls('markdown', ['plan', '--format', 'markdown', 'zones.yaml'])).toEqual([]);
  });
});
