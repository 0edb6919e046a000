import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXIT_USAGE } from '../../src/cli/exit-codes.js';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (about 1 s alone on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

/**
 * Names written in Unicode on every surface of the CLI, against the emulator: the zone `bücher.example` is live as
 * `xn--bcher-kva.example` (A-labels, RFC 5890 §2.3.2.1; UTS #46 maps one to the other), beside `example.com`.
 */
const BUECHER = 'xn--bcher-kva.example';
const A = (fqdn: string, address: string) => ({ fqdn, type: 'A', ttl: 300, rdata: { address } });

let sandbox: Sandbox;
let dir: string;
let config: string;

beforeEach(async () => {
  sandbox = await startSandbox({
    dns: {
      zones: {
        [BUECHER]: {
          serial: 1,
          records: [A(`www.${BUECHER}`, '192.0.2.1'), A(`x.xn--caf-dma.${BUECHER}`, '192.0.2.9')],
        },
        'example.com': { serial: 1, records: [A('www.example.com', '192.0.2.1')] },
      },
    },
  });
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-unicode-'));
  config = join(dir, 'dns.yaml');
  await writeFile(
    config,
    'zones:\n  bücher.example:\n    records:\n      www: { a: [192.0.2.2], ttl: 300 }\n' +
      '      café: { a: [192.0.2.3], ttl: 300 }\n' +
      '  example.com:\n    records:\n      www: { a: [192.0.2.2], ttl: 300 }\n',
  );
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const run = (...args: string[]) => cli(args, sandbox.env);

describe('names in Unicode on the command line', () => {
  it('plan --format json shows the Unicode form beside the A-labels, and apply --plan takes the file', async () => {
    // Run in the temp directory: a saved plan's paths are relative to where it is made (no repository there).
    const inDir = (...args: string[]) => cli(args, sandbox.env, { cwd: dir });
    const planned = await inDir('plan', 'dns.yaml', '--target', 'zone:bücher.example', '--format', 'json');
    expect(planned.code, planned.stderr).toBe(2);
    const plan = JSON.parse(planned.stdout);
    expect(plan.zones).toEqual([{ zone: BUECHER, zoneUnicode: 'bücher.example', serial: 1 }]);
    const shown = plan.changes.map((c: { address: { fqdnUnicode?: string } }) => c.address.fqdnUnicode);
    expect(shown.sort()).toEqual(['café.bücher.example', 'www.bücher.example', 'x.café.bücher.example']);
    await writeFile(join(dir, 'plan.json'), planned.stdout);
    const applied = await inDir('apply', '--plan', 'plan.json', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
  });

  it('--target selects a zone written in Unicode, by glob too, and refuses one UTS #46 refuses by the flag', async () => {
    const one = await run('plan', config, '--target', 'zone:bücher.*', '--target', 'zone:bücher.example');
    expect(one.code, one.stderr).toBe(2);
    expect(one.stdout).toContain('www.bücher.example (www.xn--bcher-kva.example) A');
    expect(one.stdout).not.toContain('www.example.com');
    const bad = await run('plan', config, '--target', 'zone:a\u200db.example');
    expect(bad.code).toBe(EXIT_USAGE);
    expect(bad.stderr).toContain(
      '--target "zone:aU+200Db.example": "aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
    );
  });

  it('an unmanaged glob *.café leaves x.xn--caf-dma alone', async () => {
    await writeFile(
      config,
      'zones:\n  bücher.example:\n    unmanaged: ["*.café"]\n    records:\n      www: { a: [192.0.2.1], ttl: 300 }\n',
    );
    const planned = await run('plan', config);
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    await writeFile(config, 'zones:\n  bücher.example:\n    unmanaged: ["caf\u200dé"]\n    records: {}\n');
    const refused = await run('validate', config);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${config}:3:17: EP1503 unmanaged glob "cafU+200Dé" is not valid`);
  });

  it('an acknowledgement of zone:bücher.example/x.café A covers that drift', async () => {
    await writeFile(
      config,
      'zones:\n  bücher.example:\n    records:\n      www: { a: [192.0.2.1], ttl: 300 }\n',
    );
    const drift = await run('drift', config);
    expect(drift.code).toBe(2);
    const ack = join(dir, 'ack.yaml');
    await writeFile(
      ack,
      'acknowledged:\n  - { target: "zone:bücher.example/x.café A", reason: known, owner: ops, expires: 2099-12-31 }\n',
    );
    const acknowledged = await run('drift', config, '--ack', ack);
    expect(acknowledged.code, acknowledged.stdout).toBe(0);
    expect(acknowledged.stdout).toContain('All of it is acknowledged.');
  });

  it('import --zones takes a zone written in Unicode, and refuses one UTS #46 refuses by the flag', async () => {
    const out = join(dir, 'imported');
    const imported = await run('import', '--zones', 'bücher.example', '--out', out);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    expect(await readFile(join(out, `${BUECHER}.yaml`), 'utf8')).toContain(`${BUECHER}:`);
    const bad = await run('import', '--zones', 'a\u200db.example', '--out', out);
    expect(bad.code).toBe(EXIT_USAGE);
    expect(bad.stderr).toContain(
      '--zones: "aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
    );
  });
});
