import { symlink } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { oneProviderDesired } from '../support/one-provider.js';
import { AT, aSet, desired, GOOD, NO_SERVICES, problems, tempTree } from './helpers.js';

describe('loadDesiredState on the good example', () => {
  it('merges both files into normalised, sorted desired state', async () => {
    expect(await desired(GOOD)).toEqual(
      oneProviderDesired({
        ...NO_SERVICES,
        zones: [
          {
            zone: 'example.com',
            at: AT,
            defaultTtl: 600,
            records: [
              aSet('*.dev.example.com', 600, '192.0.2.30'),
              aSet('api.example.com', 600, '192.0.2.20'),
              aSet('blog.example.com', 600, '192.0.2.40'),
              aSet('example.com', 600, '192.0.2.1', '192.0.2.2'),
              aSet('www.example.com', 300, '192.0.2.10'),
            ],
            unmanaged: [{ name: 'legacy-*' }, { name: '_acme-challenge*' }],
          },
          {
            zone: 'example.net',
            at: AT,
            defaultTtl: 3600,
            records: [
              aSet('example.net', 3600, '198.51.100.10'),
              aSet('mail.example.net', 60, '198.51.100.3', '198.51.100.25'),
            ],
            unmanaged: [],
          },
        ],
      }),
    );
  });

  it('lists the files it loaded, sorted by path below the directory', async () => {
    const result = await loadDesiredState([GOOD]);
    expect(result).toMatchObject({
      ok: true,
      files: [`${GOOD}/more/example-net.yaml`, `${GOOD}/zones.yaml`],
    });
  });

  it('loads a single file given by path', async () => {
    const state = await desired(`${GOOD}/more/example-net.yaml`);
    expect(state.zones.map((zone) => zone.zone)).toEqual(['example.com', 'example.net']);
    expect(state.zones[0]?.records.map((record) => record.fqdn)).toEqual(['blog.example.com']);
  });

  it('loads the examples', async () => {
    const state = await desired('examples/quickstart/dns');
    expect(state.zones.map((zone) => zone.zone)).toEqual(['example.com', 'example.net', 'example.org']);
  });
});

describe('default TTLs', () => {
  it('uses the record ttl, else the zone default_ttl, else 3600', async () => {
    const dir = await tempTree({
      'zones.yaml': [
        'zones:',
        '  with-default.test:',
        '    default_ttl: 120',
        '    records:',
        '      own: { a: [192.0.2.1], ttl: 30 }',
        '      inherited: { a: [192.0.2.2] }',
        '  without-default.test:',
        '    records:',
        '      "@": { a: [192.0.2.3] }',
        '',
      ].join('\n'),
    });
    expect(await desired(dir)).toEqual(
      oneProviderDesired({
        ...NO_SERVICES,
        zones: [
          {
            zone: 'with-default.test',
            at: AT,
            defaultTtl: 120,
            records: [
              aSet('inherited.with-default.test', 120, '192.0.2.2'),
              aSet('own.with-default.test', 30, '192.0.2.1'),
            ],
            unmanaged: [],
          },
          {
            zone: 'without-default.test',
            at: AT,
            defaultTtl: 3600,
            records: [aSet('without-default.test', 3600, '192.0.2.3')],
            unmanaged: [],
          },
        ],
      }),
    );
  });
});

describe('normalisation', () => {
  it('lower-cases names, drops trailing dots, resolves "@" and absolute names', async () => {
    const dir = await tempTree({
      'a.yaml': [
        'zones:',
        '  Example.ORG.:',
        '    records:',
        '      "@": { a: [192.0.2.9, 192.0.2.10, 192.0.2.1] }',
        '      WWW: { a: [192.0.2.1] }',
        '      Deep.Api.EXAMPLE.org.: { a: [192.0.2.2] }',
        '',
      ].join('\n'),
    });
    const [zone] = (await desired(dir)).zones;
    expect(zone?.zone).toBe('example.org');
    expect(zone?.records).toEqual([
      aSet('deep.api.example.org', 3600, '192.0.2.2'),
      aSet('example.org', 3600, '192.0.2.1', '192.0.2.9', '192.0.2.10'),
      aSet('www.example.org', 3600, '192.0.2.1'),
    ]);
  });
});

describe('finding files', () => {
  it('walks directories recursively, skipping dot-entries, node_modules, seed files and non-YAML', async () => {
    const dir = await tempTree({
      'b.yml': 'zones:\n  b.test: {}\n',
      'a/z.yaml': 'zones:\n  z.test: {}\n',
      'a.yaml': 'zones:\n  a.test: {}\n',
      'notes.txt': 'not: [yaml',
      '.hidden/broken.yaml': 'not: [yaml',
      '.gitlab-ci.yml': 'not: [yaml',
      'node_modules/pkg/broken.yaml': 'not: [yaml',
      'sandbox-seed.yaml': 'dns: {}\n',
      'empty.yaml': '',
      'comments.yaml': '# nothing here yet\n',
    });
    const result = await loadDesiredState([dir]);
    expect(result).toMatchObject({
      ok: true,
      files: ['a.yaml', 'a/z.yaml', 'b.yml', 'comments.yaml', 'empty.yaml'].map((file) => `${dir}/${file}`),
    });
    expect(result.ok && result.desired.zones.map((zone) => zone.zone)).toEqual([
      'a.test',
      'b.test',
      'z.test',
    ]);
    expect(result.skipped).toEqual([
      { path: `${dir}/.gitlab-ci.yml`, reason: 'hidden (its name starts with a dot)' },
      { path: `${dir}/.hidden`, reason: 'hidden (its name starts with a dot)' },
      { path: `${dir}/node_modules`, reason: 'node_modules is never searched' },
      {
        path: `${dir}/sandbox-seed.yaml`,
        reason: 'an emulator account (sandbox-seed.yaml), not desired state',
      },
    ]);
  });

  it('follows symbolic links to files and directories, each searched once, loops named', async () => {
    const root = await tempTree({
      'shared/www.yaml': 'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n',
      'shared/records/api.yaml': 'zones:\n  example.com:\n    records:\n      api: { a: [192.0.2.5] }\n',
      'dns/zones.yaml': 'zones:\n  example.com:\n    default_ttl: 300\n',
      'dns/docs/readme.md': '# no yaml here\n',
    });
    const dns = `${root}/dns`;
    await symlink('../shared/www.yaml', `${dns}/www.yaml`);
    await symlink('../shared/records', `${dns}/records`);
    await symlink('../shared/records', `${dns}/again`);
    await symlink('../../dns', `${root}/shared/records/up`);
    await symlink('www.yaml', `${dns}/zz-www.yml`);
    const result = await loadDesiredState([dns]);
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(result.files).toEqual([`${dns}/again/api.yaml`, `${dns}/www.yaml`, `${dns}/zones.yaml`]);
    expect(result.desired.zones[0]?.records.map((set) => set.fqdn)).toEqual([
      'api.example.com',
      'www.example.com',
    ]);
    expect(result.skipped).toEqual([
      { path: `${dns}/again/up`, reason: `a link back to ${dns}, which is searched already` },
      { path: `${dns}/docs`, reason: 'no *.yaml or *.yml file below it' },
      { path: `${dns}/records`, reason: `the same directory as ${dns}/again, searched once` },
      { path: `${dns}/zz-www.yml`, reason: `the same file as ${dns}/www.yaml, loaded once` },
    ]);
  });

  it('refuses a link it cannot follow: the records behind it would become deletes', async () => {
    const dir = await tempTree({ 'zones.yaml': 'zones:\n  example.com:\n    records: {}\n' });
    await symlink('../gone/records.yaml', `${dir}/records.yaml`);
    await symlink('loop-b', `${dir}/loop-a`);
    await symlink('loop-a', `${dir}/loop-b`);
    expect(await problems(dir)).toEqual([
      `${dir}/loop-a:1:1: EP1001 cannot follow this symbolic link: too many levels of symbolic links`,
      `${dir}/loop-b:1:1: EP1001 cannot follow this symbolic link: too many levels of symbolic links`,
      `${dir}/records.yaml:1:1: EP1001 cannot follow this symbolic link: no such file or directory`,
    ]);
  });

  it('loads a file reached through two paths once', async () => {
    const dir = await tempTree({
      'a.yaml': 'zones:\n  a.test:\n    records:\n      www: { a: [192.0.2.1] }\n',
    });
    const result = await loadDesiredState([dir, `${dir}/a.yaml`]);
    expect(result).toMatchObject({ ok: true, files: [`${dir}/a.yaml`] });
  });

  it('loads nothing from an empty file', async () => {
    const dir = await tempTree({ 'empty.yaml': '' });
    expect(await desired(`${dir}/empty.yaml`)).toEqual(oneProviderDesired({ ...NO_SERVICES, zones: [] }));
  });

  it('reports a missing path and a directory without YAML files', async () => {
    const dir = await tempTree({ 'readme.md': '# no yaml\n' });
    expect(await problems(`${dir}/missing.yaml`, dir)).toEqual([
      `${dir}:1:1: EP1002 no *.yaml or *.yml file in this directory`,
      `${dir}/missing.yaml:1:1: EP1001 cannot read: no such file or directory`,
    ]);
  });
});
