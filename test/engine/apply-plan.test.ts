import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/engine/index.js';
import type { ApplyEvent } from '../../src/engine/types.js';
import type { ProviderOp, StepWriter } from '../../src/model/provider.js';
import { shownTargetText } from '../../src/model/shown-provider.js';
import { PLAN_FORMAT_VERSION, type Plan, type PlanStep } from '../../src/plan/types.js';
import type { DynZoneOp } from '../../src/providers/dyn/compile/ops.js';
import type { SetGoodBotsOp } from '../../src/providers/waf/ops.js';

/** Records every call; fails the op for which `failWhen` is true. */
function recordingWriter(failWhen: (op: ProviderOp) => boolean = () => false, failDiscard = false) {
  const calls: string[] = [];
  const writer: StepWriter = {
    async execute(op) {
      calls.push(`${op.kind} ${'zone' in op ? op.zone : ''}${'fqdn' in op ? ` ${op.fqdn}` : ''}`);
      if (failWhen(op)) throw new Error(`boom on ${op.kind}`);
    },
    async discard(target) {
      calls.push(`discard ${shownTargetText(target, 'dyn')}`);
      if (failDiscard) throw new Error('discard failed');
      return undefined;
    },
  };
  return { writer, calls };
}

/** The writers of one run, by the provider name plan steps give. */
function dyn(writer: StepWriter): Map<string, StepWriter> {
  return new Map([['dyn', writer]]);
}

function zoneStep(zone: string, fqdns: string[], after: string[] = []): PlanStep {
  const ops: DynZoneOp[] = fqdns.map((fqdn) => ({
    kind: 'add-record',
    zone,
    fqdn,
    type: 'A',
    value: '192.0.2.1',
    ttl: 300,
  }));
  ops.push({ kind: 'publish', zone });
  return {
    id: `zone:${zone}`,
    kind: 'zone',
    provider: 'dyn',
    target: { kind: 'zone', name: zone, provider: 'dyn' },
    after,
    ops,
  };
}

function webappStep(ref: string, after: string[] = []): PlanStep {
  const op: SetGoodBotsOp = { kind: 'set-good-bots', webappId: '1', webapp: ref, enable: ['7'], disable: [] };
  return {
    id: `webapp:${ref}`,
    kind: 'webapp',
    provider: 'waf',
    target: { kind: 'webapp', name: ref },
    after,
    ops: [op],
  };
}

function plan(...steps: PlanStep[]): Plan {
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    implicitProvider: 'dyn',
    summary: { create: 0, update: 0, delete: 0, zones: steps.length },
    zones: [],
    changes: [],
    steps,
  };
}

describe('applyPlan', () => {
  it('an abort stops sending: the op in flight answers, its zone is discarded, later zones send nothing', async () => {
    const stop = new AbortController();
    const { writer, calls } = recordingWriter((op) => {
      if (op.kind === 'add-record' && op.fqdn === 'x.a.test') stop.abort('SIGINT');
      return false;
    });
    const result = await applyPlan(
      plan(zoneStep('a.test', ['x.a.test', 'y.a.test']), zoneStep('b.test', ['x.b.test'])),
      dyn(writer),
      { concurrency: 1, signal: stop.signal },
    );
    expect(calls).toEqual(['add-record a.test x.a.test', 'discard zone:a.test']);
    expect(result.steps.map((s) => s.status)).toEqual(['failed', 'failed']);
    expect(result.steps[1]).toMatchObject({ done: 0, discarded: true });
    expect(result.steps[0]).toMatchObject({ error: 'stopped by SIGINT before this call; not sent' });
  });

  it('tells a transactional writer the serial the plan read before a zone step starts', async () => {
    const begun: unknown[] = [];
    const { writer } = recordingWriter();
    const withBegin: StepWriter = { ...writer, begin: (planned) => begun.push(planned) };
    const p = {
      ...plan(zoneStep('a.test', ['x.a.test'])),
      zones: [{ zone: 'a.test', serial: 42, provider: 'dyn' }],
    };
    await applyPlan(p, dyn(withBegin));
    expect(begun).toEqual([{ target: { kind: 'zone', name: 'a.test', provider: 'dyn' }, serial: 42 }]);
  });

  it('runs a step’s ops in order and publishes a zone exactly once, last', async () => {
    const { writer, calls } = recordingWriter();
    const result = await applyPlan(plan(zoneStep('a.test', ['x.a.test', 'y.a.test'])), dyn(writer));
    expect(calls).toEqual(['add-record a.test x.a.test', 'add-record a.test y.a.test', 'publish a.test']);
    expect(result).toEqual({
      ok: true,
      steps: [
        {
          id: 'zone:a.test',
          kind: 'zone',
          provider: 'dyn',
          target: { kind: 'zone', name: 'a.test', provider: 'dyn' },
          status: 'applied',
          done: 3,
          total: 3,
        },
      ],
    });
  });

  it('on a failure mid-zone: discards that zone, never publishes it, sends nothing more of it, goes on with others', async () => {
    const { writer, calls } = recordingWriter((op) => op.kind === 'add-record' && op.fqdn === 'y.a.test');
    const result = await applyPlan(
      plan(zoneStep('a.test', ['x.a.test', 'y.a.test', 'z.a.test']), zoneStep('b.test', ['x.b.test'])),
      dyn(writer),
      { concurrency: 1 },
    );
    expect(calls).toEqual([
      'add-record a.test x.a.test',
      'add-record a.test y.a.test',
      'discard zone:a.test',
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
      failedOp: { kind: 'add-record', fqdn: 'y.a.test' },
    });
    expect(result.steps[1]).toMatchObject({ id: 'zone:b.test', status: 'applied', done: 2, total: 2 });
  });

  it('reports a failed discard honestly', async () => {
    const { writer } = recordingWriter((op) => op.kind === 'publish', true);
    const result = await applyPlan(plan(zoneStep('a.test', ['x.a.test'])), dyn(writer));
    expect(result.steps[0]).toMatchObject({
      status: 'failed',
      done: 1,
      skipped: 0,
      discarded: false,
      discardError: 'discard failed',
    });
  });

  it('sends each step to the writer of its provider, and discards only transactional (zone) steps', async () => {
    const dns = recordingWriter();
    const waf = recordingWriter(() => true);
    const writers = new Map([
      ['dyn', dns.writer],
      ['waf', waf.writer],
    ]);
    const result = await applyPlan(plan(zoneStep('a.test', ['x.a.test']), webappStep('shop')), writers);
    expect(dns.calls).toEqual(['add-record a.test x.a.test', 'publish a.test']);
    expect(waf.calls).toEqual(['set-good-bots ']);
    expect(result.steps.map((s) => [s.id, s.provider, s.status])).toEqual([
      ['zone:a.test', 'dyn', 'applied'],
      ['webapp:shop', 'waf', 'failed'],
    ]);
    expect(result.steps[1]).not.toHaveProperty('discarded');
  });

  it('fails a step whose provider has no writer in this run, sending none of its ops, and goes on with others', async () => {
    const { writer, calls } = recordingWriter();
    const result = await applyPlan(plan(webappStep('shop'), zoneStep('a.test', [])), dyn(writer));
    expect(calls).toEqual(['publish a.test']);
    expect(result.steps[0]).toMatchObject({
      id: 'webapp:shop',
      status: 'failed',
      done: 0,
      total: 1,
      skipped: 0,
      error: 'the plan has a waf change, but no waf provider was opened for this run',
    });
    expect(result.steps[1]).toMatchObject({ id: 'zone:a.test', status: 'applied' });
  });

  it('starts a step only after the steps it depends on, whatever their place in the list', async () => {
    const { writer, calls } = recordingWriter();
    await applyPlan(
      plan(
        zoneStep('c.test', [], ['zone:b.test']),
        zoneStep('b.test', [], ['zone:a.test']),
        zoneStep('a.test', []),
      ),
      dyn(writer),
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
      dyn(writer),
    );
    expect(calls.sort()).toEqual(['discard zone:a.test', 'publish a.test', 'publish d.test']);
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
    const writer: StepWriter = {
      async execute() {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
      },
      async discard() {
        return undefined;
      },
    };
    const steps = Array.from({ length: 8 }, (_, i) => zoneStep(`z${i}.test`, [`a.z${i}.test`]));
    await applyPlan(plan(...steps), dyn(writer), { concurrency: 3 });
    expect(peak).toBe(3);
  });

  it('emits progress events per step and per op, each naming its provider and target', async () => {
    const { writer } = recordingWriter();
    const events: ApplyEvent[] = [];
    await applyPlan(plan(zoneStep('a.test', ['x.a.test'])), dyn(writer), { onEvent: (e) => events.push(e) });
    expect(events.map((e) => e.type)).toEqual(['step-start', 'op-done', 'op-done', 'step-done']);
    for (const event of events)
      expect('outcome' in event ? event.outcome : event).toMatchObject({
        id: 'zone:a.test',
        kind: 'zone',
        provider: 'dyn',
        target: { kind: 'zone', name: 'a.test', provider: 'dyn' },
      });
  });

  it('refuses a dependency that is not in the plan', async () => {
    const { writer } = recordingWriter();
    await expect(applyPlan(plan(zoneStep('a.test', [], ['zone:nowhere'])), dyn(writer))).rejects.toThrow(
      'plan step zone:nowhere is named as a dependency but is not in the plan',
    );
  });

  it('makes no call for an empty plan', async () => {
    const { writer, calls } = recordingWriter();
    expect(await applyPlan(plan(), dyn(writer))).toEqual({ ok: true, steps: [] });
    expect(calls).toEqual([]);
  });
});
