/**
 * The desired states and live accounts of the CLI bench (cli.ts): zones of `count` A records `r000000…`, one
 * address each, written as a user writes them (YAML, one line a record), and the same zone as an emulator seed, so
 * that a plan of the YAML against the seed is empty. `changed` records (the first ones) get other addresses.
 */

export const BIG_ZONE = 'big.example';
const TTL = 300;

/** The `i`-th record's name and address; `changed` gives it another address (198.18.0.0/15, not 10/8). */
function record(i: number, changed: boolean): { name: string; address: string } {
  const net = changed ? '198.18' : `10.${(i >> 16) & 255}`;
  return { name: `r${String(i).padStart(6, '0')}`, address: `${net}.${(i >> 8) & 255}.${i & 255}` };
}

/** The providers a bench zone is on: the Dyn emulator, a PowerDNS server, or zone files in `zones/`. */
export type BenchProvider = 'dyn' | 'pdns' | 'zonefile';

/**
 * `providers:` for a PowerDNS server named by EDGEPLAN_PDNS_URL and EDGEPLAN_PDNS_API_KEY, or for zone files in
 * `zones/` next to the desired state; empty for Dyn.
 */
function providersYaml(provider: BenchProvider): string {
  if (provider === 'dyn') return '';
  if (provider === 'zonefile')
    return 'providers:\n  files: { type: zonefile, directory: zones/, nameservers: [ns1.example.net.] }\n';
  return 'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }\n';
}

/** Dyn needs `create:` to create a zone without `--allow-unsafe`; PowerDNS takes it too (what it shows). */
function zoneYaml(zone: string, lines: readonly string[], create: boolean): string {
  const creation = create ? `    create: { contact: hostmaster@${zone}, serial_style: increment }\n` : '';
  return `  ${zone}:\n${creation}    default_ttl: ${TTL}\n    records:\n${lines.join('\n')}\n`;
}

/** One zone of `count` records, the first `changed` of them with other addresses. */
export function bigZoneYaml(provider: BenchProvider, count: number, changed = 0, create = false): string {
  const lines = Array.from({ length: count }, (_, i) => {
    const { name, address } = record(i, i < changed);
    return `      ${name}: { a: [${address}] }`;
  });
  return `${providersYaml(provider)}zones:\n${zoneYaml(BIG_ZONE, lines, create)}`;
}

/** `zones` new zones `z000.example…` of one record each: what creating many small zones costs in requests. */
export function manyZonesYaml(provider: BenchProvider, zones: number): string {
  const parts = Array.from({ length: zones }, (_, i) =>
    zoneYaml(`z${String(i).padStart(3, '0')}.example`, ['      www: { a: [192.0.2.1] }'], true),
  );
  return `${providersYaml(provider)}zones:\n${parts.join('')}`;
}

/** The emulator's account holding `bigZoneYaml(count)` as live state (published, serial 1). */
export function bigZoneSeed(count: number): unknown {
  const records = Array.from({ length: count }, (_, i) => {
    const { name, address } = record(i, false);
    return { fqdn: `${name}.${BIG_ZONE}`, type: 'A', ttl: TTL, rdata: { address } };
  });
  return { dns: { zones: { [BIG_ZONE]: { serial_style: 'increment', serial: 1, records } } } };
}

/** An empty account (the emulator's demo credentials). */
export const EMPTY_SEED: unknown = { dns: { zones: {} } };
