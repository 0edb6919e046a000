/**
 * `edgeplan import` from an `rfc2136` provider (a real BIND 9), as from any other: the zone is read by zone transfer,
 * as plan reads it, written, and its round trip plans empty. A server lists no zones, so they are named with
 * `--zones`; a name the server does not serve matches nothing, and a glob or no `--zones` is refused saying so.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Rfc2136Server, serversMissing, startServer } from '../providers/rfc2136/servers.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its slowest test (one import as a child of this process: 0.5 s idle), rounded up; starting
// BIND waits up to 15 s for its zone.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const missing = serversMissing();
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

let server: Rfc2136Server | undefined;
let dir = '';
if (missing === null) {
  beforeAll(async () => {
    server = await startServer('bind', [{ zone: ZONE, text: TEXT }]);
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-rfc2136-'));
    await writeFile(
      join(dir, 'providers.yaml'),
      'providers:\n  bind: { type: rfc2136, server_env: EDGEPLAN_BIND_SERVER, tsig_env: EDGEPLAN_BIND_TSIG }\n',
    );
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });
}

const env = () => ({
  EDGEPLAN_BIND_SERVER: `127.0.0.1:${server?.port}`,
  EDGEPLAN_BIND_TSIG: server?.keyText ?? '',
});
const importZones = (out: string, ...zones: string[]) =>
  cli(['import', '--providers', join(dir, 'providers.yaml'), ...zones, '--out', join(dir, out)], env());

describe.skipIf(missing !== null)(
  `import from an rfc2136 provider${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
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
      const text = await readFile(join(dir, 'named', `${ZONE}.yaml`), 'utf8');
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
  },
);
