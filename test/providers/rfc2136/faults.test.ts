/**
 * Faults against real servers, each a clear error and no half-applied zone: another writer between plan and
 * apply (refused by the server's prerequisite check on BIND 9 and on Knot, nothing applied), a wrong TSIG key, a
 * zone that takes no updates, a zone transfer cut short, an UPDATE applied whose answer is lost (settled by
 * reading the zone), and a connection dropped in the middle of a chain of UPDATEs (sent again when the SOA shows
 * it was not applied; the messages already applied rolled back when every send is lost).
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { applyPlan, writersOf } from '../../../src/engine/index.js';
import type { DnsProvider } from '../../../src/model/dns.js';
import type { Plan } from '../../../src/plan/types.js';
import { createRfc2136Provider, Rfc2136Client } from '../../../src/providers/rfc2136/index.js';
import { SEND_ATTEMPTS } from '../../../src/providers/rfc2136/send.js';
import { DYN } from '../../support/one-provider.js';
import { transfer } from '../pdns/dig.js';
import { type FaultProxy, opcodeOf, startFaultProxy } from './fault-proxy.js';
import { describeOnServers, providerOn, zonePlanner } from './real-servers.js';
import { type Rfc2136Server, type ServerKind, startServer } from './servers.js';

// Time budget: ten times its slowest test (1.1 s under load), rounded up; starting a server waits up to 15 s.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const ZONES = ['stale.test', 'refuses.test', 'cut.test', 'chain.test', 'key.test', 'lost.test'];
const NXRRSET = 8;

const planZone = zonePlanner('faults');
/** A plan of `zone` whose records are `records` (YAML in flow style). */
const planOf = (dns: DnsProvider, zone: string, records: string) =>
  planZone(dns, zone, `    records: ${records}\n`);

function served(server: Rfc2136Server, zone: string) {
  return transfer(server.port, zone, server.keyText).then((records) =>
    (records ?? []).map((r) => `${r.fqdn} ${r.type} ${r.value}`).sort(),
  );
}

function describeFaults(kind: ServerKind): void {
  let server: Rfc2136Server;
  const provider = (port = server.port, extra: { maxMessageOctets?: number } = {}) =>
    providerOn(server, port, extra);
  beforeAll(async () => {
    server = await startServer(kind, [
      ...ZONES.filter((zone) => zone !== 'refuses.test').map((zone) => ({ zone })),
      { zone: 'refuses.test', updates: false },
    ]);
  });
  afterAll(() => server?.stop());

  it('a stale serial: the server refuses the UPDATE (NXRRSET) and applies nothing', async () => {
    const client = new Rfc2136Client({ server: { host: '127.0.0.1', port: server.port }, key: server.key });
    const planned = await client.soa('stale.test');
    if (!planned) throw new Error('no SOA');
    const other = { name: 'other.stale.test', type: 'A', ttl: 60, value: '192.0.2.9' };
    const first = await client.update('other writer', 'stale.test', [], [{ kind: 'record', record: other }]);
    expect(first.rcode).toBe(0);
    const ours = { name: 'www.stale.test', type: 'A', ttl: 60, value: '192.0.2.1' };
    const answer = await client.update(
      'replayed',
      'stale.test',
      [{ kind: 'record', record: { ...planned, ttl: 0 } }],
      [{ kind: 'record', record: ours }],
    );
    expect(answer.rcode).toBe(NXRRSET);
    expect(await served(server, 'stale.test')).toEqual(['other.stale.test A 192.0.2.9']);
  });

  it('another writer between plan and apply: "changed since the plan: plan again", nothing applied', async () => {
    const dns = provider();
    const plan = await planOf(dns, 'stale.test', '{ www: { a: [192.0.2.1] }, other: { a: [192.0.2.9] } }');
    const client = new Rfc2136Client({ server: { host: '127.0.0.1', port: server.port }, key: server.key });
    const late = { name: 'late.stale.test', type: 'TXT', ttl: 60, value: '"late"' };
    expect(
      (await client.update('late writer', 'stale.test', [], [{ kind: 'record', record: late }])).rcode,
    ).toBe(0);
    const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }));
    expect(result.ok).toBe(false);
    expect(result.steps[0]?.status === 'failed' && result.steps[0].error).toContain(
      'zone stale.test at 127.0.0.1:',
    );
    expect(result.steps[0]?.status === 'failed' && result.steps[0].error).toContain(
      'changed since the plan: plan again',
    );
    expect(await served(server, 'stale.test')).toEqual([
      'late.stale.test TXT "late"',
      'other.stale.test A 192.0.2.9',
    ]);
  });

  it('a wrong TSIG key: the read fails naming the key, and nothing is sent', async () => {
    const dns = createRfc2136Provider({
      name: 'dns',
      server: { host: '127.0.0.1', port: server.port },
      key: { ...server.key, secret: Buffer.alloc(32, 7) },
    });
    await expect(planOf(dns, 'key.test', '{ www: { a: [192.0.2.1] } }')).rejects.toThrow(
      /AXFR key\.test at 127\.0\.0\.1:\d+: TSIG: .*edgeplan-test.*a wrong key name, algorithm or secret/,
    );
    expect(await served(server, 'key.test')).toEqual([]);
  });

  it('a zone that takes no updates: the server refuses, the error says so, nothing applied', async () => {
    const dns = provider();
    const plan = await planOf(dns, 'refuses.test', '{ www: { a: [192.0.2.1] } }');
    const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }));
    const step = result.steps[0];
    expect(step?.status).toBe('failed');
    // BIND answers REFUSED; Knot answers NOTAUTH with the TSIG error BADKEY for a key its ACL does not allow.
    const refusal =
      kind === 'bind'
        ? 'the server refused the update (REFUSED); nothing of it was applied'
        : 'TSIG: the server refused the key edgeplan-test for this request (TSIG error BADKEY)';
    expect(step?.status === 'failed' && step.error).toMatch(/^UPDATE refuses\.test: www\.refuses\.test A /);
    expect(step?.status === 'failed' && step.error).toContain(refusal);
    expect(await served(server, 'refuses.test')).toEqual([]);
  });

  it('a zone transfer cut short is an error, never a smaller zone', async () => {
    const proxy = await startFaultProxy(server.port, () => ({ cutAfter: 40 }));
    try {
      await expect(planOf(provider(proxy.port), 'cut.test', '{}')).rejects.toThrow(
        /AXFR cut\.test at 127\.0\.0\.1:\d+: .*closed the connection before the answer ended/,
      );
    } finally {
      await proxy.close();
    }
  });

  it('an UPDATE applied whose answer is lost: settled by reading the zone, the step goes on', async () => {
    let updates = 0;
    const proxy = await startFaultProxy(server.port, (request) => {
      if (opcodeOf(request) !== 5) return 'pass';
      updates += 1;
      return { cutAfter: 0 };
    });
    try {
      const dns = provider(proxy.port);
      const plan = await planOf(
        dns,
        'lost.test',
        '{ www: { a: [192.0.2.1, 192.0.2.2] }, txt: { txt: ["x"] } }',
      );
      const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }));
      expect(result.ok).toBe(true);
      expect(updates).toBe(1);
      expect(await served(server, 'lost.test')).toEqual([
        'txt.lost.test TXT "x"',
        'www.lost.test A 192.0.2.1',
        'www.lost.test A 192.0.2.2',
      ]);
      const again = await planOf(
        provider(),
        'lost.test',
        '{ www: { a: [192.0.2.1, 192.0.2.2] }, txt: { txt: ["x"] } }',
      );
      expect(again.steps).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  async function chainPlan(dns: DnsProvider): Promise<Plan> {
    const plan = await planOf(
      dns,
      'chain.test',
      '{ a: { txt: ["one"] }, b: { txt: ["two"] }, c: { txt: ["three"] }, d: { txt: ["four"] } }',
    );
    const ops = plan.steps[0]?.ops ?? [];
    expect(ops.length).toBeGreaterThan(2);
    expect(ops.map((op) => `${op.message} of ${op.of}`)).toEqual(
      ops.map((_, i) => `${i + 1} of ${ops.length}`),
    );
    return plan;
  }

  it('a connection dropped once before message 2 of a chain: the SOA shows it was not applied, so it is sent again', async () => {
    let updates = 0;
    const proxy: FaultProxy = await startFaultProxy(server.port, (request) => {
      if (opcodeOf(request) !== 5) return 'pass';
      updates += 1;
      return updates === 2 ? 'drop' : 'pass';
    });
    try {
      const dns = provider(proxy.port, { maxMessageOctets: 50 });
      const plan = await chainPlan(dns);
      const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }));
      expect(result.steps[0]?.status).toBe('applied');
      expect(updates).toBe((plan.steps[0]?.ops.length ?? 0) + 1);
      expect(await served(server, 'chain.test')).toEqual([
        'a.chain.test TXT "one"',
        'b.chain.test TXT "two"',
        'c.chain.test TXT "three"',
        'd.chain.test TXT "four"',
      ]);
      const undo = await planOf(dns, 'chain.test', '{}');
      expect((await applyPlan(undo, writersOf({ dns: { [DYN]: dns } }))).steps[0]?.status).toBe('applied');
    } finally {
      await proxy.close();
    }
  });

  it(`message 2 of a chain dropped ${SEND_ATTEMPTS} times, never applied: the applied messages are rolled back`, async () => {
    let updates = 0;
    const proxy: FaultProxy = await startFaultProxy(server.port, (request) => {
      if (opcodeOf(request) !== 5) return 'pass';
      updates += 1;
      return updates >= 2 && updates <= 1 + SEND_ATTEMPTS ? 'drop' : 'pass';
    });
    try {
      const before = await served(server, 'chain.test');
      const dns = provider(proxy.port, { maxMessageOctets: 50 });
      const result = await applyPlan(await chainPlan(dns), writersOf({ dns: { [DYN]: dns } }));
      const step = result.steps[0];
      expect(step?.status === 'failed' && { done: step.done, discarded: step.discarded }).toEqual({
        done: 1,
        discarded: true,
      });
      expect(step?.status === 'failed' && step.error).toContain('message 2 of');
      expect(await served(server, 'chain.test')).toEqual(before);
      // The rollback went through the proxy too: the first message, the second's sends, then the first's undo.
      expect(updates).toBe(1 + SEND_ATTEMPTS + 1);
    } finally {
      await proxy.close();
    }
  });
}

describeOnServers('RFC 2136 faults', describeFaults);
