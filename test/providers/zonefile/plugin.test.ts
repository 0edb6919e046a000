import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import { silentLogger } from '../../../src/model/logger.js';
import { PROVIDER_CATALOGUE } from '../../../src/providers/registry.js';
import { labelZonefileOp, parseZonefileOp } from '../../../src/providers/zonefile/index.js';
import { ZONEFILE } from '../../../src/providers/zonefile/plugin.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-plugin-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function problems(providers: string): Promise<string[]> {
  const file = join(dir, 'desired.yaml');
  await writeFile(
    file,
    `providers:\n${providers}\nzones:\n  example.com:\n    records: { www: { a: [192.0.2.1] } }\n`,
  );
  const loaded = await loadDesiredState([file], { catalogue: PROVIDER_CATALOGUE });
  return loaded.ok ? [] : loaded.diagnostics.map((d) => formatDiagnostic(d).replace(`${file}:`, ''));
}

describe('type: zonefile in providers:', () => {
  it('is valid with a directory, and records the file that declares it', async () => {
    const file = join(dir, 'desired.yaml');
    await writeFile(
      file,
      'providers:\n  files: { type: zonefile, directory: zones, filename: "db.{zone}" }\nzones:\n  example.com: {}\n',
    );
    const loaded = await loadDesiredState([file], { catalogue: PROVIDER_CATALOGUE });
    if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
    expect(loaded.desired.dnsProviders).toEqual([
      {
        name: 'files',
        type: 'zonefile',
        options: { directory: 'zones', filename: 'db.{zone}' },
        declaredIn: file,
      },
    ]);
  });

  it('refuses a missing directory, and a filename pattern without {zone} or with a directory, at once', async () => {
    expect(
      await problems(
        '  files: { type: zonefile, filename: zone.db, nameservers: [ns1.example.net] }\n  more: { type: zonefile, directory: z, filename: "a/{zone}" }',
      ),
    ).toEqual([
      expect.stringMatching(/^2:\d+: .*directory/),
      expect.stringMatching(
        /^2:\d+: EP1103 filename must be a file name \(no directory\) holding \{zone\} once/,
      ),
      expect.stringMatching(
        /^3:\d+: EP1103 filename must be a file name \(no directory\) holding \{zone\} once/,
      ),
    ]);
  });

  it('refuses a directory inside .git, any case, and a max_file_mb that is no whole number in range', async () => {
    expect(
      await problems(
        [
          '  a: { type: zonefile, directory: .git/zones }',
          '  b: { type: zonefile, directory: "sub\\\\.GIT" }',
          '  c: { type: zonefile, directory: zones, max_file_mb: 0.5 }',
          '  d: { type: zonefile, directory: zones, max_file_mb: 33 }',
          '  e: { type: zonefile, directory: .gitzones, max_file_mb: 32 }',
        ].join('\n'),
      ),
    ).toEqual([
      expect.stringMatching(
        /^2:\d+: EP1103 directory must not lie inside a \.git directory, git's own files/,
      ),
      expect.stringMatching(/^3:\d+: EP1103 directory must not lie inside a \.git directory/),
      expect.stringMatching(/^4:\d+: EP1103 max_file_mb must be a whole number of megabytes/),
      expect.stringMatching(/^5:\d+: EP1103 max_file_mb must be at most 32/),
    ]);
  });

  it('refuses ALIAS records: a zone file cannot carry them', async () => {
    const file = join(dir, 'desired.yaml');
    await writeFile(
      file,
      'providers:\n  files: { type: zonefile, directory: zones }\nzones:\n  example.com:\n    records: { "@": { alias: lb.example.net. } }\n',
    );
    const loaded = await loadDesiredState([file], { catalogue: PROVIDER_CATALOGUE });
    expect(loaded.ok ? [] : loaded.diagnostics.map(formatDiagnostic)).toEqual([
      expect.stringMatching(/ALIAS/),
    ]);
  });
});

it('refuses relative name servers when the provider is opened, before anything is read', async () => {
  const opened = ZONEFILE.open(
    {
      name: 'files',
      type: 'zonefile',
      options: { directory: '.', nameservers: ['ns1.example.net.', 'ns2'] },
    },
    { env: {}, logger: silentLogger, userAgent: 'edgeplan-test' },
  );
  await expect(opened).rejects.toThrow(
    'provider files: nameservers must be absolute host names with their trailing dot (ns1.example.net.), not ns2',
  );
});

describe('the write-zone op of saved plans', () => {
  const op = {
    kind: 'write-zone',
    zone: 'example.com',
    file: 'zones/example.com.zone',
    digest: 'a'.repeat(64),
    delete: [{ fqdn: 'old.example.com', type: 'TXT' }],
    replace: [{ fqdn: 'www.example.com', type: 'A', ttl: 300, values: ['192.0.2.1'] }],
  };

  it('is checked before anything is read, and labelled by its file and changes', () => {
    expect(labelZonefileOp(parseZonefileOp(op))).toBe(
      'rewrite zones/example.com.zone for zone example.com: delete old.example.com TXT; www.example.com A 192.0.2.1 ttl 300',
    );
    expect(() => parseZonefileOp({ ...op, digest: null })).toThrow(
      'digest: a digest exactly when the zone exists',
    );
    expect(() => parseZonefileOp({ ...op, delete: [{ fqdn: 'example.com', type: 'NS' }] })).toThrow(
      'delete.0: the apex NS set is never deleted: a zone without it has no name servers',
    );
    const apexNs = { fqdn: 'example.com', type: 'NS', ttl: 300, values: ['ns1.example.net.'] };
    expect(parseZonefileOp({ ...op, replace: [apexNs] }).replace).toEqual([apexNs]);
    expect(() =>
      parseZonefileOp({ ...op, replace: [{ ...op.replace[0], fqdn: 'www.example.org' }] }),
    ).toThrow('replace.0.fqdn: not in zone example.com');
    expect(() => parseZonefileOp({ ...op, replace: [{ ...op.replace[0], values: ['192.0.2.01'] }] })).toThrow(
      'not a canonical A value',
    );
    expect(() => parseZonefileOp({ ...op, replace: [{ ...op.replace[0], type: 'ALIAS' }] })).toThrow(
      'not a record type this provider manages',
    );
  });
});
