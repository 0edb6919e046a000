import {
  type Delegations,
  delegates,
  delegationsIn,
  isGlueOf,
  isGlueType,
  missingGlue,
  type NamedSet,
} from '../../model/delegations.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { relativeName } from '../../model/names.js';
import { RECORD_TYPES } from '../../model/record-types/index.js';
import { isUnmanaged } from '../../model/unmanaged.js';
import type { ReadRecord } from '../desired/read-records.js';
import type { MergedZone } from '../read/merge.js';
import { diagnosticAt, type Position, where } from '../read/positioned.js';
import { unmanagedGlobs } from '../sharing/unmanaged-globs.js';

/** The types that may stand below a delegation as glue: A, AAAA. */
const GLUE_TYPES = RECORD_TYPES.filter((type) => type.rules?.glue).map((type) => type.type);

/**
 * The delegations of each zone (model/delegations.ts) as the desired state writes them:
 * - below a delegated name a zone holds only glue, the addresses of the name servers the delegation names there;
 *   any other set below it is refused at its type, naming the delegation's NS records;
 * - a name server inside the delegated name needs that glue: one without an address in the zone is refused at the
 *   NS value, unless its name is `unmanaged` (another tool keeps its address; the `delegation-glue` safety rule
 *   then checks live state at plan time).
 * Records outside their zone are the name rule's problem alone (rules.ts).
 */
export function delegationDiagnostics(records: readonly ReadRecord[]): Diagnostic[] {
  return [...recordsByZone(records)].flatMap(([zone, inZone]) => zoneDiagnostics(zone, inZone));
}

/** The delegations of each zone the records are in (subzone-rules.ts lets a parent hold its glue). */
export function delegationsByZone(records: readonly ReadRecord[]): Map<MergedZone, Delegations> {
  return new Map(
    [...recordsByZone(records)].map(([zone, inZone]) => [
      zone,
      delegationsIn(zone.zone, delegatingSets(inZone)),
    ]),
  );
}

function recordsByZone(records: readonly ReadRecord[]): Map<MergedZone, ReadRecord[]> {
  const byZone = new Map<MergedZone, ReadRecord[]>();
  for (const record of records) {
    const inZone = byZone.get(record.zone);
    if (inZone) inZone.push(record);
    else byZone.set(record.zone, [record]);
  }
  return byZone;
}

/** A delegation as written: the record of its name and its NS set's key. */
interface WrittenCut {
  record: ReadRecord;
  keyPos: Position;
}

function zoneDiagnostics(zone: MergedZone, records: readonly ReadRecord[]): Diagnostic[] {
  const delegations = delegationsIn(zone.zone, delegatingSets(records));
  // Most zones delegate nothing: no record lies below a cut and no glue is missing, so skip the walk per record.
  if (delegations.cuts.length === 0) return [];
  const sets = records.flatMap(namedSets);
  const written = new Map<string, WrittenCut>();
  for (const record of records)
    for (const set of record.sets)
      if (delegates(set.type.type) && !written.has(record.record.fqdn))
        written.set(record.record.fqdn, { record, keyPos: set.keyPos });

  const diagnostics: Diagnostic[] = [];
  for (const record of records) {
    const cut = delegations.above(record.record.fqdn);
    const at = cut && written.get(cut.fqdn);
    if (!cut || !at) continue;
    for (const set of record.sets) {
      if (isGlueOf(cut, { fqdn: record.record.fqdn, type: set.type.type })) continue;
      diagnostics.push(diagnosticAt(set.keyPos, belowMessage(record, set.type.type, at)));
    }
  }
  const unmanaged = unmanagedGlobs(zone);
  for (const { delegation, server } of missingGlue(zone.zone, sets)) {
    const name = relativeName(server, zone.zone);
    const at = written.get(delegation);
    if (!at || isUnmanaged(name, unmanaged)) continue;
    for (const set of at.record.sets.filter((candidate) => delegates(candidate.type.type)))
      for (const value of set.values.filter((placed) => placed.value === `${server}.`))
        diagnostics.push(diagnosticAt(value.pos, missingMessage(at.record, server, name)));
  }
  return diagnostics;
}

function belowMessage(record: ReadRecord, type: string, at: WrittenCut): string {
  const named = isGlueType(type)
    ? `, and no NS record of "${at.record.record.name}" names ${record.record.fqdn}.`
    : '';
  return (
    `record "${record.record.name}": ${type} is below "${at.record.record.name}", which its NS records at ` +
    `${where(at.keyPos)} delegate; below a delegated name a zone holds only glue, the addresses (${GLUE_TYPES.join(', ')}) ` +
    `of the name servers the delegation names${named}`
  );
}

function missingMessage(record: ReadRecord, server: string, name: string): string {
  return (
    `record "${record.record.name}": its name server ${server}. lies inside the delegated name, so resolvers can ` +
    `learn its address only from this zone (glue), and the zone gives it none: add ${GLUE_TYPES.join(' or ')} records at ` +
    `"${name}" (or list "${name}" under unmanaged when another tool keeps them)`
  );
}

/**
 * The sets that delegate (NS), all a zone's cuts are made of: no object per set of any other type, which is nearly
 * every set of a large zone.
 */
function delegatingSets(records: readonly ReadRecord[]): NamedSet[] {
  // Stryker disable next-line ArrayDeclaration: an entry that is no NS set delegates nothing; delegationsIn skips it
  const found: NamedSet[] = [];
  for (const record of records) {
    for (const set of record.sets) {
      // Stryker disable next-line ConditionalExpression: speed only, delegationsIn skips the sets that do not delegate
      if (!delegates(set.type.type)) continue;
      const values = set.values.map((placed) => placed.value);
      found.push({ fqdn: record.record.fqdn, type: set.type.type, values });
    }
  }
  return found;
}

function namedSets({ record, sets }: ReadRecord): NamedSet[] {
  return sets.map((set) => ({
    fqdn: record.fqdn,
    type: set.type.type,
    values: set.values.map((placed) => placed.value),
  }));
}
