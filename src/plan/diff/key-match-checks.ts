import { type Diagnostic, UNPLACED } from '../../model/diagnostic.js';
import type { DesiredZone, LiveZone } from '../../model/dns.js';
import type { RecordSet } from '../../model/record-set.js';
import { recordType, requireRecordType } from '../../model/record-types/registry.js';
import { managedIn } from './managed.js';

/**
 * The `matches` rule of a type (CDS and CDNSKEY: each value but the delete form names a DNSKEY of its algorithm,
 * RFC 7344 §4.1) at plan time, for a set the plan writes at a name whose desired state declares no set of the type
 * it matches: validation checked the declared ones (config/rules/type-rules.ts), and here the values it must match
 * are those live after the apply: the live set when the plan keeps it (a type the provider does not write, such as
 * the DNSKEY set a PowerDNS or RFC 2136 server keeps with its signing keys, read as foreign records; a set
 * `unmanaged` or an undeclared set of a `manage: declared` zone), none when the plan deletes it. BIND refuses such
 * an UPDATE (and to load such a zone file), so a green plan would fail at apply. A set the plan leaves as it is
 * is not checked: nothing is written (nor one of a type the registry does not know: a library may plan one). Nor is a zone whose keys live apart (`keysApart`: PowerDNS's keystore;
 * PowerDNS 4.7 takes any CDS, measured). Each problem at the set's `file:line:col`.
 */
export function keyMatchProblems(desired: DesiredZone, live: LiveZone | null): Diagnostic[] {
  if (live?.keysApart) return [];
  const managed = managedIn(desired);
  const declared = new Set(desired.records.map((set) => `${set.fqdn} ${set.type}`));
  const problems: Diagnostic[] = [];
  for (const set of desired.records) {
    const { matches, soleValue } = recordType(set.type)?.rules ?? {};
    if (!matches || declared.has(`${set.fqdn} ${matches.type}`) || unchanged(set, live)) continue;
    const keys = liveValues(live, set.fqdn, matches.type, managed);
    const unmatched = set.values.filter(
      // Stryker disable next-line OptionalChaining: equivalent, every registered type that matches has a sole value
      (value) => !soleValue?.is(value) && !keys.some((key) => matches.by(value, key)),
    );
    if (unmatched.length === 0) continue;
    const have =
      keys.length === 0
        ? 'none will be live'
        : `the live ones are ${keys.map((key) => `"${key}"`).join(', ')}`;
    problems.push({
      ...(set.at ?? UNPLACED),
      code: 'EP1699',
      message:
        `${set.fqdn} ${set.type}: ${unmatched.map((value) => `"${value}"`).join(', ')} needs ${matches.what} ` +
        `(${matches.why}), and ${matches.type} records at the name: ${have}; publish the key first, or ` +
        `write the delete form`,
    });
  }
  return problems;
}

/** Whether the live set holds exactly the desired values (the plan writes nothing of it). */
function unchanged(set: RecordSet, live: LiveZone | null): boolean {
  const found = live?.records.find((one) => one.fqdn === set.fqdn && one.type === set.type);
  // Stryker disable next-line ArrayDeclaration: equivalent, a set is never empty: one value never equals none
  const values = found?.records.map((record) => record.value) ?? [];
  return values.length === set.values.length && set.values.every((value) => values.includes(value));
}

/**
 * The values of `type` at `fqdn` live after the apply: a managed live set is the desired state's to write, and the
 * desired state declares none here, so the plan deletes it; a set the plan keeps, or foreign records (read as the
 * server serves them, canonical through the type's presentation parser), stay.
 */
function liveValues(
  live: LiveZone | null,
  fqdn: string,
  type: string,
  managed: (set: { fqdn: string; type: string }) => boolean,
): string[] {
  const set = live?.records.find((one) => one.fqdn === fqdn && one.type === type);
  const kept = set && !managed(set) ? set.records.map((record) => record.value) : [];
  // Stryker disable next-line ArrayDeclaration: equivalent, an entry that is no record has no fqdn to match
  const foreign = (live?.foreign ?? [])
    .filter((record) => record.fqdn === fqdn && record.type === type)
    .flatMap((record) => {
      const parsed = requireRecordType(type).parsePresentation(record.rdata);
      return parsed.ok ? [parsed.value] : [];
    });
  return [...kept, ...foreign];
}
