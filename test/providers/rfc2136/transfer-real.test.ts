/**
 * Zone transfers from real servers, BIND 9 and Knot, still pass the checks a hostile server fails
 * (transfer-trust.test.ts): a zone of 4,000 records comes in several messages, each signed as RFC 8945 §5.3.1 has
 * it, within the default limits; the same zone with `transfer_max_records` below its size is refused.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { WireRecord } from '../../../src/dns-wire/rdata.js';
import {
  DEFAULT_TRANSFER_LIMITS,
  Rfc2136Client,
  Rfc2136LimitError,
} from '../../../src/providers/rfc2136/index.js';
import { IxfrReader } from '../../../src/providers/rfc2136/ixfr.js';
import { addresses } from './hostile-server.js';
import { describeOnServers } from './real-servers.js';
import { type Rfc2136Server, type ServerKind, startServer } from './servers.js';

// Time budget: ten times its slowest test (a 4,000-record zone written and read: 1 s under load), rounded up;
// starting a server waits up to 15 s.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const ZONE = 'transfer.test';
const RECORDS = 4_000;

function describeTransfer(kind: ServerKind): void {
  let server: Rfc2136Server | undefined;
  const client = (maxRecords = DEFAULT_TRANSFER_LIMITS.maxRecords) => {
    if (!server) throw new Error(`${kind} is not started`);
    return new Rfc2136Client({
      server: { host: '127.0.0.1', port: server.port },
      key: server.key,
      transfer: { ...DEFAULT_TRANSFER_LIMITS, maxRecords },
    });
  };
  beforeAll(async () => {
    server = await startServer(kind, [{ zone: ZONE }]);
    for (let from = 0; from < RECORDS; from += 1_000) {
      const updates = addresses(ZONE, 1_000, from).map((record) => ({ kind: 'record' as const, record }));
      const answer = await client().update(`UPDATE ${ZONE}`, ZONE, [], updates);
      if (answer.rcode !== 0) throw new Error(`the server refused the UPDATE (${answer.rcode})`);
    }
  });
  afterAll(() => server?.stop());

  it('a signed transfer of several messages passes, every record read', async () => {
    const records = await client().transfer(ZONE);
    expect(records?.filter((r) => r.type === 'A')).toHaveLength(RECORDS);
    expect(records?.[0]?.type).toBe('SOA');
  });

  it('transfer_max_records below the zone: refused, nothing kept', async () => {
    await expect(client(1_000).transfer(ZONE)).rejects.toBeInstanceOf(Rfc2136LimitError);
  });

  it('a later read asks what changed (IXFR, RFC 1995), served from the journal: the same zone as a whole transfer', async () => {
    const reader = client();
    const first = (await reader.transfer(ZONE)) ?? [];
    const results = vi.spyOn(IxfrReader.prototype, 'result');
    try {
      const unchanged = await reader.transfer(ZONE);
      expect(results.mock.results[0]?.value).toMatchObject({ kind: 'current' });
      expect(lines(unchanged)).toEqual(lines(first));
      const soa = first[0] as WireRecord;
      const [gone, kept] = first.filter((r) => r.type === 'A');
      const updates = [
        { kind: 'delete-rrset' as const, name: gone?.name ?? '', type: 'A' },
        { kind: 'record' as const, record: { ...(kept as WireRecord), ttl: 60 } },
        { kind: 'record' as const, record: { name: `new.${ZONE}`, type: 'TXT', ttl: 300, value: '"n"' } },
      ];
      const answer = await reader.update(
        `UPDATE ${ZONE}`,
        ZONE,
        [{ kind: 'record', record: { ...soa, ttl: 0 } }],
        [{ kind: 'delete-rrset', name: kept?.name ?? '', type: 'A' }, ...updates],
      );
      expect(answer.rcode).toBe(0);
      const sent = reader.requests;
      const changed = await reader.transfer(ZONE);
      expect(reader.requests - sent).toBe(1);
      expect(results.mock.results[1]?.value).toMatchObject({ kind: 'changes' });
      expect(lines(changed)).toEqual(lines(await client().transfer(ZONE)));
      expect(lines(changed)).toContain(`new.${ZONE} TXT "n" ttl 300`);
      expect(lines(changed)).not.toContain(`${gone?.name} A ${gone?.value} ttl 300`);
    } finally {
      results.mockRestore();
    }
  });
}

/** A zone's records as sorted lines: the same zone, whatever order the server sent it in. */
function lines(records: readonly WireRecord[] | null | undefined): string[] {
  return (records ?? []).map((r) => `${r.name} ${r.type} ${r.value} ttl ${r.ttl}`).sort();
}

describeOnServers('transfers', describeTransfer);
