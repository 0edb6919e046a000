import { type Diagnostic, UNPLACED } from '../../model/diagnostic.js';
import type { DesiredZone, LiveZone } from '../../model/dns.js';
import type { RecordSet } from '../../model/record-set.js';
import { BESIDE_ALONE } from '../../model/record-types/beside-alone.js';
import { recordType } from '../../model/record-types/registry.js';
import { type KeptTypes, keepsManagedTypes, keptData, keptText } from './kept-data.js';
import { managedIn } from './managed.js';

const WHY =
  '(RFC 1034 §3.6.2, RFC 2181 §10.1): a service refuses the write, or a server takes it by dynamic update and ' +
  'drops it without a word (RFC 2136 §3.4.2.2), so the apply would not converge';

/**
 * The one rule for live data a plan keeps beside what it writes (kept-data.ts: types the provider does not read,
 * `unmanaged` entries, sets a `manage: declared` zone does not declare, values kept by a value glob), on every
 * provider, checked at plan time so that a green plan means no write is refused or silently dropped. Per desired set
 * edgeplan manages, at its `file:line:col`:
 * - a type that must stand alone at its name (its registry rules say `alone`: CNAME) beside any kept data of another
 *   type but DNSSEC's (BESIDE_ALONE);
 * - any type beside kept data of a type that must stand alone (a kept CNAME);
 * - a set whose name and type hold live records the provider's reader could not read (a CNAME to the root, kept as
 *   foreign records): writing the set would replace them unseen.
 * The rule asks the registry, never a type's name: a type registered later with `alone` joins it. (DNAME is not
 * alone: RFC 6672 §2.4 lets it share its name with anything but a CNAME, which CNAME's `alone` already covers both
 * ways.) Managed live data beside a desired set is no problem: the plan deletes what the desired state lacks.
 */
export function keptDataProblems(desired: DesiredZone, live: LiveZone | null): Diagnostic[] {
  if (live === null) return [];
  // Most zones can keep nothing: their sets need no look (a hot path at 100,000 records).
  // Stryker disable next-line ConditionalExpression: equivalent, a shortcut: keptData then finds nothing
  if (live.unsupported.length === 0 && !keepsManagedTypes(desired)) return [];
  const managed = managedIn(desired);
  const sets = desired.records.filter((set) => managed(set));
  const kept = keptData(desired, live, new Set(sets.map((set) => set.fqdn)));
  const problems: Diagnostic[] = [];
  for (const set of sets) {
    const types = kept.get(set.fqdn);
    if (types === undefined) continue;
    const message = setProblem(set, types);
    if (message !== null)
      problems.push({
        ...(set.at ?? UNPLACED),
        code: 'EP1602',
        message: `${set.fqdn} ${set.type}: ${message}`,
      });
  }
  return problems;
}

function setProblem(set: RecordSet, kept: KeptTypes): string | null {
  if (kept.get(set.type) === 'not read')
    return (
      `the node holds live ${set.type} records edgeplan cannot read (listed by the plan, kept as they are); ` +
      'writing this set would replace them unseen: change them at the provider, or list the name under unmanaged'
    );
  // Kept data of the set's own type (here: values a glob keeps, carried into the set written) counts too: a second
  // value of a type that stands alone cannot stand either.
  const others = [...kept].filter(([type]) => !BESIDE_ALONE.has(type));
  if (others.length === 0) return null;
  if (isAlone(set.type))
    return (
      `the name keeps live ${others.map(([type, reason]) => keptText(type, reason)).join(', ')}, which this plan ` +
      `leaves alone; a ${set.type} must stand alone at its name ${WHY}: delete or manage that data first, or leave ` +
      `the ${set.type} out`
    );
  const alone = others.find(([type]) => isAlone(type));
  if (alone === undefined) return null;
  return (
    `the name keeps a live ${keptText(...alone)}, which this plan leaves alone; a ${alone[0]} must stand alone at ` +
    `its name ${WHY}: delete or manage the ${alone[0]} first, or leave the ${set.type} out`
  );
}

function isAlone(type: string): boolean {
  return recordType(type)?.rules?.alone === true;
}
