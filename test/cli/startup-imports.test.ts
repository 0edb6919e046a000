import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Time budget: each test starts the CLI from source through tsx, and the last one twice: 1–2 s each on a quiet
// machine, 30 s each in a CI run at load 20, where 60 s was too little for the last test.
vi.setConfig({ testTimeout: 180_000 });

/**
 * A command loads only what it runs (src/cli/run.ts): `--version` no YAML parser, schema library or provider;
 * `validate` no HTTP, client or emulator; a plan the emulator only with `--sandbox`. Checked on the modules the
 * process really loaded (test/support/module-loads.mjs), through the real entry point.
 */
let dir: string;
/** Each CLI started, stopped at the end if a test gave up on it, before its log directory is removed. */
const children: ChildProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-loads-'));
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

/** The repository's modules the CLI loaded for `argv`; `code` is the exit code it must end with. */
async function loadedBy(argv: string[], code: number, env: Record<string, string> = {}): Promise<string[]> {
  const log = join(dir, `${argv.join('-').replace(/[^\w-]/g, '_')}.log`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './test/support/module-loads.mjs', 'src/cli/main.ts', ...argv],
    { env: { ...process.env, ...env, EDGEPLAN_MODULE_LOADS: log }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  child.stdout.resume();
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const status = await new Promise((resolve) => child.on('close', resolve));
  expect({ status, stderr }).toMatchObject({ status: code });
  const root = new URL('../../', import.meta.url).href;
  return (await readFile(log, 'utf8'))
    .split('\n')
    .filter((url) => url.startsWith(root))
    .map((url) => url.slice(root.length));
}

const under = (loaded: string[], prefix: string) => loaded.filter((path) => path.startsWith(prefix));

describe('start-up: each command loads what it runs', () => {
  it('--version loads no YAML parser, no zod, no provider, no emulator, no plan code', async () => {
    const loaded = await loadedBy(['--version'], 0);
    expect(under(loaded, 'src/cli/'), 'the CLI itself is loaded').toContain('src/cli/run.ts');
    for (const heavy of [
      'node_modules/yaml/',
      'node_modules/zod/',
      'src/config/',
      'src/plan/',
      'src/providers/dyn/',
      'src/providers/http/transport.ts',
      'src/emulator/dyn/account.ts',
      'src/cli/commands/',
    ])
      expect(under(loaded, heavy), heavy).toEqual([]);
  });

  it('validate loads the loader, but no full YAML reader, HTTP transport, client, writer or emulator', async () => {
    const loaded = await loadedBy(['validate', 'examples/quickstart/dns/zones.yaml'], 0);
    expect(loaded).toContain('src/config/load.ts');
    expect(loaded).toContain('src/cli/commands/validate.ts');
    for (const heavy of [
      'node_modules/yaml/',
      'src/config/read/parse-yaml.ts',
      'src/providers/http/transport.ts',
      'src/providers/dyn/session/client.ts',
      'src/providers/dyn/write/write.ts',
      'src/providers/pdns/client.ts',
      'src/emulator/index.ts',
      'src/cli/commands/plan.ts',
    ])
      expect(under(loaded, heavy), heavy).toEqual([]);
  });

  it('a plan loads the emulator only with --sandbox, and no provider it does not use', async () => {
    const env = { EDGEPLAN_DYN_URL: 'http://127.0.0.1:9/REST', EDGEPLAN_DYN_CUSTOMER: 'c' };
    // Nothing listens on port 9: the plan fails reading live state, after loading what a real plan loads.
    const plain = await loadedBy(['plan', 'examples/quickstart/dns/zones.yaml'], 1, env);
    expect(plain).toContain('src/cli/commands/plan.ts');
    expect(plain).toContain('src/providers/http/transport.ts');
    expect(under(plain, 'src/emulator/index.ts')).toEqual([]);
    // A Dyn plan opens the Dyn provider only: no other provider's client, reader or writer, no DNS wire, and no
    // full YAML reader (docs/benchmarks.md, "Memory").
    for (const unused of [
      'src/providers/pdns/open.ts',
      'src/providers/pdns/client.ts',
      'src/providers/rfc2136/open.ts',
      'src/providers/rfc2136/client.ts',
      'src/providers/zonefile/open.ts',
      'src/providers/zonefile/read.ts',
      'src/dns-wire/',
      'node_modules/yaml/',
    ])
      expect(under(plain, unused), unused).toEqual([]);
    const state = join(dir, 'sandbox.json');
    const sandbox = await loadedBy(
      [
        'plan',
        '--sandbox',
        '--sandbox-state',
        state,
        '--seed',
        'examples/quickstart/sandbox-seed.yaml',
        'examples/quickstart/dns',
      ],
      2,
    );
    expect(sandbox).toContain('src/emulator/index.ts');
  });
});
