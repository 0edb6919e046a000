/** What tests of the whole flow check: the emulator's published records, serials and enabled bots. */

import type { Emulator } from '../../src/emulator/index.js';
import { dynRdata } from '../../src/providers/dyn/wire/rdata.js';

/**
 * Time budget of a property test against the emulator: each run starts one and sends dozens of requests. The
 * heaviest (converge.property, 40 runs) took 31 s in the full suite at load 9 on 2 cores: ten times that.
 */
export const PROPERTY_TIMEOUT = 300_000;

/**
 * Every record of a published zone as `fqdn ttl TYPE value` lines, sorted, the value canonical (read back through
 * the provider's Dyn mapping, as it reads them); the service's own records (SOA, the apex NS set) left out.
 */
export function publishedRecords(emulator: Emulator, zone: string): string[] {
  return recordLines(zone, emulator.snapshot().dns?.zones?.[zone]?.records ?? []);
}

/** Records of `zone` as the emulator holds them (a snapshot, a publish) → lines as `publishedRecords` gives. */
export function recordLines(
  zone: string,
  records: readonly { fqdn: string; type: string; ttl?: number | string; rdata: Record<string, unknown> }[],
): string[] {
  return records
    .filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.fqdn === zone))
    .map((r) => `${r.fqdn} ${r.ttl} ${r.type} ${canonicalOf(r.type, r.rdata)}`)
    .sort();
}

/** A managed type's canonical value; the rdata as JSON for a type edgeplan does not manage (RP, DNAME). */
function canonicalOf(type: string, rdata: Record<string, unknown>): string {
  const mapping = dynRdata(type);
  if (!mapping) return JSON.stringify(rdata);
  const parsed = mapping.fromRdata(rdata);
  if (!parsed.ok)
    throw new Error(`published ${type} record with rdata ${JSON.stringify(rdata)} is not valid`);
  return parsed.value;
}

export function publishedSerial(emulator: Emulator, zone: string): number | undefined {
  return emulator.snapshot().dns?.zones?.[zone]?.serial;
}

/** Names of the bots a webapp has enabled, as the emulator's published state says. */
export function enabledBots(emulator: Emulator, webapp: string): string[] {
  const app = emulator.snapshot().waf?.webapps?.find((w) => w.name === webapp);
  return [...(app?.enabled_bots ?? [])].sort();
}
