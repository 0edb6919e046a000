/**
 * Glue on the emulator, the whole flow: a delegation with its glue applies and is published; import writes the glue
 * back and its round trip holds; deleting the glue is refused at validation while the YAML shows the delegation,
 * and held for approval (`delegation-glue`) when only live state does. The emulator answers no DNS queries yet, so
 * what it serves is checked through its published records (glue-pdns.test.ts asks a real PowerDNS with dig).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';
import { publishedRecords } from './helpers.js';
import { workDir } from './review-helpers.js';

// Time budget: ten times its slowest test (7.4 s alone at load 23 on 2 cores: apply, plan and import), rounded up.
vi.setConfig({ testTimeout: 80_000, hookTimeout: 20_000 });

let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

beforeEach(async () => {
  sandbox = await startSandbox({ dns: { zones: { 'example.com': { serial: 5, records: [] } } } });
  work = await workDir();
});
afterEach(async () => {
  await sandbox.close();
  await work.close();
});

const DELEGATION =
  'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.80] }\n' +
  '      lab: { ns: [ns1.lab.example.com., ns.example.net.] }\n';
const GLUE = '      ns1.lab: { a: [192.0.2.53], aaaa: ["2001:db8::53"] }\n';

describe('glue on the emulator', () => {
  it('applies a delegation with its glue, and import writes it back with an empty round trip', async () => {
    const file = await work.write('zones.yaml', DELEGATION + GLUE);
    const apply = await cli(['apply', file, '--yes'], sandbox.env);
    expect(apply.code, apply.stderr).toBe(0);
    expect(publishedRecords(sandbox.emulator, 'example.com')).toEqual([
      'lab.example.com 3600 NS ns.example.net.',
      'lab.example.com 3600 NS ns1.lab.example.com.',
      'ns1.lab.example.com 3600 A 192.0.2.53',
      'ns1.lab.example.com 3600 AAAA 2001:db8::53',
      'www.example.com 3600 A 192.0.2.80',
    ]);
    expect((await cli(['plan', file], sandbox.env)).code).toBe(0);

    const out = await mkdtemp(join(tmpdir(), 'edgeplan-glue-import-'));
    try {
      const imported = await cli(['import', '--zones', 'example.com', '--out', out], sandbox.env);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain(
        'Round trip: planning the written files against live state shows no changes.',
      );
      const yaml = await readFile(join(out, 'example.com.yaml'), 'utf8');
      expect(yaml).toContain('      ns1.lab: { a: [ 192.0.2.53 ], aaaa: [ 2001:db8::53 ] }\n');
      expect(yaml).not.toContain('unmanaged');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('refuses deleting the glue at validation while the YAML keeps the delegation, sending nothing', async () => {
    const file = await work.write('zones.yaml', DELEGATION + GLUE);
    expect((await cli(['apply', file, '--yes'], sandbox.env)).code).toBe(0);
    const unglued = await work.write('zones.yaml', DELEGATION);
    sandbox.emulator.requestLog.clear();
    const plan = await cli(['plan', unglued], sandbox.env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `${unglued}:5:19: EP1207 record "lab": its name server ns1.lab.example.com. lies inside the delegated name`,
    );
    expect(sandbox.emulator.requestLog.entries).toEqual([]);
  });

  it('holds deleting glue of a delegation kept under unmanaged for approval; --allow-unsafe applies it', async () => {
    const file = await work.write('zones.yaml', DELEGATION + GLUE);
    expect((await cli(['apply', file, '--yes'], sandbox.env)).code).toBe(0);
    const only = await work.write(
      'zones.yaml',
      'zones:\n  example.com:\n    unmanaged: [lab]\n    records:\n      www: { a: [192.0.2.80] }\n',
    );
    const plan = await cli(['plan', only], sandbox.env);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(
      'zone:example.com: leaves a name server inside its delegation without glue, the address resolvers can ' +
        'learn only from this zone: ns1.lab.example.com (delegation lab.example.com) [delegation-glue]',
    );
    const refused = await cli(['apply', only, '--yes'], sandbox.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('[delegation-glue]');
    expect(publishedRecords(sandbox.emulator, 'example.com')).toContain(
      'ns1.lab.example.com 3600 A 192.0.2.53',
    );

    const unsafe = await cli(['apply', only, '--yes', '--allow-unsafe'], sandbox.env);
    expect(unsafe.code, unsafe.stderr).toBe(0);
    expect(publishedRecords(sandbox.emulator, 'example.com')).not.toContain(
      'ns1.lab.example.com 3600 A 192.0.2.53',
    );
  });
});
