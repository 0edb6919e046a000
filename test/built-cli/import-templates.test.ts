/**
 * `edgeplan import --find-templates --min-zones 2` as typed in a terminal, by the built CLI in a process of its own,
 * against an account of three zones: two share their mail sets (a template), the third serves exactly what the
 * first serves (a mirror). The written files load, and the import's own round trip plans no changes.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { runCliProcess } from '../support/cli-process.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: one process of the built CLI, about a second on a quiet machine.
vi.setConfig({ testTimeout: 60_000 });

type SeedZone = NonNullable<NonNullable<EmulatorSeed['dns']>['zones']>[string];

function zone(name: string, address: string): [string, SeedZone] {
  return [
    name,
    {
      records: [
        { fqdn: name, type: 'A', ttl: 3600, rdata: { address } },
        { fqdn: name, type: 'MX', ttl: 3600, rdata: { preference: 1, exchange: 'smtp.google.com.' } },
        { fqdn: name, type: 'TXT', ttl: 3600, rdata: { txtdata: 'v=spf1 include:_spf.google.com ~all' } },
      ],
    },
  ];
}

const SEED = {
  dns: {
    zones: Object.fromEntries([
      zone('alpha.example', '192.0.2.1'),
      zone('bravo.example', '192.0.2.2'),
      zone('charlie.example', '192.0.2.1'),
    ]),
  },
} satisfies EmulatorSeed;

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  [sandbox, dir] = await Promise.all([
    startSandbox(SEED),
    mkdtemp(join(tmpdir(), 'edgeplan-import-templates-')),
    ensureBuilt(),
  ]);
}, BUILD_BUDGET_MS);
afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('edgeplan import --find-templates', () => {
  it('writes the shared sets once as a template and the copy as a mirror; the round trip plans empty', async () => {
    const out = join(dir, 'imported');
    const argv = ['import', '--out', out, '--single-file', '--find-templates', '--min-zones', '2'];
    const run = await runCliProcess(argv, sandbox.env, { built: true });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Templates (record sets at least 2 zones share) and mirrors:\n');
    expect(run.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    const written = await readFile(join(out, 'edgeplan.yaml'), 'utf8');
    expect(written).toMatch(/^templates:\n/m);
    expect(written).toContain('same_as: alpha.example');
  });
});
