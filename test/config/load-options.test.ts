import { execFileSync } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type LoadOptions, loadDesiredState } from '../../src/config/index.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import { PROVIDER_CATALOGUE } from '../../src/providers/registry.js';
import { catalogueWith, tempTree } from './helpers.js';

/**
 * What `loadDesiredState` (src/config/load.ts) makes of its options and of what each stage found: which provider a
 * desired state is checked against, when it loads with warnings, what it reports once, and what it returns.
 */

/** Every formatted diagnostic of loading `dir` (warnings on success, problems on failure), paths relative. */
async function reported(dir: string, options: LoadOptions = {}): Promise<{ ok: boolean; lines: string[] }> {
  const result = await loadDesiredState([dir], options);
  const diagnostics = result.ok ? result.warnings : result.diagnostics;
  return { ok: result.ok, lines: diagnostics.map((d) => formatDiagnostic(d).replaceAll(`${dir}/`, '')) };
}

/** Every registered type's capabilities: A only. */
const A_ONLY: LoadOptions = {
  catalogue: catalogueWith(() => ({
    recordTypes: ['A'],
    geoServices: false,
    secondaryZones: false,
    maxRecordsPerName: {},
  })),
};

const TXT_AT_WWW = 'zones:\n  x.test:\n    records:\n      www: { txt: [hello] }\n';

describe('loadDesiredState: the provider a desired state is checked against', () => {
  it('checks a desired state without providers: against the implicit provider, dyn unless told', async () => {
    const dir = await tempTree({ 'a.yaml': TXT_AT_WWW });
    expect(await reported(dir, A_ONLY)).toEqual({
      ok: false,
      lines: [
        'a.yaml:4:14: EP1301 record "www": the DNS provider dyn does not support record type TXT: leave it out of the zones this provider serves, or serve them from a provider that holds TXT (docs/record-types.md lists which)',
      ],
    });
    const named = { ...A_ONLY, implicitProvider: { name: 'files', type: 'zonefile', options: {} } };
    expect(await reported(dir, named)).toEqual({
      ok: false,
      lines: [
        'a.yaml:4:14: EP1301 record "www": the DNS provider files does not support record type TXT: leave it out of the zones this provider serves, or serve them from a provider that holds TXT (docs/record-types.md lists which)',
      ],
    });
  });

  it('checks nothing against a provider whose type the catalogue does not have, nor without a catalogue', async () => {
    const dir = await tempTree({ 'a.yaml': TXT_AT_WWW });
    const unknown = { ...A_ONLY, implicitProvider: { name: 'x', type: 'no-such-type', options: {} } };
    expect(await reported(dir, unknown)).toEqual({ ok: true, lines: [] });
    expect(await reported(dir)).toEqual({ ok: true, lines: [] });
  });

  it('checks a desired state with providers: against its providers only, not the implicit one', async () => {
    const dir = await tempTree({
      'a.yaml': `${TXT_AT_WWW}    providers: [files]\nproviders:\n  files: { type: zonefile, directory: zones }\n`,
    });
    expect(await reported(dir, A_ONLY)).toEqual({
      ok: false,
      lines: [
        'a.yaml:4:14: EP1301 record "www": the DNS provider files does not support record type TXT: leave it out of the zones this provider serves, or serve them from a provider that holds TXT (docs/record-types.md lists which)',
      ],
    });
  });

  it('knows no provider type without a catalogue: a providers: entry is a problem', async () => {
    const dir = await tempTree({
      'a.yaml':
        'zones:\n  x.test:\n    providers: [files]\nproviders:\n  files: { type: zonefile, directory: zones }\n',
    });
    const without = await reported(dir);
    expect(without.ok).toBe(false);
    expect(without.lines.join('\n')).toContain('a.yaml:5:');
    expect(await reported(dir, { catalogue: PROVIDER_CATALOGUE })).toEqual({ ok: true, lines: [] });
  });
});

describe('loadDesiredState: what it returns', () => {
  it('reports a problem found twice once', async () => {
    // zod reports a number too large for a TTL as two issues with one message.
    const dir = await tempTree({
      'a.yaml':
        'zones:\n  x.test:\n    records:\n      www: { a: [192.0.2.1], ttl: 99999999999999999999999 }\n',
    });
    const { ok, lines } = await reported(dir);
    expect(ok).toBe(false);
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('loads with warnings, sorted by place, and returns the files, the state and what it skipped', async () => {
    const dir = await tempTree({
      'b.yaml': 'zones:\n  x.test:\n    records:\n      www: { cname: web }\n',
      'a.yaml': 'zones:\n  x.test:\n    records:\n      api: { cname: app }\n',
      '.hidden.yaml': '',
    });
    const result = await loadDesiredState([dir]);
    if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
    expect(result.files).toEqual([`${dir}/a.yaml`, `${dir}/b.yaml`]);
    expect(
      result.warnings.map((d) => `${d.file.replace(`${dir}/`, '')}:${d.line}:${d.col}:${d.severity}`),
    ).toEqual(['a.yaml:4:21:warning', 'b.yaml:4:21:warning']);
    expect(result.skipped).toEqual([
      { path: `${dir}/.hidden.yaml`, reason: 'hidden (its name starts with a dot)' },
    ]);
    expect(result.desired.zones.map((zone) => zone.records.map((set) => set.fqdn))).toEqual([
      ['api.x.test', 'www.x.test'],
    ]);
    expect(result.desired).not.toHaveProperty('waf');
  });

  it('fails on one error among warnings, and returns the warnings with it and what it skipped', async () => {
    const dir = await tempTree({
      'a.yaml': 'zones:\n  x.test:\n    records:\n      api: { cname: app }\n      www: { a: [1.2.3] }\n',
      'node_modules/x.yaml': '',
    });
    const result = await loadDesiredState([dir]);
    expect(result.ok).toBe(false);
    expect(
      result.ok ? [] : result.diagnostics.map((d) => `${d.line}:${d.col}:${d.severity ?? 'error'}`),
    ).toEqual(['4:21:warning', '5:18:error']);
    expect(result.skipped).toEqual([
      { path: `${dir}/node_modules`, reason: 'node_modules is never searched' },
    ]);
  });

  it('reports lint errors as warnings with the reason given, and loads', async () => {
    const dir = await tempTree({
      'a.yaml': 'zones:\n  x.test:\n    records:\n      www: { cname: www.x.test. }\n',
    });
    const strict = await reported(dir);
    expect(strict.ok).toBe(false);
    expect(await reported(dir, { lintErrorsAsWarnings: 'the zone holds it' })).toEqual({
      ok: true,
      lines: [
        'a.yaml:4:21: warning: EP1402 record "www" CNAME: points at its own name www.x.test.; a resolver following it never finds an answer (an error, the zone holds it)',
      ],
    });
  });

  it('makes a warning an error with strict', async () => {
    const dir = await tempTree({ 'a.yaml': 'zones:\n  x.test:\n    records:\n      www: { cname: web }\n' });
    expect((await reported(dir)).ok).toBe(true);
    expect((await reported(dir, { strict: true })).ok).toBe(false);
  });

  it('returns the WAF sections as desired state when a file has them', async () => {
    const dir = await tempTree({
      'a.yaml': 'waf:\n  webapps:\n    shop:\n      good_bots: { mode: exact, allow: [Googlebot] }\n',
    });
    const result = await loadDesiredState([dir]);
    if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
    expect(result.desired.waf?.webapps.map((webapp) => `${webapp.ref} ${webapp.mode}`)).toEqual([
      'shop exact',
    ]);
  });
});

describe('loadDesiredState from paths a saved plan chose', () => {
  it('says why a file could not be read, not that it is foreign', async () => {
    const dir = await realpath(await tempTree({ 'a.yaml': 'zones: {}\n' }));
    execFileSync('mkfifo', [`${dir}/pipe.yaml`]);
    const result = await loadDesiredState([`${dir}/a.yaml`, `${dir}/pipe.yaml`], {
      untrustedPaths: { dir, description: 'the repository' },
    });
    expect(result.ok ? [] : result.diagnostics.map(formatDiagnostic)).toEqual([
      `${dir}/pipe.yaml:1:1: EP1004 not a regular file (a pipe, a device or a socket): desired state is read from files`,
    ]);
  });
});

describe('loadDesiredState tells onRead how much YAML it read', () => {
  it('once, before parsing: the characters of every file read, none of a file it could not read', async () => {
    const dir = await realpath(await tempTree({ 'a.yaml': TXT_AT_WWW, 'b.yaml': 'zones: {}\n' }));
    execFileSync('mkfifo', [`${dir}/pipe.yaml`]);
    const told: number[] = [];
    const result = await loadDesiredState([`${dir}/a.yaml`, `${dir}/pipe.yaml`, `${dir}/b.yaml`], {
      onRead: (characters) => told.push(characters),
    });
    expect(result.ok).toBe(false);
    expect(told).toEqual([TXT_AT_WWW.length + 'zones: {}\n'.length]);
  });
});
