import type { DnsOp } from '../model/dns.js';

/**
 * What happened to one zone of a plan. A zone is `applied` only when every op, publish included, succeeded.
 * A `failed` zone was not published: `discarded` says whether its pending changes were dropped on the server
 * (false only when the discard call itself failed; the session's end drops them anyway).
 */
export type ZoneOutcome =
  | { zone: string; status: 'applied'; done: number; total: number }
  | {
      zone: string;
      status: 'failed';
      done: number;
      total: number;
      failedOp: DnsOp;
      error: string;
      /** Ops after the failed one that were never sent. */
      skipped: number;
      discarded: boolean;
    };

export interface ApplyResult {
  /** Sorted by zone name, one entry per zone of the plan. */
  zones: ZoneOutcome[];
  ok: boolean;
}

/** Progress events, for the CLI to show (one line per zone and step in logs, a live line on a TTY). */
export type ApplyEvent =
  | { type: 'zone-start'; zone: string; total: number }
  | { type: 'op-done'; zone: string; op: DnsOp; done: number; total: number }
  | { type: 'zone-done'; outcome: ZoneOutcome };
