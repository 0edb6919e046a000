import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { createEmulator, type EmulatorSeed, loadSeedFile } from '../../../src/emulator/index.js';
import { type Harness, startHarness } from '../helpers.js';
import { EVERY_TYPE } from './every-type.js';

// Time budget: ten times its slowest test (0.6 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type DnsSection = NonNullable<EmulatorSeed['dns']>;
type Records = NonNullable<NonNullable<NonNullable<DnsSection['zones']>[string]>['records']>;

const zoneWith = (records: Records, extra: Partial<DnsSection> = {}): EmulatorSeed => ({
  dns: { zones: { 'example.com': { records } }, ...extra },
});

function seedError(seed: EmulatorSeed): string {
  try {
    createEmulator({ seed });
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the seed was accepted');
}

describe('seeds of every record type', () => {
  it('loads a YAML seed with every type and serves each through AllRecord under its key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-seed-'));
    try {
      const path = join(dir, 'sandbox-seed.yaml');
      const records = EVERY_TYPE.map(({ type, fqdn, rdata }) => ({ fqdn, type, ttl: 600, rdata }));
      await writeFile(path, stringify({ dns: { zones: { 'example.com': { records } } } }));
      h = await startHarness({ seed: await loadSeedFile(path) });
      const token = await h.login();
      const tree = await h.call('GET', '/AllRecord/example.com/?detail=Y', { token });
      const data = tree.body.data as Record<string, { fqdn: string; ttl: number; rdata: unknown }[]>;
      for (const { type, fqdn, rdata } of EVERY_TYPE) {
        const here = data[`${type.toLowerCase()}_records`]?.filter((r) => r.fqdn === fqdn);
        expect(here, type).toEqual([expect.objectContaining({ fqdn, ttl: 600, record_type: type, rdata })]);
      }
      const seeded = h.emulator.snapshot().dns?.zones?.['example.com']?.records ?? [];
      for (const { type, rdata } of EVERY_TYPE)
        expect(seeded).toContainEqual(expect.objectContaining({ type, rdata }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps a seed to the node rules, reporting every problem at once', () => {
    const message = seedError(
      zoneWith(
        [
          { fqdn: 'www.example.com', type: 'A', rdata: { address: '192.0.2.1' } },
          { fqdn: 'www.example.com', type: 'CNAME', rdata: { cname: 'web.example.net.' } },
          { fqdn: 'example.com', type: 'CNAME', rdata: { cname: 'web.example.net.' } },
          { fqdn: 'two.example.com', type: 'CNAME', rdata: { cname: 'a.example.net.' } },
          { fqdn: 'two.example.com', type: 'CNAME', rdata: { cname: 'b.example.net.' } },
          { fqdn: 'sub.example.com', type: 'ALIAS', rdata: { alias: 'lb.example.net.' } },
          { fqdn: 'geo.example.com', type: 'AAAA', rdata: { address: '2001:db8::1' } },
          { fqdn: 'example.com', type: 'NS', rdata: { nsdname: 'ns1.example.net.' } },
        ],
        {
          geo_services: {
            Web: {
              groups: [{ name: 'All', countries: ['@@'], a: ['192.0.2.9'] }],
              nodes: [{ zone: 'example.com', fqdn: 'geo.example.com' }],
            },
          },
        },
      ),
    );
    expect(message.split('\n').slice(1)).toEqual([
      '  - dns.zones["example.com"].records[0]: www.example.com has a CNAME record; it cannot hold A records',
      '  - dns.zones["example.com"].records[1]: www.example.com has other records; a CNAME record must be alone at its node',
      '  - dns.zones["example.com"].records[2]: example.com is the zone apex; it cannot hold a CNAME record',
      '  - dns.zones["example.com"].records[3]: A node may hold at most 1 CNAME record',
      '  - dns.zones["example.com"].records[5]: sub.example.com is not the zone apex example.com; only the apex can hold an ALIAS record',
      '  - dns.zones["example.com"].records[6]: geo.example.com is served by geo service Web; it cannot hold AAAA records',
    ]);
  });

  it('checks geo groups as the API does: AAAA and CNAME kept, a CNAME alone', async () => {
    const group = { name: 'Mixed', countries: ['@@'], a: ['192.0.2.1'], cname: 'web.example.net.' };
    expect(seedError(zoneWith([], { geo_services: { Web: { groups: [group] } } }))).toContain(
      'dns.geo_services.Web.groups[0]: cname_rdata: A group that serves a CNAME record serves nothing else',
    );
    const bad = { name: 'V6', countries: ['@@'], aaaa: ['2001:db8::zz'] };
    expect(seedError(zoneWith([], { geo_services: { Web: { groups: [bad] } } }))).toContain(
      'dns.geo_services.Web.groups[0]: address: Not a valid IPv6 address',
    );
    const groups = [
      { name: 'V6', countries: ['JP'], aaaa: ['2001:db8::1'] },
      { name: 'Rest', countries: ['@@'], cname: 'web.example.net.' },
    ];
    h = await startHarness({ seed: zoneWith([], { geo_services: { Web: { groups } } }) });
    expect(h.emulator.snapshot().dns?.geo_services?.Web?.groups).toEqual(groups);
  });
});

describe('zone names of a seed', () => {
  it('refuses what the service refuses as a new zone (one label: arpa), in the seed error envelope', async () => {
    const message = seedError({
      dns: {
        zones: { arpa: {}, 'Example.COM.': {}, '-bad.example': {}, 'in-addr.arpa': {} },
        secondary_zones: { test: { masters: ['192.0.2.1'] }, 'example.com': { masters: ['192.0.2.1'] } },
      },
    });
    expect(message.split('\n')).toEqual([
      'Invalid emulator seed seed:',
      '  - dns.zones.arpa: not a valid zone name: the service takes two labels or more, each of letters, digits, "-" and "_"',
      '  - dns.zones["-bad.example"]: not a valid zone name: the service takes two labels or more, each of letters, digits, "-" and "_"',
      '  - dns.secondary_zones.test: not a valid zone name: the service takes two labels or more, each of letters, digits, "-" and "_"',
      '  - dns.secondary_zones["example.com"]: is a zone of `zones` too: the service holds one zone of a name',
    ]);
    // What the seed takes, the service takes as a new zone: the API refuses arpa with its own envelope.
    h = await startHarness({ seed: { dns: { zones: { 'Example.COM.': {}, 'in-addr.arpa': {} } } } });
    const token = await h.login();
    const created = await h.call('POST', '/Zone/arpa/', {
      token,
      body: { rname: 'a@example.com', ttl: 300 },
    });
    expect(created.status).toBe(400);
    expect(created.body.msgs).toContainEqual(
      expect.objectContaining({ INFO: 'zone: Not a valid zone name' }),
    );
    expect(Object.keys(h.emulator.snapshot().dns?.zones ?? {})).toEqual(['example.com', 'in-addr.arpa']);
  });

  it('refuses two zones of one name, written in other cases or with a final dot: the service holds one', () => {
    const message = seedError({
      dns: {
        zones: { 'example.com': {}, 'Example.COM.': {}, 'example.net': {} },
        secondary_zones: { 'b.example': { masters: ['192.0.2.1'] }, 'B.Example': { masters: ['192.0.2.1'] } },
      },
    });
    expect(message.split('\n')).toEqual([
      'Invalid emulator seed seed:',
      '  - dns.zones["Example.COM."]: is zone "example.com" too (names differ only in case or a final dot): the service holds one zone of a name',
      '  - dns.secondary_zones["B.Example"]: is zone "b.example" too (names differ only in case or a final dot): the service holds one zone of a name',
    ]);
  });
});

describe('geo nodes of a seed', () => {
  const groups = [{ name: 'All', countries: ['@@'], a: ['192.0.2.1'] }];

  it('refuses a node of a zone the seed does not hold, and a node two services link, as the API does', () => {
    const message = seedError({
      dns: {
        zones: { 'example.com': {} },
        geo_services: {
          One: { groups, nodes: [{ zone: 'example.com', fqdn: 'www.example.com' }] },
          Two: {
            groups,
            nodes: [
              { zone: 'Example.com.', fqdn: 'WWW.example.com' },
              { zone: 'example.org', fqdn: 'www.example.org' },
            ],
          },
        },
      },
    });
    expect(message.split('\n')).toEqual([
      'Invalid emulator seed seed:',
      '  - dns.geo_services.Two.nodes[0]: WWW.example.com is linked to geo service One too: a node is served by one geo service',
      '  - dns.geo_services.Two.nodes[1].zone: no zone example.org in `zones`: the service links nodes of its own zones only',
    ]);
  });

  it('refuses a node a service lists twice: the service links a node once', () => {
    const node = { zone: 'example.com', fqdn: 'www.example.com' };
    const seed = {
      dns: { zones: { 'example.com': {} }, geo_services: { One: { groups, nodes: [node, node] } } },
    };
    expect(seedError(seed).split('\n')).toEqual([
      'Invalid emulator seed seed:',
      '  - dns.geo_services.One.nodes[1]: www.example.com listed twice: the service links a node once',
    ]);
  });
});
