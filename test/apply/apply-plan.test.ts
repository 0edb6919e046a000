import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/apply/index.js';
import type { ApplyEvent, PlanWriter } from '../../src/apply/types.js';
import type { DnsOp } from '../../src/model/dns.js';
import { PLAN_FORMAT_VERSION, type Plan, type PlanOp, type PlanStep } from '../../src/plan/types.js';

/** Records every call; fails the op for which `failWhen` is true. */
function recordingWriter(failWhen: (op: PlanOp) => boolean = () => false, failDiscard = false) {
  const calls: string[] = [];
  const writer: PlanWriter = {
    async execute(op) {
      calls.push(`${op.kind} ${'zone' in op ? op.zone : ''}${'fqdn' in op ? ` ${op.fqdn}` : ''}`);
      if (failWhen(op)) throw new Error(`boom on ${op.kind}`);
    },
    async discardPending(zone) {
      calls.push(`discard ${zone}`);
      if (failDiscard) throw new Error('discard failed');
    },
  };
  return { writer, calls };
}

function zoneStep(zone: string, fqdns: string[], after: string[] = []): PlanStep {
  const ops: DnsOp[] = fqdns.map((fqdn) => ({
    kind: 'add-record',
    zone,
    fqdn,
    address: '192.0.2.1',
    ttl: 300,
  }));
  ops.push({ kind: 'publish', zone });
  return { id: `zone:${zone}`, kind: 'zone', target: `zone:${zone}`, after, ops };
}

function plan(...steps: PlanStep[]): Plan {
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    summary: { create: 0, update: 0, delete: 0, zones: steps.length },
    zones: [],
    steps,
  };
}

describe('applyPlan', () => {
  it('runs a step’s ops in order and publishes a zone exactly once, last', async () => {
    const { writer, calls } = recordingWriter();
    const result = await applyPlan(plan(zoneStep('a.test', ['x.a.test', 'y.a.test'])), writer);
    expect(calls).toEqual(['add-record a.test x.a.test', 'add-record a.test y.a.test', 'publish a.test']);
    expect(result).toEqual({
      ok: true,
      steps: [{ id: 'zone:a.test', target: 'zone:a.test', status: 'applied', done: 3, total: 3 }],
    });
  });

  it('on a failure mid-zone: discards that zone, never publishes it, sends nothing more of it, goes on with others', async () => {
    const { writer, calls } = recordingWriter((op) => op.kind === 'add-record' && op.fqdn === 'y.a.test');
    const result = await applyPlan(
      plan(zoneStep('a.test', ['x.a.test', 'y.a.test', 'z.a.test']), zoneStep('b.test', ['x.b.test'])),
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
    expect(result.steps[0]).toMatchObject({
      id: 'zone:a.test',
      status: 'failed',
      done: 1,
      total: 4,
      skipped: 2,
      discarded: true,
      error: 'boom on add-record',
    });
    expect(result.steps[1]).toMatchObject({ id: 'zone:b.test', status: 'applied', done: 2, total: 2 });
  });

  it('reports a failed discard honestly', async () => {
    const { writer } = recordingWriter((op) => op.kind === 'publish', true);
    const result = await applyPlan(plan(zoneStep('a.test', ['x.a.test'])), writer);
    expect(result.steps[0]).toMatchObject({ status: 'failed', done: 1, skipped: 0, discarded: false });
  });

  it('starts a step only after the steps it depends on, whatever their place in the list', async () => {
    const { writer, calls } = recordingWriter();
    await applyPlan(
      plan(
        zoneStep('c.test', [], ['zone:b.test']),
        zoneStep('b.test', [], ['zone:a.test']),
        zoneStep('a.test', []),
      ),
      writer,
      { concurrency: 3 },
    );
    expect(calls).toEqual(['publish a.test', 'publish b.test', 'publish c.test']);
  });

  it('skips what depends on a failure, transitively, and only that', async () => {
    const { writer, calls } = recordingWriter((op) => 'zone' in op && op.zone === 'a.test');
    const result = await applyPlan(
      plan(
        zoneStep('a.test', []),
        zoneStep('b.test', [], ['zone:a.test']),
        zoneStep('c.test', [], ['zone:b.test']),
        zoneStep('d.test', []),
      ),
      writer,
    );
    expect(calls.sort()).toEqual(['discard a.test', 'publish a.test', 'publish d.test']);
    expect(result.steps.map((s) => [s.id, s.status])).toEqual([
      ['zone:a.test', 'failed'],
      ['zone:b.test', 'skipped'],
      ['zone:c.test', 'skipped'],
      ['zone:d.test', 'applied'],
    ]);
    expect(result.steps[1]).toMatchObject({ blockedBy: ['zone:a.test'], total: 1 });
    expect(result.steps[2]).toMatchObject({ blockedBy: ['zone:b.test'] });
  });

  it('bounds the number of steps in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const writer: PlanWriter = {
      async execute() {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
      },
      async discardPending() {},
    };
    const steps = Array.from({ length: 8 }, (_, i) => zoneStep(`z${i}.test`, [`a.z${i}.test`]));
    await applyPlan(plan(...steps), writer, { concurrency: 3 });
    expect(peak).toBe(3);
  });

  it('emits progress events per step and per op', async () => {
    const { writer } = recordingWriter();
    const events: ApplyEvent['type'][] = [];
    await applyPlan(plan(zoneStep('a.test', ['x.a.test'])), writer, { onEvent: (e) => events.push(e.type) });
    expect(events).toEqual(['step-start', 'op-done', 'op-done', 'step-done']);
  });

  it('refuses a dependency that is not in the plan', async () => {
    const { writer } = recordingWriter();
    await expect(applyPlan(plan(zoneStep('a.test', [], ['zone:nowhere'])), writer)).rejects.toThrow(
      'plan step zone:nowhere is named as a dependency but is not in the plan',
    );
  });

  it('makes no call for an empty plan', async () => {
    const { writer, calls } = recordingWriter();
    expect(await applyPlan(plan(), writer)).toEqual({ ok: true, steps: [] });
    expect(calls).toEqual([]);
  });
});
