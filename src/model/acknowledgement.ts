import type { SourcePosition } from './diagnostic.js';
import { globToALabels } from './idn.js';
import { parseTargetPattern, targetText } from './target.js';

/**
 * A known drift that should not fail the nightly `drift` run until a date (`edgeplan drift --ack FILE`; the file
 * is read by config/ack-file.ts). An acknowledgement covers exactly what it names, never what appears later:
 * - `target` is a `--target` pattern (`kind:glob`); for a zone it is narrowed to record sets,
 *   `zone:example.com/www A` (globs on the name relative to the zone, `@` the apex, and on the type);
 * - `digest` pins the one difference it was written for: a prefix of the digest `drift` prints for each change
 *   (of the change's address and live value), so the same object drifting again differently fails again.
 * A zone pattern with neither would cover every later difference in the zone, so the file refuses it.
 */
export interface Acknowledgement {
  target: string;
  /** `sha256:` and at least DIGEST_PREFIX_MIN lower-case hex digits; absent: any difference of what `target` names. */
  digest?: string;
  reason: string;
  owner: string;
  /** `YYYY-MM-DD`. */
  expires: string;
  /** Where the entry was written; never compared. */
  at?: SourcePosition;
}

/** The shortest digest prefix an acknowledgement may pin (48 bits), as drift prints it. */
export const DIGEST_PREFIX_MIN = 12;

/** An acknowledgement's `target`, read. */
export interface AckTarget {
  /** `kind:glob`, as `--target` takes it. */
  pattern: string;
  /** Zones only: globs on a record set's name relative to its zone (`@`: the apex) and on its type. */
  recordSet?: { name: string; type: string };
}

/**
 * `zone:example.com/www A` → its pattern and record-set globs, a zone's and a record set's Unicode labels as their
 * A-labels (`zone:bücher.example/café A` → `zone:xn--bcher-kva.example`, `xn--caf-dma`: model/idn.ts); `geo:Global Web` → the pattern alone (only zones
 * have record sets: other names may contain `/`). A string saying what is wrong when the text is not one.
 */
export function parseAckTarget(text: string): AckTarget | string {
  // The record-set part goes first: its `@` (the apex) is not a provider suffix (`zone:example.com@pdns/@ MX`).
  const slash = text.startsWith('zone:') ? text.indexOf('/') : -1;
  const target = parseTargetPattern(slash < 0 ? text : text.slice(0, slash));
  if (target === null) return 'must be kind:name with kind zone, secondary, geo or webapp';
  if ('problem' in target) return `has a name that is not valid: ${target.problem}`;
  if (slash < 0) return { pattern: targetText(target) };
  const parts = text
    .slice(slash + 1)
    .trim()
    .split(/\s+/);
  const [name, type] = parts;
  if (parts.length !== 2 || !name || !type)
    return 'narrows a zone to record sets as zone:<zone>/<name> <TYPE>, e.g. zone:example.com/www A or zone:example.com/@ MX';
  const idn = globToALabels(name);
  if (!idn.ok) return `has a record-set name that is not valid: ${idn.problem}`;
  return { pattern: targetText(target), recordSet: { name: idn.name, type } };
}

/** A zone pattern with neither record sets nor a digest: it would cover every later difference in the zone. */
export function isZoneWide(read: AckTarget, digest: string | undefined): boolean {
  return read.pattern.startsWith('zone:') && read.recordSet === undefined && digest === undefined;
}

/** The first moment the acknowledgement no longer holds: the start of the day after `expires`, UTC. */
export function ackEndMs(ack: Acknowledgement): number {
  const [year, month, day] = ack.expires.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day + 1);
}
