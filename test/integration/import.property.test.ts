import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { cli, startSandbox } from './helpers.js';

type Dns = NonNullable<EmulatorSeed['dns']>;
type Zones = NonNullable<Dns['zones']>;

const label = fc.constantFrom('www', 'api', 'mail', '*', 'a', '_svc', 'x-1');
const address = fc.integer({ min: 1, max: 254 }).map((n) => `192.0.2.${n}`);
const ttl = fc.constantFrom(60, 300, 3600);

/** A zone: A nodes (some with mixed TTLs), maybe an apex set, maybe records of other types. */
const zoneArb = fc.record({
  nodes: fc.uniqueArray(
    fc.tuple(label, fc.uniqueArray(address, { minLength: 1, maxLength: 3 }), ttl, fc.boolean()),
    {
      selector: ([name]) => name,
      maxLength: 4,
    },
  ),
  apex: fc.option(address, { nil: undefined }),
  txt: fc.boolean(),
});

const accountArb = fc.record({
  zones: fc
    .uniqueArray(fc.constantFrom('example.com', 'example.net', 'shop.example'), {
      minLength: 1,
      maxLength: 3,
    })
    .chain((names) =>
      fc.tuple(fc.constant(names), fc.array(zoneArb, { minLength: names.length, maxLength: names.length })),
    ),
  secondaries: fc.uniqueArray(fc.constantFrom('partner.example', 'other.example'), { maxLength: 2 }),
  geo: fc.boolean(),
  bots: fc.subarray(['Googlebot', 'Bingbot', 'DuckDuckBot', 'Applebot']),
});

type Account = typeof accountArb extends fc.Arbitrary<infer T> ? T : never;

function seedOf(account: Account) {
  const [names, zones] = account.zones;
  const seed: Zones = {};
  names.forEach((zone, i) => {
    const z = zones[i];
    if (!z) return;
    const records: NonNullable<NonNullable<Zones[string]>['records']> = [];
    for (const [name, addresses, recordTtl, mixed] of z.nodes) {
      addresses.forEach((a, j) => {
        const recordTtl2 = mixed && j > 0 ? recordTtl + 1 : recordTtl;
        records.push({ fqdn: `${name}.${zone}`, type: 'A', ttl: recordTtl2, rdata: { address: a } });
      });
    }
    if (z.apex) records.push({ fqdn: zone, type: 'A', ttl: 3600, rdata: { address: z.apex } });
    if (z.txt) records.push({ fqdn: `txt.${zone}`, type: 'TXT', ttl: 60, rdata: { txtdata: 'v=spf1 -all' } });
    seed[zone] = { serial: 1, records };
  });
  const [first] = names;
  const dns: Dns = {
    zones: seed,
    secondary_zones: Object.fromEntries(account.secondaries.map((z) => [z, { masters: ['198.51.100.1'] }])),
    ...(account.geo && first
      ? {
          geo_services: {
            'Global Web': {
              groups: [
                { name: 'Europe', countries: ['DE', 'FR'], a: ['192.0.2.50'] },
                { name: 'Rest', countries: ['@@'], a: ['192.0.2.70', '192.0.2.71'] },
              ],
              nodes: [{ zone: first, fqdn: `geo.${first}` }],
            },
          },
        }
      : {}),
  };
  const waf = { webapps: [{ name: 'shop', enabled_bots: account.bots }, { name: 'blog' }] };
  return { dns, waf };
}

describe('edgeplan import', () => {
  it('round-trips generated accounts: the written files plan empty against live state', async () => {
    await fc.assert(
      fc.asyncProperty(accountArb, async (account) => {
        const { dns, waf } = seedOf(account);
        const sandbox = await startSandbox(dns.zones, waf);
        const dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-'));
        try {
          // startSandbox seeds zones and WAF only; secondaries and geo services are created through the API.
          const provider = sandbox.provider();
          for (const [zone, value] of Object.entries(dns.secondary_zones ?? {}))
            await provider.execute({ kind: 'create-secondary', zone, masters: value.masters });
          for (const [name, value] of Object.entries(dns.geo_services ?? {}))
            await provider.execute({
              kind: 'create-geo',
              name,
              groups: value.groups.map((g) => ({ name: g.name, countries: g.countries, addresses: g.a })),
              nodes: value.nodes ?? [],
            });
          const run = await cli(['import', '--out', dir], sandbox.env);
          expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
          expect(run.stdout).toContain(
            'Round trip: planning the written files against live state shows no changes.',
          );
          const mixed = account.zones[1].some((z) => z.nodes.some(([, a, , m]) => m && a.length > 1));
          if (mixed) expect(run.stdout).toContain('written under unmanaged');
          if (account.zones[1].some((z) => z.txt)) expect(run.stdout).toMatch(/TXT/);
          const plan = await cli(['plan', dir], sandbox.env);
          expect(plan.code, plan.stdout).toBe(0);
        } finally {
          await sandbox.close();
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 6) },
    );
  });

  it('one file with --single-file, only what the selectors name, and no overwriting without --force', async () => {
    const sandbox = await startSandbox(
      {
        'example.com': {
          records: [{ fqdn: 'www.example.com', type: 'A', ttl: 300, rdata: { address: '192.0.2.1' } }],
        },
        'example.net': {},
      },
      { webapps: [{ name: 'shop', enabled_bots: ['Googlebot'] }] },
    );
    const dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-'));
    try {
      const run = await cli(
        ['import', '--zones', 'example.com', '--webapps', 'sh*', '--out', dir, '--single-file'],
        sandbox.env,
      );
      expect(run.code, run.stderr).toBe(0);
      expect(await readdir(dir)).toEqual(['edgeplan.yaml']);
      expect(sandbox.emulator.requestLog.count({ path: /AllRecord\/example\.net/ })).toBe(0);
      const again = await cli(
        ['import', '--zones', 'example.com', '--out', dir, '--single-file'],
        sandbox.env,
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('refusing to overwrite existing files (use --force)');
    } finally {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
