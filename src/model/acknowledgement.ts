/**
 * A known drift that should not fail the nightly `drift` run until a date (`edgeplan drift --ack FILE`; the file
 * is read by config/ack-file.ts). `target` is a `--target` pattern: `kind:glob`.
 */
export interface Acknowledgement {
  target: string;
  reason: string;
  owner: string;
  /** `YYYY-MM-DD`. */
  expires: string;
}

/** The first moment the acknowledgement no longer holds: the start of the day after `expires`, UTC. */
export function ackEndMs(ack: Acknowledgement): number {
  const [year, month, day] = ack.expires.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day + 1);
}
