import { compareStrings } from '../../model/compare.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { type ReuseStep, viaText } from '../../model/provenance.js';
import type { RecordTypedValues } from '../desired/read-records.js';
import { where } from '../read/positioned.js';

/**
 * Lints on sets a template or another zone gave (reuse/expand-zones.ts). Such a set is written once and served by
 * every zone that lists the template (or mirrors the zone), so a lint that fires on it fires once per zone, at the
 * same place. One decision, one finding: the findings of one lint at one place through the same templates and
 * mirrors are reported once, saying what they came through and in which zones (`… (via template mail-google, in 25
 * zones: a.example, b.example, c.example, … and 22 more)`). The first zone's message stands for them all: what
 * differs between zones is the zone's name in the names it quotes. A lint on a zone's own set is reported as it was.
 */

/** The zone a lint fired in and what the set came through, when a template or another zone gave the set. */
export interface Reused {
  zone: string;
  via: ReuseStep[];
}

/** What a lint's finding on `set` of `zone` carries: `{ reused }` when the set came through reuse, else nothing. */
export function reusedOf(zone: string, set: RecordTypedValues): { reused?: Reused } {
  return set.item.via ? { reused: { zone, via: set.item.via } } : {};
}

/** Zones named in a grouped finding; the others are counted. */
export const SHOWN_ZONES = 3;

/** The diagnostics with the findings on reused sets grouped by lint, place and path; each returned plain. */
export function groupReused(diagnostics: readonly (Diagnostic & { reused?: Reused })[]): Diagnostic[] {
  const groups = new Map<string, { first: Diagnostic; via: ReuseStep[]; zones: Set<string> }>();
  const out: Diagnostic[] = [];
  for (const { reused, ...diagnostic } of diagnostics) {
    if (reused === undefined) {
      out.push(diagnostic);
      continue;
    }
    // An error allowed by `allow_lints` is a warning: never one finding with the same lint not allowed.
    const key = `${diagnostic.code} ${diagnostic.severity} ${where(diagnostic)} ${viaText(reused.via)}`;
    const group = groups.get(key);
    if (group) group.zones.add(reused.zone);
    else {
      const first = { ...diagnostic };
      groups.set(key, { first, via: reused.via, zones: new Set([reused.zone]) });
      // In place of the first finding: the order of the lints is kept.
      out.push(first);
    }
  }
  for (const { first, via, zones } of groups.values()) first.message += ` (${reusedText(via, zones)})`;
  return out;
}

function reusedText(via: readonly ReuseStep[], zones: ReadonlySet<string>): string {
  const names = [...zones].sort(compareStrings);
  if (names.length === 1) return `via ${viaText(via)}, in zone ${names[0]}`;
  const shown = names.slice(0, SHOWN_ZONES).join(', ');
  const more = names.length > SHOWN_ZONES ? `, … and ${names.length - SHOWN_ZONES} more` : '';
  return `via ${viaText(via)}, in ${names.length} zones: ${shown}${more}`;
}
