/**
 * A zone's step of RFC 2136 ops through the apply engine and the writer, for the writer's unit tests against the
 * in-memory server (fake-server.ts): the outcome as a report shows it (done, discarded, why).
 */

import type { WireRecord } from '../../../src/dns-wire/rdata.js';
import { applyPlan } from '../../../src/engine/index.js';
import type { StepOutcome } from '../../../src/engine/types.js';
import type { Plan } from '../../../src/plan/types.js';
import type { Rfc2136Op, Rfc2136Set } from '../../../src/providers/rfc2136/ops.js';
import { Rfc2136Writer } from '../../../src/providers/rfc2136/write.js';
import type { FakeServer } from './fake-server.js';

export const Z = 'a.test';

export const record = (name: string, type: string, value: string, ttl = 300): WireRecord => ({
  name,
  type,
  ttl,
  value,
});

export const create = (fqdn: string, type: string, values: string[], ttl = 300): Rfc2136Set => ({
  fqdn,
  type,
  before: null,
  after: { ttl, values },
});

/** The zone's messages, one per list of sets, numbered as a chain. */
export const chain = (...messages: Rfc2136Set[][]): Rfc2136Op[] =>
  messages.map((sets, i) => ({ kind: 'update', zone: Z, message: i + 1, of: messages.length, sets }));

/** The zone's step of `ops`, planned at `serial` (null: the plan read none), applied by a writer of `server`. */
export async function apply(
  server: FakeServer,
  ops: Rfc2136Op[],
  serial: number | null = 7,
): Promise<StepOutcome> {
  const target = { kind: 'zone' as const, name: Z, provider: 'dns' };
  const plan = {
    zones: [{ zone: Z, serial, provider: 'dns' }],
    changes: [],
    steps: [{ id: `zone:${Z}@dns`, kind: 'zone' as const, provider: 'dns', target, after: [], ops }],
  } as unknown as Plan;
  const result = await applyPlan(plan, new Map([['dns', new Rfc2136Writer(server)]]));
  const [step] = result.steps;
  if (!step) throw new Error('no step');
  return step;
}

/** A failed step's counts and words. */
export function failure(step: StepOutcome) {
  if (step.status !== 'failed') throw new Error(`the step ${step.status}`);
  return { done: step.done, discarded: step.discarded, error: step.error, discardError: step.discardError };
}
