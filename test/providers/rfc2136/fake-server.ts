/**
 * An in-memory primary server for the RFC 2136 writer's unit tests: one zone, its SOA serial moved by one for every
 * UPDATE that changes something, the SOA prerequisite checked (NXRRSET when it does not hold, RFC 2136 §3.2.3), and
 * an update section applied in order as §3.4.2 says, a CNAME beside other data, or data beside a CNAME, ignored
 * without a word (§3.4.2.2) as BIND 9 and Knot do. `faults` can lose a call (after an UPDATE was applied, its answer),
 * and `before` runs another writer's change before a call. Real servers behind a faulty proxy: faults.test.ts and
 * dropped-writes.test.ts.
 */
import type { WireRecord } from '../../../src/dns-wire/rdata.js';
import type { UpdateEntry } from '../../../src/dns-wire/update.js';
import { Rfc2136Error } from '../../../src/providers/rfc2136/errors.js';
import type { WriterClient } from '../../../src/providers/rfc2136/send.js';

export type Call = 'soa' | 'transfer' | 'update';

export interface FakeServer extends WriterClient {
  zone: string;
  serial: number;
  records: WireRecord[];
  /** Every call, in order: `soa`, `transfer`, `update`. */
  calls: Call[];
  /** Calls to lose, by their place among all calls (1-based): a lost UPDATE is applied, its answer lost. */
  lose: Set<number>;
  /** Runs right before the call of that place (1-based), e.g. another writer's change (or throws). */
  before: Map<number, () => void>;
  /** An UPDATE is answered this code and applies nothing (REFUSED is 5). */
  refuse?: number;
  /** The server no longer serves the zone: no SOA, a refused transfer. */
  gone?: boolean;
  /** Another writer: applies entries without a prerequisite. */
  write(updates: readonly UpdateEntry[]): void;
  lines(): string[];
}

const BESIDE_CNAME = new Set(['CNAME', 'RRSIG', 'NSEC', 'KEY', 'SIG', 'NXT']);

export function fakeServer(zone: string, records: WireRecord[] = [], serial = 7): FakeServer {
  const soaOf = (n: number): WireRecord => ({
    name: zone,
    type: 'SOA',
    ttl: 300,
    value: `ns1.example.net. hostmaster.${zone}. ${n} 3600 600 86400 300`,
  });
  const server: FakeServer = {
    label: '127.0.0.1:53',
    zone,
    serial,
    records: [...records],
    calls: [],
    lose: new Set(),
    before: new Map(),
    async soa() {
      call('soa');
      return server.gone ? null : soaOf(server.serial);
    },
    async transfer() {
      call('transfer');
      if (server.gone) return null;
      return [soaOf(server.serial), ...server.records.map((record) => ({ ...record }))];
    },
    async update(what, _zone, prerequisites, updates) {
      const place = call('update', true);
      if (server.refuse !== undefined) return { rcode: server.refuse };
      const soa = prerequisites.find((entry) => entry.kind === 'record' && entry.record.type === 'SOA');
      if (soa?.kind === 'record' && soa.record.value !== soaOf(server.serial).value) return { rcode: 8 };
      server.write(updates);
      if (server.lose.has(place)) throw new Rfc2136Error(what, server.label, 'the answer was lost');
      return { rcode: 0 };
    },
    write(updates) {
      const before = JSON.stringify(server.records);
      for (const entry of updates) apply(server.records, entry);
      if (JSON.stringify(server.records) !== before) server.serial += 1;
    },
    lines: () => server.records.map((r) => `${r.name} ${r.type} ${r.value} ttl ${r.ttl}`).sort(),
  };
  function call(kind: Call, answerLater = false): number {
    server.calls.push(kind);
    const place = server.calls.length;
    server.before.get(place)?.();
    if (!answerLater && server.lose.has(place))
      throw new Rfc2136Error(`${kind} ${zone}`, server.label, 'the connection was reset');
    return place;
  }
  return server;
}

function apply(records: WireRecord[], entry: UpdateEntry): void {
  if (entry.kind === 'delete-rrset') {
    for (let i = records.length - 1; i >= 0; i--)
      if (records[i]?.name === entry.name && records[i]?.type === entry.type) records.splice(i, 1);
    return;
  }
  if (entry.kind === 'delete-record') {
    const { name, type, value } = entry.record;
    const at = records.findIndex((r) => r.name === name && r.type === type && r.value === value);
    if (at >= 0) records.splice(at, 1);
    return;
  }
  const { record } = entry;
  const here = records.filter((r) => r.name === record.name);
  if (record.type === 'CNAME' && here.some((r) => !BESIDE_CNAME.has(r.type))) return;
  if (!BESIDE_CNAME.has(record.type) && here.some((r) => r.type === 'CNAME')) return;
  if (record.type === 'CNAME')
    for (let i = records.length - 1; i >= 0; i--)
      if (records[i]?.name === record.name && records[i]?.type === 'CNAME') records.splice(i, 1);
  if (here.some((r) => r.type === record.type && r.value === record.value)) return;
  records.push({ ...record });
}
