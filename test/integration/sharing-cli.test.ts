import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';
import { publishedRecords } from './helpers.js';
import { rdataOf } from './scenario.js';

// Time budget: ten times its slowest test (0.5 s quiet, in the full suite on 2 cores), rounded up; it runs the
// CLI or other programs, which a loaded machine slows most.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const ZONE = 'shared.test';

/** Another tool's records (values as YAML writes them) (an external-dns A, an ACME token, a verification TXT) beside edgeplan's. */
const LIVE: [string, string, number, string][] = [
  ['app', 'A', 60, '192.0.2.10'],
  ['app', 'TXT', 300, 'owner=old'],
  ['_acme-challenge', 'TXT', 60, 'token-1'],
  ['@', 'TXT', 300, 'google-site-verification=abc'],
  ['@', 'TXT', 300, 'v=spf1 include:old.example -all'],
  ['stale', 'A', 300, '192.0.2.99'],
  ['untouched', 'A', 300, '192.0.2.50'],
];

const fqdnOf = (label: string) => (label === '@' ? ZONE : `${label}.${ZONE}`);

let sandbox: Sandbox;
let dir: string;

beforeEach(async () => {
  sandbox = await startSandbox({
    dns: {
      zones: {
        [ZONE]: {
          serial: 3,
          records: LIVE.map(([label, type, ttl, value]) => ({
            fqdn: fqdnOf(label),
            type,
            ttl,
            rdata: rdataOf(type, value, ZONE),
          })),
        },
      },
    },
  });
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-sharing-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function config(lines: string[]): Promise<string> {
  const path = join(dir, 'zones.yaml');
  await writeFile(path, `${['zones:', `  ${ZONE}:`, '    default_ttl: 300', ...lines].join('\n')}\n`);
  return path;
}

describe('a zone shared with other tools, on the emulator', () => {
  it('applies only edgeplan’s part, keeps the other tool’s records and values, then plans nothing', async () => {
    const path = await config([
      '    records:',
      '      app: { txt: ["owner=platform"] }',
      '      "@": { txt: ["v=spf1 -all"] }',
      '      untouched: { a: [192.0.2.50] }',
      '    unmanaged:',
      '      - { name: app, types: [A] }',
      '      - { name: "_acme-challenge*", types: [TXT], value: "*" }',
      '      - { name: "@", types: [TXT], value: "google-site-verification=*" }',
      '      - { name: gone, types: [CNAME] }',
    ]);
    const plan = await cli(['plan', path], sandbox.env);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(
      '~ shared.test TXT +"v=spf1 -all", −"v=spf1 include:old.example -all", kept "google-site-verification=abc"',
    );
    expect(plan.stdout).toContain('- stale.shared.test A ttl 300 192.0.2.99');
    expect(plan.stdout).toContain(
      'Note: zone shared.test: unmanaged entry "gone CNAME" matched no live record',
    );

    const apply = await cli(['apply', path, '--yes'], sandbox.env);
    expect(apply.code, apply.stderr).toBe(0);
    expect(publishedRecords(sandbox.emulator, ZONE)).toEqual([
      '_acme-challenge.shared.test 60 TXT "token-1"',
      'app.shared.test 300 TXT "owner=platform"',
      'app.shared.test 60 A 192.0.2.10',
      'shared.test 300 TXT "google-site-verification=abc"',
      'shared.test 300 TXT "v=spf1 -all"',
      'untouched.shared.test 300 A 192.0.2.50',
    ]);

    const again = await cli(['plan', path], sandbox.env);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain('No changes.');
  });

  it('manage: declared changes what the YAML names and deletes only what absent lists', async () => {
    const path = await config([
      '    manage: declared',
      '    records:',
      '      app: { txt: ["owner=platform"] }',
      '    absent: [stale A]',
    ]);
    const plan = await cli(['plan', path], sandbox.env);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('shared.test (serial 3, manage: declared,');

    const apply = await cli(['apply', path, '--yes'], sandbox.env);
    expect(apply.code, apply.stderr).toBe(0);
    expect(publishedRecords(sandbox.emulator, ZONE)).toEqual([
      '_acme-challenge.shared.test 60 TXT "token-1"',
      'app.shared.test 300 TXT "owner=platform"',
      'app.shared.test 60 A 192.0.2.10',
      'shared.test 300 TXT "google-site-verification=abc"',
      'shared.test 300 TXT "v=spf1 include:old.example -all"',
      'untouched.shared.test 300 A 192.0.2.50',
    ]);
    // The set `absent` named is gone: the entry now deletes nothing, and the plan says so.
    const again = await cli(['plan', path], sandbox.env);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain(
      'Note: zone shared.test: absent entry "stale A" matched no live record set edgeplan manages: nothing to delete',
    );
    expect(plan.stdout).not.toContain('absent entry');
  });
});
