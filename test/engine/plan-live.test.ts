import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { planWithLive } from '../../src/engine/index.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import type { DesiredState, DnsProvider } from '../../src/model/dns.js';
import type { GeoService } from '../../src/model/geo.js';
import { computePlan, PlanProblemsError } from '../../src/plan/index.js';
import {
  createZonefileProvider,
  locationOf,
  ZONEFILE_CAPABILITIES,
} from '../../src/providers/zonefile/index.js';
import { providerLike } from '../support/load-options.js';
import { DYN, dynLive, oneProviderLive } from '../support/one-provider.js';

/**
 * planWithLive reads a provider's geo services only once the plan writes records into an existing zone, then checks
 * that no live geo service links a node the plan writes at. It diffs once: the services read after the plan decide
 * nothing of it but that refusal, so the plan is the one a diff with them read from the start gives. The diffs are
 * counted by the provider's compiler, which every diff with a changed zone calls once per zone.
 */

const ZONE = [
  '$ORIGIN example.com.',
  '$TTL 300',
  '@ IN SOA ns1.example.net. hostmaster ( 2026010102 1h 10m 2w 5m )',
  '  NS ns1.example.net.',
  'www A 192.0.2.1',
  '',
].join('\n');

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-plan-live-'));
  await writeFile(join(dir, 'example.com.zone'), ZONE);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const linking = (fqdn: string): GeoService => ({
  name: 'Edge Web',
  groups: [{ name: 'All', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.50'] }] }],
  nodes: [{ zone: 'example.com', fqdn }],
});

/** The zone-file provider with a geo-service reader, counting the geo reads and the zones it compiles. */
function provider(services: GeoService[]): { dns: DnsProvider; reads: number[]; compiled: string[] } {
  const files = createZonefileProvider({
    name: 'files',
    location: locationOf('.', '{zone}.zone', join(dir, 'desired.yaml')),
    nameservers: ['ns1.example.net.'],
    now: () => Date.UTC(2026, 2, 4, 5, 6),
  });
  const reads: number[] = [];
  const compiled: string[] = [];
  const dns: DnsProvider = {
    ...files,
    readGeoServices: async () => {
      reads.push(1);
      return services;
    },
    compileZone: (input) => {
      compiled.push(input.zone);
      return files.compileZone(input);
    },
  };
  return { dns, reads, compiled };
}

async function desired(records: string): Promise<DesiredState> {
  const file = join(dir, 'desired.yaml');
  await writeFile(file, `zones:\n  example.com:\n    records: ${records}\n`);
  const loaded = await loadDesiredState([file], providerLike('files', ZONEFILE_CAPABILITIES));
  if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
  return loaded.desired;
}

describe('planWithLive', () => {
  it('diffs once when the plan writes records and the geo services are read after it', async () => {
    const state = await desired('{ www: { a: [192.0.2.9], ttl: 300 } }');
    const { dns, reads, compiled } = provider([linking('other.example.com')]);
    const { plan, live } = await planWithLive(state, { dns: { [DYN]: dns } });
    expect(reads).toHaveLength(1);
    expect(compiled).toEqual(['example.com']);
    expect(dynLive(live).geoServices).toEqual([linking('other.example.com')]);
    // The plan a diff with the services read from the start makes.
    expect(plan).toEqual(computePlan(state, live, { dns: { [DYN]: dns } }));
  });

  it('refuses a set at a node a live geo service links, as a diff with the services read refuses it', async () => {
    const state = await desired('{ www: { a: [192.0.2.9], ttl: 300 } }');
    const { dns, compiled } = provider([linking('www.example.com')]);
    const refusal = await planWithLive(state, { dns: { [DYN]: dns } }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PlanProblemsError);
    expect(compiled).toEqual(['example.com']);
    const live = oneProviderLive({
      ...(await dns.readZones(['example.com'])),
      geoServices: [linking('www.example.com')],
    });
    expect(() => computePlan(state, live, { dns: { [DYN]: dns } })).toThrow((refusal as Error).message);
    expect((refusal as Error).message).toContain(
      'www.example.com A: the node is linked to the live geo service "Edge Web", which this plan does not unlink',
    );
  });

  it('reads no geo service and diffs once when the plan writes nothing', async () => {
    const state = await desired('{ www: { a: [192.0.2.1], ttl: 300 } }');
    const { dns, reads, compiled } = provider([linking('www.example.com')]);
    const { plan } = await planWithLive(state, { dns: { [DYN]: dns } });
    expect(plan.steps).toEqual([]);
    expect(reads).toEqual([]);
    expect(compiled).toEqual([]);
  });
});
