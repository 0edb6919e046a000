import type { Diagnostic } from '../../model/diagnostic.js';
import type { ReadGeoGroup, ReadRecord, RecordTypedValues } from '../desired/read-records.js';
import type { TypedValues } from '../desired/record-values.js';
import { diagnosticAt, type Position, where } from '../read/positioned.js';

/**
 * The DNS rules between record types, as each type declares them (`RecordType.rules`), never per type here:
 * - `alone`: no other type beside it at its name (a CNAME, RFC 1034 §3.6.2), and one value;
 * - `apex: 'never'`: not at the zone apex (a CNAME, a DS);
 *   `apex: 'only'`: only there (ALIAS);
 * - `delegates` and `glue`: below a delegated name the zone holds only glue (delegation-rules.ts);
 * - `besides`: only at a name that also holds that type (DS beside its delegation's NS);
 * - `soleValue`: such a value, when given, is the only one of its set (the null MX, an SVCB AliasMode value);
 * - `matches`: each other value needs a value of that type at its name that it matches (a CDS a DNSKEY of its
 *   algorithm), checked where the name declares that type (a provider that keeps the DNSKEY set has none here).
 * They hold across the items of a name's list of maps, where each type is given in one item (it has one TTL).
 * Each message names the record and the rule, and where two places conflict, both.
 */
export function typeRuleDiagnostics(records: readonly ReadRecord[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const { zone, record, sets } of records) {
    const owner = `record "${record.name}"`;
    diagnostics.push(...repeatedTypeDiagnostics(owner, sets));
    diagnostics.push(...aloneDiagnostics(owner, sets, 'at its name'));
    diagnostics.push(...besidesDiagnostics(owner, sets));
    diagnostics.push(...sets.flatMap((set) => soleValueDiagnostics(owner, set)));
    diagnostics.push(...sets.flatMap((set) => matchesDiagnostics(owner, set, sets)));
    for (const set of sets) {
      const apex = set.type.rules?.apex;
      const atApex = record.fqdn === zone.zone;
      if (apex === 'never' && atApex)
        diagnostics.push(
          diagnosticAt('EP1201', set.keyPos, `${owner}: ${set.type.type} is not allowed at the zone apex`),
        );
      if (apex === 'only' && !atApex) {
        const message = `${owner}: ${set.type.type} is allowed only at the zone apex ("@")`;
        diagnostics.push(diagnosticAt('EP1201', set.keyPos, message));
      }
    }
  }
  return diagnostics;
}

/** A geo group holds one answer per type: a type that is alone at its name is alone in its group. */
export function geoGroupTypeDiagnostics(groups: readonly ReadGeoGroup[]): Diagnostic[] {
  return groups.flatMap((group) => aloneDiagnostics(group.label, group.sets, 'in its group'));
}

/** A geo node at its zone's apex: no group of its service may serve a type that is never at the apex there. */
export function apexNodeDiagnostics(
  pos: Position,
  fqdn: string,
  groups: readonly ReadGeoGroup[],
): Diagnostic[] {
  return groups.flatMap((group) =>
    group.sets
      .filter((set) => set.type.rules?.apex === 'never')
      .map((set) => {
        const message =
          `node ${fqdn} is its zone's apex, but ${group.label} serves ${set.type.type} at ${where(set.keyPos)}, ` +
          `which is not allowed at the zone apex`;
        return diagnosticAt('EP1201', pos, message);
      }),
  );
}

/** A type in a second item of a name's list, there, naming the first: a type's records have one TTL. */
function repeatedTypeDiagnostics(owner: string, sets: readonly RecordTypedValues[]): Diagnostic[] {
  const first = new Map<string, RecordTypedValues>();
  const diagnostics: Diagnostic[] = [];
  for (const set of sets) {
    const earlier = first.get(set.type.type);
    if (!earlier) {
      first.set(set.type.type, set);
      continue;
    }
    const message =
      `${owner}: ${set.type.type} is also given in another item of its list, at ${where(earlier.keyPos)}; ` +
      'each type is given in one item, whose TTL it has';
    diagnostics.push(diagnosticAt('EP1202', set.keyPos, message));
  }
  return diagnostics;
}

/** A type that is alone beside other types (a type given twice is reported by `repeatedTypeDiagnostics`). */
function aloneDiagnostics(owner: string, sets: readonly TypedValues[], place: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const set of sets) {
    if (!set.type.rules?.alone) continue;
    const type = set.type.type;
    const others = sets.filter((other) => other.type !== set.type);
    if (others.length > 0) {
      const beside = others.map((other) => `${other.type.type} at ${where(other.keyPos)}`).join(', ');
      const message = `${owner}: ${type} must be alone ${place}, but it has ${beside}`;
      diagnostics.push(diagnosticAt('EP1203', set.keyPos, message));
    }
    if (set.values.length > 1) {
      const message = `${owner}: ${type} holds one value, but ${set.values.length} are given`;
      diagnostics.push(diagnosticAt('EP1204', set.keyPos, message));
    }
  }
  return diagnostics;
}

/** A type given where the type it must stand beside is not. */
function besidesDiagnostics(owner: string, sets: readonly TypedValues[]): Diagnostic[] {
  return sets.flatMap((set) => {
    const needed = set.type.rules?.besides;
    if (!needed || sets.some((other) => other.type.type === needed)) return [];
    const message = `${owner}: ${set.type.type} is allowed only beside ${needed} records at its name, and it has none`;
    return [diagnosticAt('EP1205', set.keyPos, message)];
  });
}

/** Each of a set's sole values (`soleValue`) that stands beside other values, at that value. */
function soleValueDiagnostics(owner: string, set: TypedValues): Diagnostic[] {
  const sole = set.type.rules?.soleValue;
  if (!sole || set.values.length === 1) return [];
  const others = set.values.length - 1;
  return set.values
    .filter((placed) => sole.is(placed.value))
    .map((placed) => {
      const message =
        `${owner}: the ${set.type.type} value "${placed.value}" is the only one of its set (${sole.why}), but ` +
        `${others} other ${others === 1 ? 'value is' : 'values are'} given`;
      return diagnosticAt('EP1204', placed.pos, message);
    });
}

/** The values of a set that match no value of the set their type `matches`, where the name declares that set. */
function matchesDiagnostics(owner: string, set: TypedValues, sets: readonly TypedValues[]): Diagnostic[] {
  const { matches, soleValue } = set.type.rules ?? {};
  const other = sets.find((one) => one.type.type === matches?.type);
  if (!matches || !other) return [];
  return set.values
    .filter((placed) => !soleValue?.is(placed.value))
    .filter((placed) => !other.values.some((value) => matches.by(placed.value, value.value)))
    .map((placed) => {
      const message =
        `${owner}: the ${set.type.type} value "${placed.value}" needs ${matches.what} (${matches.why}), and the ` +
        `${matches.type} set at ${where(other.keyPos)} has none`;
      return diagnosticAt('EP1299', placed.pos, message);
    });
}
