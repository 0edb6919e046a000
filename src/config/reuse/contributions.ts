import type { Diagnostic } from '../../model/diagnostic.js';
import type { ReuseStep } from '../../model/provenance.js';
import { recordTypeOfKey } from '../../model/record-types/index.js';
import { bothPlaces, type Place } from '../read/both-places.js';
import type { MergedRecord } from '../read/merge.js';
import {
  entryOf,
  isMap,
  isSeq,
  type PEntry,
  type PMap,
  type Position,
  warningAt,
  where,
} from '../read/positioned.js';

/**
 * One map of record sets at one name, from one source: the zone's own records, a template, or the zone a mirror is
 * the same as. Templates and mirrors are expanded into these, merged set by set (name and type), and turned back
 * into the zone's records (expand-zones.ts), so that every later stage sees an ordinary zone whose values keep the
 * places they were written.
 */
export interface Contribution {
  /** The name as the source wrote it (`{zone}` replaced, rebased for a mirror). */
  name: string;
  fqdn: string;
  keyPos: Position;
  item: PMap;
  /** What it came through; empty for the zone's own records. */
  via: ReuseStep[];
  /** How messages name the source: `template "mail-google"`, `the zone's records`. */
  source: string;
  /** For the zone's own records: the record the item belongs to, kept as it is when nothing joins it. */
  record?: MergedRecord;
}

/** The maps of a record name's value: the value itself, or the maps of its list (one per TTL). */
export function itemsOf(value: MergedRecord['value']): PMap[] {
  if (isMap(value)) return [value];
  return isSeq(value) ? value.items.filter(isMap) : [];
}

/** The entries of `item` that are record types (`mx:`), not `ttl`, `allow_lints` or `override`. */
function typeEntries(item: PMap): PEntry[] {
  return item.entries.filter((entry) => recordTypeOfKey(entry.key) !== undefined);
}

const claimKey = (fqdn: string, typeKey: string) => `${fqdn} ${typeKey}`;

interface Claim {
  contribution: Contribution;
  entry: PEntry;
}

/**
 * `below` with the sets `top` also gives taken out: replaced when top's map says `override: true`, else a problem
 * at both places (top's set wins either way, so nothing later reports it again). `used` collects the top maps whose
 * override replaced something.
 */
export function overlay(
  top: readonly Contribution[],
  below: readonly Contribution[],
  zone: string,
  diagnostics: Diagnostic[],
  used: Set<PMap>,
): Contribution[] {
  const claims = claimsOf(top);
  return below.flatMap((one) =>
    kept(one, (entry) => {
      const claim = claims.get(claimKey(one.fqdn, entry.key));
      if (!claim) return true;
      if (overrides(claim.contribution.item)) used.add(claim.contribution.item);
      else diagnostics.push(...conflict(claim, { contribution: one, entry }, zone, OVERRIDE_HINT));
      return false;
    }),
  );
}

/** Sibling sources (the templates of a zone): a set two of them give is a problem at both places; the first keeps it. */
export function union(
  sources: readonly (readonly Contribution[])[],
  zone: string,
  diagnostics: Diagnostic[],
) {
  const claims = new Map<string, Claim>();
  return sources.flatMap((contributions) =>
    contributions.flatMap((one) =>
      kept(one, (entry) => {
        const key = claimKey(one.fqdn, entry.key);
        const claim = claims.get(key);
        if (!claim) {
          claims.set(key, { contribution: one, entry });
          return true;
        }
        diagnostics.push(...conflict({ contribution: one, entry }, claim, zone, SIBLING_HINT));
        return false;
      }),
    ),
  );
}

/** A warning for each map of `top` that says `override: true` and replaced nothing. */
export function unusedOverrides(
  top: readonly Contribution[],
  used: ReadonlySet<PMap>,
  zone: string,
): Diagnostic[] {
  return top.flatMap((one) => {
    const override = entryOf(one.item, 'override');
    if (!override || !overrides(one.item) || used.has(one.item)) return [];
    const message =
      `override: true at record "${one.name}" of zone "${zone}" replaces nothing: no template or same_as zone of ` +
      'the zone gives these sets; remove it';
    return [warningAt('EP1223', override.keyPos, message)];
  });
}

/** `one` with only the type entries `keep` accepts, or nothing when none is left. */
function kept(one: Contribution, keep: (entry: PEntry) => boolean): Contribution[] {
  const types = typeEntries(one.item);
  const left = types.filter(keep);
  if (left.length === types.length) return types.length > 0 ? [one] : [];
  if (left.length === 0) return [];
  const entries = one.item.entries.filter((entry) => !types.includes(entry) || left.includes(entry));
  return [{ ...one, item: { ...one.item, entries } }];
}

function claimsOf(contributions: readonly Contribution[]): Map<string, Claim> {
  const claims = new Map<string, Claim>();
  for (const contribution of contributions)
    for (const entry of typeEntries(contribution.item))
      claims.set(claimKey(contribution.fqdn, entry.key), { contribution, entry });
  return claims;
}

function overrides(item: PMap): boolean {
  const value = entryOf(item, 'override')?.value;
  return value?.kind === 'scalar' && value.value === true;
}

const OVERRIDE_HINT = "write override: true in the zone's map of the set to replace the other one";
const SIBLING_HINT = "give the set in one template only, or in the zone's records with override: true";

function conflict(a: Claim, b: Claim, zone: string, hint: string): Diagnostic[] {
  const type = recordTypeOfKey(a.entry.key)?.type ?? a.entry.key;
  const place = (claim: Claim): Place => ({ text: claim.contribution.source, pos: claim.entry.keyPos });
  const message = (self: Place, other: Place) =>
    `record set "${a.contribution.name} ${type}" of zone "${zone}" is given by ${self.text} and by ${other.text} ` +
    `at ${where(other.pos)}; ${hint}`;
  return bothPlaces('EP1219', place(a), place(b), message);
}
