import pLimit from 'p-limit';
import type { DnsOp, DnsWriter } from '../model/dns.js';
import type { Plan, ZonePlan } from '../plan/types.js';
import type { ApplyEvent, ApplyResult, ZoneOutcome } from './types.js';

export interface ApplyOptions {
  /** Zones applied at once. Ops inside one zone are always sequential. */
  concurrency?: number;
  onEvent?: (event: ApplyEvent) => void;
}

export const DEFAULT_APPLY_CONCURRENCY = 4;

/**
 * Executes a plan: per zone, the plan's ops in order (create-zone?, deletes, adds/updates, one publish), zones in
 * parallel. The per-zone contract is a transaction: a zone is published only if every op before its publish
 * succeeded; on the first failure the zone's pending changes are discarded and its remaining ops skipped, and the
 * other zones go on. Untouched zones are not in the plan, so they get no call at all.
 */
export async function applyPlan(
  plan: Plan,
  writer: DnsWriter,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const limit = pLimit(options.concurrency ?? DEFAULT_APPLY_CONCURRENCY);
  const emit = options.onEvent ?? (() => {});
  const zones = await Promise.all(
    plan.zones.map((zonePlan) => limit(() => applyZone(zonePlan, writer, emit))),
  );
  return { zones, ok: zones.every((z) => z.status === 'applied') };
}

async function applyZone(
  zonePlan: ZonePlan,
  writer: DnsWriter,
  emit: (e: ApplyEvent) => void,
): Promise<ZoneOutcome> {
  const { zone, ops } = zonePlan;
  const total = ops.length;
  emit({ type: 'zone-start', zone, total });
  let done = 0;
  for (const op of ops) {
    try {
      await writer.execute(op);
    } catch (error) {
      const outcome = await failZone(zone, writer, op, error, done, total);
      emit({ type: 'zone-done', outcome });
      return outcome;
    }
    done += 1;
    emit({ type: 'op-done', zone, op, done, total });
  }
  const outcome: ZoneOutcome = { zone, status: 'applied', done, total };
  emit({ type: 'zone-done', outcome });
  return outcome;
}

async function failZone(
  zone: string,
  writer: DnsWriter,
  failedOp: DnsOp,
  error: unknown,
  done: number,
  total: number,
): Promise<ZoneOutcome> {
  // A failed publish may still have been applied by the server; discarding is then a harmless no-op.
  let discarded = true;
  try {
    await writer.discardPending(zone);
  } catch {
    discarded = false;
  }
  return {
    zone,
    status: 'failed',
    done,
    total,
    failedOp,
    error: error instanceof Error ? error.message : String(error),
    skipped: total - done - 1,
    discarded,
  };
}
