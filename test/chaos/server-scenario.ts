/**
 * The chaos scenarios (chaos-scenario.ts) on real servers: live records written as the presentation text a server
 * takes (PowerDNS's API `content`, an UPDATE's records), and what a server holds read back into the shape of an
 * emulator snapshot, so that expectations.ts judges a PowerDNS or BIND run exactly as it judges a Dyn one (the
 * same `fqdn TYPE ttl value` lines, the same records that must never change).
 */
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { fqdnOf, type LiveRecord, type Rdata, type Scenario } from './chaos-scenario.js';

/** One record as a server holds it: presentation text. */
export interface ServerRecord {
  fqdn: string;
  type: string;
  ttl: number;
  value: string;
}

/** What the servers hold of each zone (null: no zone), as read without faults. */
export type ServerState = Record<string, ServerRecord[] | null>;

/** A scenario a server that cannot create zones can run: every zone exists, an empty one where live had none. */
export function withEveryZone(scenario: Scenario): Scenario {
  return {
    ...scenario,
    live: Object.fromEntries(Object.entries(scenario.live).map(([zone, records]) => [zone, records ?? []])),
  };
}

/** A live record of the scenario as a server takes it. */
export function serverRecord(record: LiveRecord, zone: string): ServerRecord {
  return {
    fqdn: fqdnOf(record.label, zone),
    type: record.type,
    ttl: record.ttl,
    value: presentation(record, zone),
  };
}

function presentation({ type, rdata }: LiveRecord, zone: string): string {
  switch (type) {
    case 'A':
    case 'AAAA':
      return String(rdata.address);
    case 'MX':
      return `${rdata.preference} ${absolute(String(rdata.exchange), zone)}`;
    case 'CNAME':
      return absolute(String(rdata.cname), zone);
    case 'TXT':
      return quoted(String(rdata.txtdata));
    case 'KX':
      return `${rdata.preference} ${absolute(String(rdata.exchange), zone)}`;
    default:
      throw new Error(`no presentation for ${type}`);
  }
}

/** A name as written live, with its case, made absolute: `mx1.example.net` → `mx1.example.net.`. */
function absolute(name: string, zone: string): string {
  if (name.endsWith('.')) return name;
  return name.includes('.') ? `${name}.` : `${name}.${zone}.`;
}

/** TXT as presentation: kept when quoted already, else in quoted strings of at most 255 octets. */
function quoted(text: string): string {
  if (/^"[^"\\]*"( "[^"\\]*")*$/.test(text)) return text;
  const parts = text.match(/[\s\S]{1,255}/g) ?? [''];
  return parts.map((part) => `"${part}"`).join(' ');
}

/** The rdata of a held record in the emulator's terms, for valueKey: only the managed types need their fields. */
function rdataOf(record: ServerRecord): Rdata {
  const fields = record.value.split(/\s+/);
  switch (record.type) {
    case 'A':
    case 'AAAA':
      return { address: record.value };
    case 'MX':
      return { preference: Number(fields[0]), exchange: fields[1] ?? '' };
    case 'CNAME':
      return { cname: record.value };
    case 'TXT':
      return { txtdata: record.value };
    default:
      return { value: record.value };
  }
}

/**
 * A server's state as an emulator snapshot (expectations.ts reads that): every record but the SOA, whose serial
 * moves with every write. Records have no ids on a server: the value stands for the record.
 */
export function asSnapshot(state: ServerState): EmulatorSeed {
  const zones = Object.fromEntries(
    Object.entries(state).flatMap(([zone, records]) =>
      records === null
        ? []
        : [
            [
              zone,
              {
                records: records
                  .filter((record) => record.type !== 'SOA')
                  .map((record) => ({
                    fqdn: record.fqdn,
                    type: record.type,
                    ttl: record.ttl,
                    rdata: rdataOf(record),
                  })),
              },
            ],
          ],
    ),
  );
  return { dns: { zones } } satisfies EmulatorSeed;
}
