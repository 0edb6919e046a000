import { describe, expect, it } from 'vitest';
import { ApplyInterruptedError, applyPlan } from '../../src/engine/index.js';
import type { ApplyEvent } from '../../src/engine/types.js';
import type { RecordSetChange } from '../../src/model/change.js';
import { OutcomeUnknownError, type PlannedTarget, type StepWriter } from '../../src/model/provider.js';
import { shownTargetText } from '../../src/model/shown-provider.js';
import { PLAN_FORMAT_VERSION, type Plan, type PlanStep, type ZoneHeader } from '../../src/plan/types.js';

/**
 * applyPlan's decisions at the edges: which planned serial a zone's writer is told (compare-and-publish depends on
 * it), what a failure reports (how much was not sent, whether its outcome is unknown), and when a discard is sent.
 */

/** The plans here are of a desired state without `providers:`, plus a `pdns` that shows its name. */
const IMPLICIT = 'dyn';

function zoneStep(zone: string, provider = 'dyn', ops = 2, after: string[] = []): PlanStep {
  const target = { kind: 'zone' as const, name: zone, provider };
  return {
    id: shownTargetText(target, IMPLICIT),
    kind: 'zone',
    provider,
    target,
    after,
    ops: Array.from({ length: ops }, (_, i) =>
      i === ops - 1
        ? { kind: 'publish', zone }
        : { kind: 'add-record', zone, fqdn: `n${i}.${zone}`, type: 'A' },
    ),
  };
}

/** A geo service's step: a service may be named like a zone, and the zone's serial is not its business. */
function geoStep(name: string): PlanStep {
  return {
    id: `geo:${name}`,
    kind: 'geo',
    provider: 'dyn',
    target: { kind: 'geo', name },
    after: [],
    ops: [{ kind: 'update-geo', name, nodes: [] }],
  };
}

function plan(steps: PlanStep[], zones: ZoneHeader[] = []): Plan {
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    implicitProvider: IMPLICIT,
    summary: { create: 0, update: 0, delete: 0, zones: zones.length },
    zones,
    changes: [],
    steps,
  };
}

interface Recorder {
  writer: StepWriter;
  calls: string[];
  begun: PlannedTarget[];
}

function recorder(fail: (kind: string) => unknown = () => undefined, discard = true): Recorder {
  const calls: string[] = [];
  const begun: PlannedTarget[] = [];
  const writer: StepWriter = {
    begin: (planned) => {
      begun.push(planned);
    },
    async execute(op) {
      calls.push(op.kind);
      const error = fail(op.kind);
      if (error !== undefined) throw error;
    },
    ...(discard
      ? {
          async discard(target) {
            calls.push(`discard ${shownTargetText(target, IMPLICIT)}`);
            return undefined;
          },
        }
      : {}),
  };
  return { writer, calls, begun };
}

describe('applyPlan: the serial each zone step is told', () => {
  it('is the one the plan read of that zone on that provider, never a same-named zone of another provider', async () => {
    const dyn = recorder();
    const pdns = recorder();
    await applyPlan(
      plan(
        [zoneStep('a.test'), zoneStep('a.test', 'pdns')],
        [
          { zone: 'a.test', serial: 7, provider: 'pdns' },
          { zone: 'a.test', serial: 41, provider: 'dyn' },
        ],
      ),
      new Map([
        ['dyn', dyn.writer],
        ['pdns', pdns.writer],
      ]),
    );
    expect(dyn.begun).toEqual([{ target: { kind: 'zone', name: 'a.test', provider: 'dyn' }, serial: 41 }]);
    expect(pdns.begun).toEqual([{ target: { kind: 'zone', name: 'a.test', provider: 'pdns' }, serial: 7 }]);
  });

  it('is null for a zone the plan creates (no header serial) and for a step that is not a zone', async () => {
    const { writer, begun } = recorder();
    await applyPlan(
      plan(
        [zoneStep('new.test'), geoStep('a.test')],
        [
          { zone: 'new.test', serial: null, provider: 'dyn' },
          { zone: 'a.test', serial: 9, provider: 'dyn' },
        ],
      ),
      new Map([['dyn', writer]]),
    );
    expect(begun).toEqual([
      { target: { kind: 'zone', name: 'new.test', provider: 'dyn' }, serial: null },
      { target: { kind: 'geo', name: 'a.test' }, serial: null },
    ]);
  });

  it("is null for a zone step with no header (another zone's serial is never lent)", async () => {
    const { writer, begun } = recorder();
    await applyPlan(
      plan([zoneStep('a.test')], [{ zone: 'other.test', serial: 9, provider: 'dyn' }]),
      new Map([['dyn', writer]]),
    );
    expect(begun).toEqual([{ target: { kind: 'zone', name: 'a.test', provider: 'dyn' }, serial: null }]);
  });
});

describe('applyPlan: the record-set changes each zone step is told (what the plan read of its sets)', () => {
  const change = (zone: string, fqdn: string, provider = 'dyn'): RecordSetChange => ({
    address: { kind: 'record-set', zone, fqdn, type: 'A', provider },
    action: 'update',
    before: { ttl: 60, values: ['192.0.2.1'] },
    after: { ttl: 60, values: ['192.0.2.2'] },
  });

  it("are the plan's changes of that zone on that provider, in plan order; none for a step without any", async () => {
    const dyn = recorder();
    const pdns = recorder();
    const changes = [
      change('a.test', 'a.a.test', 'pdns'),
      change('a.test', 'b.a.test'),
      change('a.test', 'c.a.test', 'pdns'),
      change('b.test', 'x.b.test', 'pdns'),
    ];
    const zoneChange = {
      address: { kind: 'zone' as const, zone: 'c.test', provider: 'pdns' },
      action: 'create' as const,
      before: null,
      after: { rname: 'h.c.test', ttl: 60, serialStyle: 'increment' as const },
    };
    await applyPlan(
      {
        ...plan(
          [zoneStep('a.test'), zoneStep('a.test', 'pdns'), zoneStep('c.test', 'pdns'), geoStep('a.test')],
          [{ zone: 'a.test', serial: 7, provider: 'pdns' }],
        ),
        changes: [zoneChange, ...changes],
      },
      new Map([
        ['dyn', dyn.writer],
        ['pdns', pdns.writer],
      ]),
    );
    expect(dyn.begun).toEqual([
      { target: { kind: 'zone', name: 'a.test', provider: 'dyn' }, serial: null, changes: [changes[1]] },
      { target: { kind: 'geo', name: 'a.test' }, serial: null },
    ]);
    expect(pdns.begun).toEqual([
      {
        target: { kind: 'zone', name: 'a.test', provider: 'pdns' },
        serial: 7,
        changes: [changes[0], changes[2]],
      },
      { target: { kind: 'zone', name: 'c.test', provider: 'pdns' }, serial: null },
    ]);
    expect(Object.hasOwn(pdns.begun[1] ?? {}, 'changes')).toBe(false);
  });
});

describe('applyPlan: what a failure reports', () => {
  it('counts the ops not sent after the failed one, and marks an outcome the writer could not settle', async () => {
    const { writer, calls } = recorder((kind) =>
      kind === 'add-record' ? new OutcomeUnknownError('no answer') : undefined,
    );
    const result = await applyPlan(plan([zoneStep('a.test', 'dyn', 4)]), new Map([['dyn', writer]]));
    expect(calls).toEqual(['add-record', 'discard zone:a.test']);
    expect(result.ok).toBe(false);
    expect(result.steps[0]).toEqual({
      id: 'zone:a.test',
      kind: 'zone',
      provider: 'dyn',
      target: { kind: 'zone', name: 'a.test', provider: 'dyn' },
      status: 'failed',
      done: 0,
      total: 4,
      failedOp: { kind: 'add-record', zone: 'a.test', fqdn: 'n0.a.test', type: 'A' },
      error: 'no answer',
      code: 'EP4001',
      skipped: 3,
      outcomeUnknown: true,
      discarded: true,
    });
  });

  it('reports a thrown value that is not an Error as its text, with no outcomeUnknown', async () => {
    const { writer } = recorder((kind) => (kind === 'publish' ? 'socket hang up' : undefined));
    const result = await applyPlan(plan([zoneStep('a.test', 'dyn', 2)]), new Map([['dyn', writer]]));
    expect(result.steps[0]).toMatchObject({ status: 'failed', done: 1, skipped: 0, error: 'socket hang up' });
    expect(result.steps[0]).not.toHaveProperty('outcomeUnknown');
  });

  it('reports what the discard says became of a zone the step created, and nothing when it created none', async () => {
    const fates = [{ kind: 'deleted' as const }, undefined];
    const writer: StepWriter = {
      async execute(op) {
        if (op.kind === 'publish') throw new Error('refused');
      },
      discard: async () => fates.shift(),
    };
    const result = await applyPlan(
      plan([zoneStep('a.test', 'dyn', 2), zoneStep('b.test', 'dyn', 2)]),
      new Map([['dyn', writer]]),
      { concurrency: 1 },
    );
    expect(result.steps[0]).toMatchObject({
      status: 'failed',
      discarded: true,
      createdZone: { kind: 'deleted' },
    });
    expect(result.steps[1]).toMatchObject({ status: 'failed', discarded: true });
    expect(result.steps[1]).not.toHaveProperty('createdZone');
  });

  it('sends no discard for a zone whose writer has none, and reports none', async () => {
    const { writer, calls } = recorder(
      (kind) => (kind === 'publish' ? new Error('refused') : undefined),
      false,
    );
    const result = await applyPlan(plan([zoneStep('a.test', 'dyn', 2)]), new Map([['dyn', writer]]));
    expect(calls).toEqual(['add-record', 'publish']);
    expect(result.steps[0]).not.toHaveProperty('discarded');
  });

  it('a step interrupted after some of its ops is discarded; one interrupted before any is not sent a discard', async () => {
    const stop = new AbortController();
    const { writer, calls } = recorder((kind) => {
      if (kind === 'add-record') stop.abort(new Error('SIGTERM as an error'));
      return undefined;
    });
    const result = await applyPlan(
      plan([zoneStep('a.test', 'dyn', 3), zoneStep('b.test', 'dyn', 2, ['zone:a.test'])]),
      new Map([['dyn', writer]]),
      { concurrency: 1, signal: stop.signal },
    );
    expect(calls).toEqual(['add-record', 'discard zone:a.test']);
    expect(result.steps[0]).toMatchObject({
      status: 'failed',
      done: 1,
      skipped: 1,
      discarded: true,
      // A reason that is not a string is not shown: the interrupt is named generically.
      error: 'stopped by an interrupt before this call; not sent',
      code: 'EP7002',
    });
    expect(result.steps[1]).toMatchObject({ status: 'skipped', blockedBy: ['zone:a.test'], total: 2 });
  });

  it('an interrupt names itself and its reason', () => {
    const error = new ApplyInterruptedError('SIGINT');
    expect(error.name).toBe('ApplyInterruptedError');
    expect(error.message).toBe('stopped by SIGINT before this call; not sent');
  });

  it('runs a step that two others wait for once', async () => {
    const { writer, calls } = recorder();
    const result = await applyPlan(
      plan([
        zoneStep('b.test', 'dyn', 1, ['zone:a.test']),
        zoneStep('c.test', 'dyn', 1, ['zone:a.test']),
        zoneStep('a.test', 'dyn', 1),
      ]),
      new Map([['dyn', writer]]),
    );
    expect(calls).toEqual(['publish', 'publish', 'publish']);
    expect(result.steps.map((s) => [s.id, s.status])).toEqual([
      ['zone:b.test', 'applied'],
      ['zone:c.test', 'applied'],
      ['zone:a.test', 'applied'],
    ]);
    expect(result.ok).toBe(true);
  });

  it('fails a zone step whose provider has no writer without trying to discard it', async () => {
    const result = await applyPlan(plan([zoneStep('a.test', 'pdns')]), new Map());
    expect(result.steps[0]).toMatchObject({
      status: 'failed',
      done: 0,
      error: 'the plan has a pdns change, but no pdns provider was opened for this run',
    });
    expect(result.steps[0]).not.toHaveProperty('discarded');
  });

  it("tells the observer every step's end: applied, failed and skipped alike, with its outcome", async () => {
    const events: ApplyEvent[] = [];
    const { writer } = recorder((kind) => (kind === 'publish' ? new Error('refused') : undefined));
    const result = await applyPlan(
      plan([zoneStep('a.test', 'dyn', 1), zoneStep('b.test', 'dyn', 1, ['zone:a.test'])]),
      new Map([['dyn', writer]]),
      { onEvent: (e) => events.push(e) },
    );
    const done = events.flatMap((e) => (e.type === 'step-done' ? [e.outcome] : []));
    expect(done).toEqual([result.steps[0], result.steps[1]]);
    expect(done.map((o) => o.status)).toEqual(['failed', 'skipped']);
  });
});
