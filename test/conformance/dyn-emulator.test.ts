/**
 * The provider conformance suite (run-conformance.ts) against the Dyn provider and the in-process emulator on
 * 127.0.0.1: one emulator for the file, a fresh provider (its own session) per group.
 */
import { afterAll, beforeAll, vi } from 'vitest';
import { normaliseName } from '../../src/model/names.js';
import type { Plan } from '../../src/plan/types.js';
import { DYN } from '../../src/providers/dyn/plugin.js';
import { dynRdata } from '../../src/providers/dyn/wire/rdata.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';
import { describeConformance, type ServedRecord } from './run-conformance.js';

// Time budget: ten times its slowest test (1.2 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

let sandbox: Sandbox | undefined;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

function requireSandbox(): Sandbox {
  if (!sandbox) throw new Error('the emulator is not started');
  return sandbox;
}

/**
 * The zone as the emulator has it published, each record's rdata read into its canonical value by the provider's
 * Dyn mapping (providers/dyn/wire/rdata.ts, which the record-type fixtures check against the vendor's field names); SOA and the apex NS are the service's.
 */
function published(zone: string): ServedRecord[] | null {
  const zones = requireSandbox().emulator.snapshot().dns?.zones ?? {};
  if (!Object.hasOwn(zones, zone)) return null;
  const records = zones[zone]?.records ?? [];
  return records.flatMap((record) => {
    const fqdn = normaliseName(record.fqdn);
    if (record.type === 'SOA' || (record.type === 'NS' && fqdn === zone)) return [];
    const read = dynRdata(record.type)?.fromRdata(record.rdata);
    const value = read?.ok ? read.value : `unreadable ${JSON.stringify(record.rdata)}`;
    return [{ fqdn, type: record.type, ttl: Number(record.ttl), value }];
  });
}

/**
 * What the Dyn provider promises for a plan: one request per changed record set (a record, or the node's whole set
 * of the type) and, per zone it touches, the publish and, unless the plan creates the zone, one read of the serial
 * right before it (compare-and-publish). A zone it creates is one request: the zone-file upload (these zones fit
 * in one file; the check after the apply reads it back), or create-zone for one without records; a set a file
 * cannot carry (ALIAS) is one request more.
 */
function dynMinimum(plan: Plan): number {
  const created = new Set(plan.changes.flatMap((c) => (c.address.kind === 'zone' ? [c.address.zone] : [])));
  const sets = plan.changes.flatMap((c) => (c.address.kind === 'record-set' ? [c.address] : []));
  const setCalls = sets.filter((set) => !created.has(set.zone) || set.type === 'ALIAS').length;
  const zones = new Set([...plan.zones.map((zone) => zone.zone), ...created]);
  const serialReads = [...zones].filter((zone) => !created.has(zone)).length;
  return setCalls + created.size + zones.size + serialReads;
}

describeConformance({
  plugin: DYN,
  server: 'emulator',
  async open() {
    const dns = requireSandbox().provider();
    const log = requireSandbox().emulator.requestLog;
    return {
      provider: dns,
      liveRecords: async (zone) => published(zone),
      requests: () => log.entries.length,
      minimumApplyRequests: dynMinimum,
      close: () => dns.close(),
    };
  },
});
