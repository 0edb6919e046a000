/**
 * `edgeplan import --find-templates` on the sandbox: 30 brand zones, 25 on Google mail and a Let's Encrypt CAA
 * policy with a DMARC report address in each zone, 5 serving exactly what one of the others serves. Import writes
 * the shared sets as templates and the five as mirrors, and its own round trip (the files loaded, validated and
 * planned against the sandbox) is empty.
 */
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXIT_USAGE } from '../../src/cli/exit-codes.js';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (the fixture flow, 3.3 s on the loaded 2-core machine), rounded up.
vi.setConfig({ testTimeout: 40_000, hookTimeout: 30_000 });

const two = (n: number) => String(n).padStart(2, '0');

/** Brand n's records: the shared ones, and its own addresses (a mirror takes its source's). */
/** A zone of the seed. */
type SeedZone = NonNullable<NonNullable<EmulatorSeed['dns']>['zones']>[string];

function brand(n: number, like = n): [string, SeedZone] {
  const zone = `brand${two(n)}.example`;
  const record = (fqdn: string, type: string, rdata: Record<string, string | number>) => ({
    fqdn,
    type,
    ttl: 3600,
    rdata,
  });
  return [
    zone,
    {
      records: [
        record(zone, 'A', { address: `192.0.2.${like}` }),
        record(`www.${zone}`, 'A', { address: `198.51.100.${like}` }),
        record(zone, 'MX', { preference: 1, exchange: 'smtp.google.com.' }),
        record(zone, 'TXT', { txtdata: 'v=spf1 include:_spf.google.com ~all' }),
        record(zone, 'CAA', { flags: 0, tag: 'issue', value: 'letsencrypt.org' }),
        record(zone, 'CAA', { flags: 0, tag: 'iodef', value: `mailto:security@${zone}` }),
        // Two brands keep their DMARC policy of their own (and the mirror of one of them, as its source).
        record(`_dmarc.${zone}`, 'TXT', {
          txtdata:
            like === 2 || like === 7 ? 'v=DMARC1; p=none' : `v=DMARC1; p=reject; rua=mailto:dmarc@${zone}`,
        }),
      ],
    },
  ];
}

const SEED = {
  dns: {
    zones: Object.fromEntries([
      ...Array.from({ length: 25 }, (_, i) => brand(i + 1)),
      ...Array.from({ length: 5 }, (_, i) => brand(i + 26, i + 1)),
    ]),
  },
} satisfies EmulatorSeed;

let sandbox: Sandbox;
let dir: string;

beforeEach(async () => {
  sandbox = await startSandbox(SEED);
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-templates-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('import --find-templates', () => {
  it('writes two templates and five mirrors for 30 zones, and the files plan empty', async () => {
    const run = await cli(['import', '--find-templates', '--out', dir], sandbox.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Templates (record sets at least 3 zones share) and mirrors:\n' +
        '  template dmarc: 1 record sets, 23 zones\n' +
        '  template mail-google: 3 record sets, 25 zones\n' +
        '  zone brand26.example: same_as brand01.example\n' +
        '  zone brand27.example: same_as brand02.example\n' +
        '  zone brand28.example: same_as brand03.example\n' +
        '  zone brand29.example: same_as brand04.example\n' +
        '  zone brand30.example: same_as brand05.example\n',
    );
    expect(run.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.\n',
    );
    const files = await readdir(dir);
    expect(files).toHaveLength(31);
    expect(files).toContain('templates.yaml');
    expect(await readFile(join(dir, 'templates.yaml'), 'utf8')).toContain(
      '    "@": { caa: [ { flags: 0, tag: iodef, value: "mailto:security@{zone}" }, ' +
        '{ flags: 0, tag: issue, value: letsencrypt.org } ], ' +
        'mx: [ { preference: 1, exchange: smtp.google.com. } ], ' +
        'txt: [ v=spf1 include:_spf.google.com ~all ], ttl: 3600 }\n',
    );
    expect(await readFile(join(dir, 'brand07.example.yaml'), 'utf8')).toContain(
      '    templates: [ mail-google ]\n    records:\n      "@": { a: [ 192.0.2.7 ] }\n',
    );
    expect(await readFile(join(dir, 'brand27.example.yaml'), 'utf8')).toContain(
      '    same_as: brand02.example\n    records: {}\n',
    );
  });

  it('writes what plain import writes when nothing is shared by enough zones', async () => {
    const plain = join(dir, 'plain');
    const found = join(dir, 'found');
    expect((await cli(['import', '--zones', 'brand0[12].example', '--out', plain], sandbox.env)).code).toBe(
      0,
    );
    const run = await cli(
      ['import', '--zones', 'brand0[12].example', '--find-templates', '--out', found],
      sandbox.env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Templates (record sets at least 3 zones share) and mirrors: none\n');
    for (const name of await readdir(plain))
      expect(await readFile(join(found, name), 'utf8')).toBe(await readFile(join(plain, name), 'utf8'));
    expect(await readdir(found)).toEqual(await readdir(plain));
  });

  it('refuses --min-zones without --find-templates, and a --min-zones below 2', async () => {
    const alone = await cli(['import', '--min-zones', '4', '--out', dir], sandbox.env);
    expect(alone.stderr).toBe('error EP6002: --min-zones needs --find-templates\n');
    expect(alone.code).toBe(EXIT_USAGE);
    const one = await cli(['import', '--find-templates', '--min-zones', '1', '--out', dir], sandbox.env);
    expect(one.stderr).toContain('expected an integer ≥ 2');
    expect(one.code).toBe(EXIT_USAGE);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('import --find-templates after the templated fixture is applied', () => {
  it('writes templates and mirrors back that validate and plan empty (import, validate, plan)', async () => {
    const empty = await startSandbox();
    const work = await mkdtemp(join(tmpdir(), 'edgeplan-import-templates-'));
    try {
      const run = (...args: string[]) => cli(args, empty.env, { cwd: work });
      await cp('test/fixtures/reuse/templated', join(work, 'dns'), { recursive: true });
      expect((await run('apply', 'dns', '--yes')).code).toBe(0);
      const imported = await run('import', '--find-templates', '--out', 'imported');
      expect(imported.code, imported.stderr).toBe(0);
      // brand26 serves brand01's sets and a name of its own: written in full, as no zone equals it.
      expect(imported.stdout).toContain(
        'Templates (record sets at least 3 zones share) and mirrors:\n' +
          '  template dmarc: 1 record sets, 24 zones\n' +
          '  template mail-google: 4 record sets, 26 zones\n' +
          '  zone brand27.example: same_as brand02.example\n' +
          '  zone brand28.example: same_as brand03.example\n' +
          '  zone brand29.example: same_as brand04.example\n' +
          '  zone brand30.example: same_as brand05.example\n',
      );
      const valid = await run('validate', 'imported');
      // The same record sets as the fixture's own: `validate dns` counts 211 too.
      expect(valid.stdout, valid.stderr).toContain('Valid: 30 zones, 211 record sets.');
      const plan = await run('plan', 'imported');
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toContain('No changes.');
    } finally {
      await empty.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});
