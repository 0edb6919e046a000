/**
 * Writes a server can drop, and reads that can be lost, against real BIND 9 and Knot. Both take an UPDATE adding a
 * CNAME beside other data, or data beside a CNAME, answer NOERROR, and drop those records (RFC 2136 §3.4.2.2):
 * - the plan refuses a CNAME beside data it keeps (an `unmanaged` TXT), before anything is sent;
 * - when the plan could not know (a reader that hides the data), the writer compares what is served with what it
 *   sent, fails the step naming what the server did not take, and undoes the rest;
 * - a lost read after an UPDATE is sent again (the step counts its one message), and a discard reads the zone before
 *   undoing, so an undo goes out when the serial moved (its own unseen message, another writer's other names);
 * - another writer between two messages of a chain is detected before the next message, never absorbed.
 * A faulty TCP proxy (fault-proxy.ts) loses exchanges and lets another writer in at a chosen request.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { decodeMessage } from '../../../src/dns-wire/message.js';
import { applyPlan, writersOf } from '../../../src/engine/index.js';
import type { StepOutcome } from '../../../src/engine/types.js';
import type { DnsProvider } from '../../../src/model/dns.js';
import { PlanProblemsError } from '../../../src/plan/index.js';
import { READ_ATTEMPTS } from '../../../src/providers/rfc2136/client.js';
import { Rfc2136Client } from '../../../src/providers/rfc2136/index.js';
import { DYN } from '../../support/one-provider.js';
import { transfer } from '../pdns/dig.js';
import { type Fault, opcodeOf, startFaultProxy } from './fault-proxy.js';
import { describeOnServers, providerOn, zonePlanner } from './real-servers.js';
import { type Rfc2136Server, type ServerKind, startServer } from './servers.js';

// Time budget: ten times its slowest test under load, rounded up; starting a server waits up to 15 s.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const ZONES = [
  'plan.test',
  'drop.test',
  'beside.test',
  'lost.test',
  'lostall.test',
  'discard.test',
  'between.test',
  'reads.test',
];

const planOf = zonePlanner('dropped');

function failed(step: StepOutcome | undefined) {
  if (step?.status !== 'failed') throw new Error(`the step is ${step?.status}`);
  return step;
}

/** The provider with a reader that does not see `hidden` (`fqdn TYPE`): a plan that cannot know it is there. */
function blind(dns: DnsProvider, hidden: string): DnsProvider {
  return {
    ...dns,
    async readZones(zones) {
      const live = await dns.readZones(zones);
      for (const zone of Object.values(live.zones))
        if (zone) zone.records = zone.records.filter((set) => `${set.fqdn} ${set.type}` !== hidden);
      return live;
    },
  };
}

function describeDropped(kind: ServerKind): void {
  let server: Rfc2136Server;
  let client: Rfc2136Client;
  const provider = (port = server.port, extra: { maxMessageOctets?: number } = {}) =>
    providerOn(server, port, extra);
  const served = (zone: string) =>
    transfer(server.port, zone, server.keyText).then((records) =>
      (records ?? []).map((r) => `${r.fqdn} ${r.type} ${r.value}`).sort(),
    );
  const seed = async (zone: string, name: string, type: string, value: string) => {
    const answer = await client.update(
      'seed',
      zone,
      [],
      [{ kind: 'record', record: { name, type, ttl: 300, value } }],
    );
    expect(answer.rcode).toBe(0);
  };
  beforeAll(async () => {
    server = await startServer(
      kind,
      ZONES.map((zone) => ({ zone })),
    );
    client = new Rfc2136Client({ server: { host: '127.0.0.1', port: server.port }, key: server.key });
  });
  afterAll(() => server?.stop());

  it("one whole transfer, the plan's: the chain, its read-backs and the check plan ask what changed (IXFR, RFC 1995)", async () => {
    const asked: string[] = [];
    const proxy = await startFaultProxy(server.port, (request): Fault => {
      asked.push(opcodeOf(request) === 5 ? 'UPDATE' : (decodeMessage(request).question?.type ?? '?'));
      return 'pass';
    });
    try {
      const dns = provider(proxy.port, { maxMessageOctets: 50 });
      const body = '    records: { a: { txt: ["one"] }, b: { txt: ["two"] }, c: { txt: ["three"] } }\n';
      const plan = await planOf(dns, 'reads.test', body);
      expect(plan.steps[0]?.ops).toHaveLength(3);
      expect((await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }))).steps[0]?.status).toBe('applied');
      const check = await planOf(dns, 'reads.test', body);
      expect(check.changes).toEqual([]);
      // No SOA query and no transfer before the chain: its first message is conditional on the plan's SOA.
      expect(asked).toEqual(['AXFR', 'UPDATE', 'IXFR', 'UPDATE', 'IXFR', 'UPDATE', 'IXFR', 'IXFR']);
      expect(await served('reads.test')).toEqual([
        'a.reads.test TXT "one"',
        'b.reads.test TXT "two"',
        'c.reads.test TXT "three"',
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('a CNAME beside a TXT an unmanaged entry keeps: refused at plan time, naming both and why', async () => {
    await seed('plan.test', 'www.plan.test', 'TXT', '"site-verification=1"');
    const body =
      '    unmanaged: [{ name: www, types: [TXT] }]\n    records: { www: { cname: web.example.net. } }\n';
    const error = await planOf(provider(), 'plan.test', body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanProblemsError);
    expect(String(error)).toMatch(
      /:4:\d+: EP1602 www\.plan\.test CNAME: the name keeps live TXT \(an unmanaged entry covers it\), which this plan leaves alone; a CNAME must stand alone at its name \(RFC 1034 §3\.6\.2, RFC 2181 §10\.1\): .*drops it without a word \(RFC 2136 §3\.4\.2\.2\)/,
    );
    expect(await served('plan.test')).toEqual(['www.plan.test TXT "site-verification=1"']);
  });

  it('a CNAME the server drops (a plan blind to the TXT beside it): the step fails naming it, the rest undone', async () => {
    await seed('drop.test', 'www.drop.test', 'TXT', '"keep"');
    const dns = blind(provider(), 'www.drop.test TXT');
    const body = '    records: { www: { cname: web.example.net. }, other: { a: [192.0.2.1] } }\n';
    const plan = await planOf(dns, 'drop.test', body);
    const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }));
    const step = failed(result.steps[0]);
    expect({ done: step.done, discarded: step.discarded }).toEqual({ done: 0, discarded: true });
    expect(step.error).toContain(
      'the server answered NOERROR but does not serve what was sent: www.drop.test CNAME (should be ' +
        'web.example.net. ttl 3600, is nothing)',
    );
    expect(step.error).toContain('(RFC 2136 §3.4.2.2)');
    expect(await served('drop.test')).toEqual(['www.drop.test TXT "keep"']);
    // A plan that sees the TXT, managed, deletes it in the same message, before the CNAME: served as sent.
    const seeing = await planOf(provider(), 'drop.test', body);
    expect((await applyPlan(seeing, writersOf({ dns: { [DYN]: provider() } }))).ok).toBe(true);
    expect(await served('drop.test')).toEqual([
      'other.drop.test A 192.0.2.1',
      'www.drop.test CNAME web.example.net.',
    ]);
  });

  it('a TXT beside a CNAME the server keeps (a plan blind to the CNAME): dropped, detected, named', async () => {
    await seed('beside.test', 'alias.beside.test', 'CNAME', 'web.example.net.');
    const dns = blind(provider(), 'alias.beside.test CNAME');
    const plan = await planOf(dns, 'beside.test', '    records: { alias: { txt: ["x"] } }\n');
    const step = failed((await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }))).steps[0]);
    expect(step.error).toContain('alias.beside.test TXT (should be "x" ttl 3600, is nothing)');
    expect(await served('beside.test')).toEqual(['alias.beside.test CNAME web.example.net.']);
  });

  /** A proxy that loses the `count` requests right after the first UPDATE it passes. */
  async function losingAfterUpdate(count: number) {
    let seenUpdate = false;
    let lost = 0;
    return startFaultProxy(server.port, (request): Fault => {
      if (opcodeOf(request) === 5) {
        seenUpdate = true;
        return 'pass';
      }
      if (!seenUpdate || lost >= count) return 'pass';
      lost += 1;
      return 'drop';
    });
  }

  it('the read after an applied UPDATE lost once: the client reads again, the step applied with its one call done', async () => {
    const proxy = await losingAfterUpdate(1);
    try {
      const dns = provider(proxy.port);
      const plan = await planOf(dns, 'lost.test', '    records: { www: { a: [192.0.2.1] } }\n');
      const sent = dns.requests();
      const result = await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }));
      expect(result.steps[0]).toMatchObject({ status: 'applied', done: 1, total: 1 });
      // The UPDATE (conditional on the SOA the plan's transfer read, not asked again), the read lost, the read again.
      expect(dns.requests() - sent).toBe(3);
      expect(await served('lost.test')).toEqual(['www.lost.test A 192.0.2.1']);
    } finally {
      await proxy.close();
    }
  });

  it(`the read lost ${READ_ATTEMPTS} times: the step fails, its discard reads the zone and undoes it`, async () => {
    const proxy = await losingAfterUpdate(READ_ATTEMPTS);
    try {
      const dns = provider(proxy.port);
      const plan = await planOf(dns, 'lostall.test', '    records: { www: { a: [192.0.2.1] } }\n');
      const step = failed((await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }))).steps[0]);
      expect({ done: step.done, discarded: step.discarded }).toEqual({ done: 0, discarded: true });
      expect(step.error).toContain('reading the zone back failed (');
      expect(await served('lostall.test')).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  const CHAIN = '    records: { a: { txt: ["one"] }, b: { txt: ["two"] }, c: { txt: ["three"] } }\n';

  it('a discard after another writer moved the serial: settled against it, undone, their record kept', async () => {
    let updates = 0;
    const proxy = await startFaultProxy(server.port, async (request): Promise<Fault> => {
      if (opcodeOf(request) !== 5) return 'pass';
      updates += 1;
      if (updates === 2) await seed('discard.test', 'late.discard.test', 'A', '192.0.2.9');
      return 'pass';
    });
    try {
      const dns = provider(proxy.port, { maxMessageOctets: 50 });
      const plan = await planOf(dns, 'discard.test', CHAIN);
      expect(plan.steps[0]?.ops.length).toBeGreaterThan(2);
      const step = failed((await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }))).steps[0]);
      expect(step.error).toContain(
        'changed since the plan: plan again (the SOA prerequisite was refused (NXRRSET))',
      );
      expect({ done: step.done, discarded: step.discarded }).toEqual({ done: 1, discarded: true });
      expect(await served('discard.test')).toEqual(['late.discard.test A 192.0.2.9']);
    } finally {
      await proxy.close();
    }
  });

  it('another writer between two messages of a chain: detected before the next message, the chain undone', async () => {
    let seenUpdate = false;
    let done = false;
    const proxy = await startFaultProxy(server.port, async (request): Promise<Fault> => {
      if (opcodeOf(request) === 5) seenUpdate = true;
      else if (seenUpdate && !done) {
        done = true;
        await seed('between.test', 'late.between.test', 'A', '192.0.2.9');
      }
      return 'pass';
    });
    try {
      const dns = provider(proxy.port, { maxMessageOctets: 50 });
      const plan = await planOf(dns, 'between.test', CHAIN);
      const step = failed((await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }))).steps[0]);
      expect(step.error).toMatch(
        /^zone between\.test at 127\.0\.0\.1:\d+: changed since the plan: plan again \(another writer changed it between messages 1 and 2 of \d: \+ late\.between\.test A 192\.0\.2\.9 ttl 300\)$/,
      );
      expect({ done: step.done, discarded: step.discarded }).toEqual({ done: 0, discarded: true });
      expect(await served('between.test')).toEqual(['late.between.test A 192.0.2.9']);
    } finally {
      await proxy.close();
    }
  });
}

describeOnServers('RFC 2136 dropped writes', describeDropped);
