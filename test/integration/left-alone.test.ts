/**
 * Records of types edgeplan does not manage, end to end on the emulator: seeded into a Dyn zone as the service
 * serves them, `import` lists every one with its data and the first plan is empty and lists them too; `apply`
 * leaves them where they are.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DYN_RECORD_TYPES } from '../../src/providers/dyn/capabilities.js';
import { SERVED_TYPES } from '../emulator/dyn/served-types.js';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its one test (4.4 s on an idle machine: import, plan and apply as child processes).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const ZONE = 'example.com';
/** The types edgeplan manages on Dyn (CERT, LOC, RP, …) are imported as record sets, not left alone. */
const FOREIGN = SERVED_TYPES.filter((sample) => !DYN_RECORD_TYPES.has(sample.type));
let sandbox: Sandbox;
let dir: string;

beforeEach(async () => {
  const records = [
    ...SERVED_TYPES.map(({ type, fqdn, rdata }) => ({ type, fqdn, rdata, ttl: 300 })),
    { type: 'A', fqdn: 'www.example.com', rdata: { address: '192.0.2.1' }, ttl: 300 },
  ];
  sandbox = await startSandbox({ dns: { zones: { [ZONE]: { records } } } });
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-left-alone-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('records edgeplan does not manage, on the emulator', () => {
  it('are all listed by import with their data, the first plan is empty and lists them, apply keeps them', async () => {
    const out = join(dir, 'imported');
    const imported = await cli(['import', '--out', out], sandbox.env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    const file = await readFile(join(out, `${ZONE}.yaml`), 'utf8');
    const lines = [
      `zone:${ZONE}: ${FOREIGN.length} records of types edgeplan does not manage, left as they are:`,
      `vpn.${ZONE}. 300 IPSECKEY 10 1 2 192.0.2.38 AQNRU3mG7TVTO2Bk`,
      `${ZONE}. 300 CSYNC 66 3 A NS AAAA`,
      `kx.${ZONE}. 300 KX 10 kdc.example.com.`,
    ];
    for (const line of lines) {
      expect(imported.stdout).toContain(line);
      expect(file).toContain(line);
    }
    // Every one named: no "… more".
    for (const { type, fqdn } of FOREIGN) expect(imported.stdout, type).toContain(`${fqdn}. 300 ${type} `);

    const plan = await cli(['plan', join(out, `${ZONE}.yaml`)], sandbox.env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(
      new RegExp(`^No changes\\..*\\n\\nLeft alone .*\\n {2}example\\.com: ${FOREIGN.length} record sets: `),
    );

    const desired = join(dir, 'more.yaml');
    expect(file).toContain('\n      www: {');
    await writeFile(
      desired,
      file.replace('\n      www: {', '\n      api: { a: [ 192.0.2.9 ] }\n      www: {'),
    );
    const applied = await cli(['apply', desired, '--yes'], sandbox.env);
    expect(applied.code, applied.stderr).toBe(0);
    const records = sandbox.emulator.snapshot().dns?.zones?.[ZONE]?.records ?? [];
    const live = records.map((r) => `${r.fqdn} ${r.type}`);
    for (const { type, fqdn } of SERVED_TYPES) expect(live, type).toContain(`${fqdn} ${type}`);
    expect(live).toContain(`api.${ZONE} A`);
  });
});
