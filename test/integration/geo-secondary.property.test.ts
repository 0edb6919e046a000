/**
 * Secondary zones and geo services against the real emulator over HTTP: for generated mixes with zones, plan →
 * apply leaves the emulator's zones, secondary zones and geo services as the desired state says (and the ones it
 * does not own as they were), and a new plan empty; the cross-service order shows in the emulator's request log;
 * a geo failure stops only what depends on it and leaves zone publishes in place.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { applyPlan, planLive, writersOf } from '../../src/engine/index.js';
import type { DesiredState } from '../../src/model/dns.js';
import { DYN } from '../support/one-provider.js';
import { startSandbox } from '../support/sandbox.js';
import {
  expectedServices,
  expectedZones,
  geoScenario,
  seedOf,
  serviceState,
  yamlOf,
} from './geo-scenario.js';
import { PROPERTY_TIMEOUT, publishedRecords } from './helpers.js';

// Time budget: ten times its slowest test (10.4 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-geo-'));
});
afterAll(() => rm(dir, { recursive: true }));

let files = 0;
async function desiredOf(yaml: string): Promise<DesiredState> {
  const file = join(dir, `desired-${files++}.yaml`);
  await writeFile(file, yaml);
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(`invalid desired state: ${JSON.stringify(loaded.diagnostics)}\n${yaml}`);
  return loaded.desired;
}

/** An emulator seeded with `dns`, and a function that opens a provider on it (closed with the emulator). */
async function sandbox(dns: NonNullable<EmulatorSeed['dns']>) {
  const { emulator, provider, close } = await startSandbox({ dns });
  /** The writers of a fresh provider, as apply takes them. */
  const writers = () => writersOf({ dns: { [DYN]: provider() } });
  return { emulator, provider, writers, close };
}

describe('zones, secondary zones and geo services on the emulator', () => {
  it(
    'plan → apply → plan is empty for generated mixes',
    async () => {
      await fc.assert(
        fc.asyncProperty(geoScenario, async (scenario) => {
          const desired = await desiredOf(yamlOf(scenario));
          const s = await sandbox(seedOf(scenario));
          try {
            const plan = await planLive(desired, { dns: { [DYN]: s.provider() } });
            const result = await applyPlan(plan, s.writers());
            expect(result.steps.filter((step) => step.status !== 'applied')).toEqual([]);
            expect((await planLive(desired, { dns: { [DYN]: s.provider() } })).steps).toEqual([]);
            for (const [zone, records] of Object.entries(expectedZones(scenario)))
              expect(publishedRecords(s.emulator, zone)).toEqual(records);
            expect(serviceState(s.emulator.snapshot())).toEqual(expectedServices(scenario));
          } finally {
            await s.close();
          }
        }),
        { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 30) },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it('a TXT at a node a geo service answers for is planned, applied and then in sync', async () => {
    const desired = await desiredOf(`zones:
  a.test:
    records:
      geo: { txt: ["v=spf1 -all"] }
geo_services:
  S:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.50] }]
    nodes: [{ zone: a.test, fqdn: geo.a.test }]
`);
    const s = await sandbox({
      zones: { 'a.test': {} },
      geo_services: {
        S: {
          groups: [{ name: 'All', countries: ['@@'], a: ['192.0.2.50'] }],
          nodes: [{ zone: 'a.test', fqdn: 'geo.a.test' }],
        },
      },
    });
    try {
      const plan = await planLive(desired, { dns: { [DYN]: s.provider() } });
      expect(plan.steps.map((step) => step.id)).toEqual(['zone:a.test']);
      expect((await applyPlan(plan, s.writers())).ok).toBe(true);
      expect(publishedRecords(s.emulator, 'a.test')).toEqual(['geo.a.test 3600 TXT "v=spf1 -all"']);
      expect((await planLive(desired, { dns: { [DYN]: s.provider() } })).steps).toEqual([]);
    } finally {
      await s.close();
    }
  });

  /** Live: y.a.test has A records, service S answers for x.a.test. Desired: the other way round. */
  const SWAP_SEED: NonNullable<EmulatorSeed['dns']> = {
    zones: {
      'a.test': { records: [{ fqdn: 'y.a.test', type: 'A', ttl: 300, rdata: { address: '192.0.2.9' } }] },
    },
    geo_services: {
      S: {
        groups: [{ name: 'All', countries: ['@@'], a: ['192.0.2.50'] }],
        nodes: [{ zone: 'a.test', fqdn: 'x.a.test' }],
      },
    },
  };
  const SWAP_YAML = `zones:
  a.test:
    records:
      x: { a: [192.0.2.9] }
  new.test:
    records:
      www: { a: [192.0.2.1] }
secondary_zones:
  p.example: { masters: [198.51.100.1] }
geo_services:
  S:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.50] }]
    nodes: [{ zone: a.test, fqdn: y.a.test }]
  T:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.60] }]
    nodes: [{ zone: new.test, fqdn: geo.new.test }]
`;

  it('the request log shows unlink, then the zone and its publish, then the link; a geo create after its new zone', async () => {
    const desired = await desiredOf(SWAP_YAML);
    const s = await sandbox(SWAP_SEED);
    try {
      const plan = await planLive(desired, { dns: { [DYN]: s.provider() } });
      expect(plan.steps.map((step) => `${step.id} <- ${step.after.join(', ')}`)).toEqual([
        'geo:S#unlink <- ',
        'secondary:p.example <- ',
        'zone:a.test <- geo:S#unlink',
        'geo:S <- geo:S#unlink, zone:a.test',
        'zone:new.test <- ',
        'geo:T <- zone:new.test',
      ]);
      s.emulator.requestLog.clear();
      expect((await applyPlan(plan, s.writers(), { concurrency: 4 })).ok).toBe(true);
      const writes = s.emulator.requestLog.entries
        .filter((e) => e.method !== 'GET' && !e.path.startsWith('/REST/Session'))
        .map((e) => `${e.method} ${e.path}`);
      const at = (line: string, from = 0) => writes.indexOf(line, from);
      const unlink = at('PUT /REST/Geo/s/');
      const link = at('PUT /REST/Geo/s/', unlink + 1);
      expect(unlink).toBeGreaterThanOrEqual(0);
      expect(at('POST /REST/ARecord/a.test/x.a.test/')).toBeGreaterThan(unlink);
      expect(at('PUT /REST/Zone/a.test/')).toBeGreaterThan(at('DELETE /REST/ARecord/a.test/y.a.test/1/'));
      expect(link).toBeGreaterThan(at('PUT /REST/Zone/a.test/'));
      expect(at('POST /REST/Geo/t/')).toBeGreaterThan(at('PUT /REST/Zone/new.test/'));
      expect(at('POST /REST/Secondary/p.example/')).toBeGreaterThanOrEqual(0);
      expect(writes.filter((w) => w.startsWith('PUT /REST/Zone/'))).toHaveLength(2);
      expect((await planLive(desired, { dns: { [DYN]: s.provider() } })).steps).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('a failed geo link leaves the zone published; a failed unlink skips only the zone and link waiting for it', async () => {
    const desired = await desiredOf(SWAP_YAML);
    const s = await sandbox(SWAP_SEED);
    try {
      s.emulator.faults.add({
        method: 'POST',
        pathPattern: /^\/REST\/Geo\/t\/$/,
        status: 503,
        errCode: 'SERVICE_UNAVAILABLE',
      });
      const first = await applyPlan(await planLive(desired, { dns: { [DYN]: s.provider() } }), s.writers());
      expect(first.steps.map((o) => `${o.id} ${o.status}`)).toEqual([
        'geo:S#unlink applied',
        'secondary:p.example applied',
        'zone:a.test applied',
        'geo:S applied',
        'zone:new.test applied',
        'geo:T failed',
      ]);
      expect(s.emulator.snapshot().dns?.zones?.['new.test']?.serial).toBe(1);
      expect(s.emulator.snapshot().dns?.geo_services?.T).toBeUndefined();

      const rest = await planLive(desired, { dns: { [DYN]: s.provider() } });
      expect(rest.steps.map((step) => step.id)).toEqual(['geo:T']);
      expect((await applyPlan(rest, s.writers())).ok).toBe(true);
    } finally {
      await s.close();
    }

    const again = await sandbox(SWAP_SEED);
    try {
      again.emulator.faults.add({
        method: 'PUT',
        pathPattern: /^\/REST\/Geo\/s\/$/,
        status: 503,
        errCode: 'SERVICE_UNAVAILABLE',
      });
      const result = await applyPlan(
        await planLive(desired, { dns: { [DYN]: again.provider() } }),
        again.writers(),
      );
      expect(
        result.steps.map((o) => `${o.id} ${o.status}${o.status === 'skipped' ? ` ${o.blockedBy}` : ''}`),
      ).toEqual([
        'geo:S#unlink failed',
        'secondary:p.example applied',
        'zone:a.test skipped geo:S#unlink',
        'geo:S skipped geo:S#unlink,zone:a.test',
        'zone:new.test applied',
        'geo:T applied',
      ]);
      expect(again.emulator.snapshot().dns?.zones?.['a.test']?.serial).toBe(0);
    } finally {
      await again.close();
    }
  });
});
