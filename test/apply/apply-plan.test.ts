import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/apply/index.js';
import type { ApplyEvent } from '../../src/apply/types.js';
import type { DnsOp, DnsWriter } from '../../src/model/dns.js';
import { PLAN_FORMAT_VERSION, type Plan, type ZonePlan } from '../../src/plan/types.js';

/** Records every call; fails the op for which `failWhen` is true. */
function recordingWriter(failWhen: (op: DnsOp) => boolean = () => false, failDiscard = false) {
  const calls: string[] = [];
  const writer: DnsWriter = {
    async execute(op) {
      calls.push(`${op.kind} ${op.zone}${'fqdn' in op ? ` ${op.fqdn}` : ''}`);
      if (failWhen(op)) throw new Error(`boom on ${op.kind}`);
    },
    async discardPending(zone) {
      calls.push(`discard ${zone}`);
      if (failDiscard) throw new Error('discard failed');
    },
  };
  return { writer, calls };
}

function zonePlan(zone: string, fqdns: string[]): ZonePlan {
  const ops: DnsOp[] = fqdns.map((fqdn) => ({
    kind: 'add-record',
    zone,
    fqdn,
    address: '192.0.2.1',
    ttl: 300,
  }));
  ops.push({ kind: 'publish', zone });
  return { zone, createZone: false, serial: 1, changes: [], ops };
}

function plan(...zones: ZonePlan[]): Plan {
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    zones,
    summary: { create: 0, update: 0, delete: 0, zones: zones.length },
  };
}

describe('applyPlan', () => {
  it('runs each zone’s ops in order and publishes each zone exactly once, last', async () => {
    const { writer, calls } = recordingWriter();
    const result = await applyPlan(plan(zonePlan('a.test', ['x.a.test', 'y.a.test'])), writer);
    expect(calls).toEqual(['add-record a.test x.a.test', 'add-record a.test y.a.test', 'publish a.test']);
    expect(result).toEqual({ ok: true, zones: [{ zone: 'a.test', status: 'applied', done: 3, total: 3 }] });
  });

  it('on a failure mid-zone: discards that zone, never publishes it, skips its rest, and goes on with others', async () => {
    const { writer, calls } = recordingWriter((op) => op.kind === 'add-record' && op.fqdn === 'y.a.test');
    const result = await applyPlan(
      plan(zonePlan('a.test', ['x.a.test', 'y.a.test', 'z.a.test']), zonePlan('b.test', ['x.b.test'])),
      writer,
      { concurrency: 1 },
    );
    expect(calls).toEqual([
      'add-record a.test x.a.test',
      'add-record a.test y.a.test',
      'discard a.test',
      'add-record b.test x.b.test',
      'publish b.test',
    ]);
    expect(result.ok).toBe(false);
    expect(result.zones[0]).toMatchObject({
      zone: 'a.test',
      status: 'failed',
      done: 1,
      total: 4,
      skipped: 2,
      discarded: true,
      error: 'boom on add-record',
    });
    expect(result.zones[1]).toEqual({ zone: 'b.test', status: 'applied', done: 2, total: 2 });
  });

  it('reports a failed discard honestly', async () => {
    const { writer } = recordingWriter((op) => op.kind === 'publish', true);
    const result = await applyPlan(plan(zonePlan('a.test', ['x.a.test'])), writer);
    expect(result.zones[0]).toMatchObject({ status: 'failed', done: 1, skipped: 0, discarded: false });
  });

  it('bounds the number of zones in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const writer: DnsWriter = {
      async execute() {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
      },
      async discardPending() {},
    };
    const zones = Array.from({ length: 8 }, (_, i) => zonePlan(`z${i}.test`, [`a.z${i}.test`]));
    await applyPlan(plan(...zones), writer, { concurrency: 3 });
    expect(peak).toBe(3);
  });

  it('emits progress events per zone and per op', async () => {
    const { writer } = recordingWriter();
    const events: ApplyEvent['type'][] = [];
    await applyPlan(plan(zonePlan('a.test', ['x.a.test'])), writer, { onEvent: (e) => events.push(e.type) });
    expect(events).toEqual(['zone-start', 'op-done', 'op-done', 'zone-done']);
  });

  it('makes no call for an empty plan', async () => {
    const { writer, calls } = recordingWriter();
    expect(await applyPlan(plan(), writer)).toEqual({ ok: true, zones: [] });
    expect(calls).toEqual([]);
  });
});
