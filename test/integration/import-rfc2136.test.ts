/**
 * `edgeplan import` from an `rfc2136` provider (a real BIND 9), as from any other: the zone is read by zone transfer,
 * as plan reads it, written, and its round trip plans empty. A server lists no zones, so they are named with
 * `--zones`; a name the server does not serve matches nothing, and a glob or no `--zones` is refused saying so.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { describeFlow } from '../support/provider-flow.js';

// Time budget: ten times its slowest test (one import as a child of this process: 0.5 s idle), rounded up; starting
// BIND waits up to 15 s for its zone.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const ZONE = 'example.com';
const TEXT = [
  '$TTL 300',
  '@ IN SOA ns1.example.net. hostmaster.example.com. 1 3600 600 86400 300',
  '@ IN NS ns1.example.net.',
  '@ IN MX 10 mail.example.net.',
  'www IN A 192.0.2.1',
  'docs IN CNAME www',
  // RFC 1035 §5.1: without its trailing dot this name is relative, served as mx.example.com.example.com.
  'mx.example.com IN A 192.0.2.25',
  'office IN KX 10 kx.example.net.',
  '',
].join('\n');

describeFlow('bind', 'import from an rfc2136 provider', { zones: [{ zone: ZONE, text: TEXT }] }, (flow) => {
  const importZones = async (out: string, ...zones: string[]) => {
    const providers = await flow.write('providers.yaml', flow.providers);
    return flow.run(['import', '--providers', providers, ...zones, '--out', out]);
  };

  it('reads the named zone by transfer, writes it and plans it empty', async () => {
    const run = await importZones('named', '--zones', ZONE);
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    expect(run.stdout).toContain('  office.example.com KX');
    expect(run.stdout).toContain('  example.com SOA');
    expect(run.stderr).toContain('warning: zone:example.com: mx.example.com.example.com is written as');
    const text = await readFile(join(flow.dir, 'named', `${ZONE}.yaml`), 'utf8');
    expect(text).toContain('docs: { cname: www.example.com. }');
    expect(text).toContain('mx.example.com.example.com.: { a: [ 192.0.2.25 ] }');
  });

  it('without --zones, or with a glob, is refused: a server does not list its zones', async () => {
    for (const zones of [[], ['--zones', 'example.*']]) {
      const run = await importZones(`none-${zones.length}`, ...zones);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'a server does not list its zones: name each zone to import with --zones (names, no globs)',
      );
    }
  });

  it('a zone the server does not serve matches nothing: exit 1, no file written', async () => {
    const run = await importZones('other', '--zones', 'example.org');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '--zones example.org: matches no zone (primary or secondary) of the account',
    );
  });
});
