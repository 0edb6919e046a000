import type { Diagnostic } from '../../model/diagnostic.js';
import {
  genericRecordTypeOfKey,
  type ParseResult,
  RECORD_TYPES,
  type RecordType,
  refused,
} from '../../model/record-types/index.js';
import {
  diagnosticAt,
  entryOf,
  isMap,
  isSeq,
  nodeAt,
  type PMap,
  type PNode,
  type Position,
  toPlain,
  where,
} from '../read/positioned.js';

/** One canonical value and where the YAML wrote it. */
export interface PlacedValue {
  value: string;
  pos: Position;
  /** A geo group's value written as a map: its other fields (`weight`, `label`), as the schema checked them. */
  options?: Record<string, unknown>;
}

/** The data of one type in a map (a record set's name, a geo group), as the YAML wrote it, values parsed. */
export interface TypedValues {
  type: RecordType;
  /** The type's key (`mx:`): where problems of the whole set are reported. */
  keyPos: Position;
  /** Canonical, each once (at the first place it was written), in YAML order. */
  values: PlacedValue[];
}

export interface ReadValues {
  /** One per key of a type, in YAML order, also when no value of it is valid (the type is still there). */
  sets: TypedValues[];
  diagnostics: Diagnostic[];
}

/**
 * The record data of `map`: the values of each key of `types` through its type's `parse`. Each problem is reported
 * where it was written: at the value, or at the field inside it that the type names (`ValueProblem.path`). A value
 * whose canonical form repeats an earlier one of its set is reported there, naming the first place.
 *
 * `origin` is the zone that relative names in values belong to; `null` where there is none (a geo group serves
 * nodes of any zone), and a value whose meaning depends on the zone is then refused. `owner` names the map in
 * messages: `record "www"`. Values the schema refused are skipped: the schema has reported them. With
 * `valueMaps` (geo groups), a value may be a map whose `value` is the value and whose other fields are its options.
 */
export function readTypedValues(
  map: PMap,
  types: readonly RecordType[],
  origin: string | null,
  owner: string,
  valueMaps = false,
): ReadValues {
  const sets: TypedValues[] = [];
  const diagnostics: Diagnostic[] = [];
  readTypedValuesInto(sets, diagnostics, map, types, origin, owner, valueMaps, (type, keyPos, values) => ({
    type,
    keyPos,
    values,
  }));
  return { sets, diagnostics };
}

/**
 * `readTypedValues` appending to `sets` and `diagnostics`, each set as `make` completes it (a record's sets carry
 * their map): no lists or copies per map, for the one call per record name of a large zone.
 */
export function readTypedValuesInto<S>(
  sets: S[],
  diagnostics: Diagnostic[],
  map: PMap,
  types: readonly RecordType[],
  origin: string | null,
  owner: string,
  valueMaps: boolean,
  make: (type: RecordType, keyPos: Position, values: PlacedValue[]) => S,
): void {
  const byKey = keyIndex(types);
  // A set's values are gathered here and taken off as one list of their exact length (see read-records.ts).
  const values: PlacedValue[] = [];
  for (const entry of map.entries) {
    // A record set (the registry's types) also holds any type by its number (`type65280`); a geo group does not.
    const type =
      byKey.get(entry.key) ?? (types === RECORD_TYPES ? genericRecordTypeOfKey(entry.key) : undefined);
    if (!type) continue;
    const items = type.single ? [entry.value] : isSeq(entry.value) ? entry.value.items : [];
    // A set of one value repeats nothing: its map of values seen is never needed.
    const first = items.length > 1 ? new Map<string, Position>() : undefined;
    for (const written of items) {
      const inner = valueMaps && isMap(written) ? entryOf(written, 'value')?.value : undefined;
      const item = inner ?? written;
      const shape = type.yaml.safeParse(toPlain(item));
      if (!shape.success) continue;
      const result = parseValue(type, shape.data, origin);
      if (!result.ok) {
        for (const problem of result.problems) {
          const pos = (nodeAt(item, problem.path) ?? item).pos;
          diagnostics.push(diagnosticAt('EP1104', pos, `${owner} ${type.type}: ${problem.message}`));
        }
        continue;
      }
      const earlier = first?.get(result.value);
      if (earlier) {
        const message = `${owner} ${type.type}: value ${result.value} is listed twice: also at ${where(earlier)}`;
        diagnostics.push(diagnosticAt('EP1108', item.pos, message));
        continue;
      }
      first?.set(result.value, item.pos);
      const options = inner === undefined ? undefined : optionsOf(written);
      values.push(
        options ? { value: result.value, pos: item.pos, options } : { value: result.value, pos: item.pos },
      );
    }
    sets.push(make(type, entry.keyPos, values.splice(0)));
  }
}

const KEY_INDEXES = new WeakMap<readonly RecordType[], ReadonlyMap<string, RecordType>>();

/** The types of a list by YAML key, built once per list (the registry's, the geo types). */
function keyIndex(types: readonly RecordType[]): ReadonlyMap<string, RecordType> {
  let index = KEY_INDEXES.get(types);
  if (!index) {
    index = new Map(types.map((type) => [type.key, type]));
    KEY_INDEXES.set(types, index);
  }
  return index;
}

function optionsOf(map: PNode): Record<string, unknown> | undefined {
  if (!isMap(map)) return undefined;
  return Object.fromEntries(
    map.entries
      .filter((entry) => entry.key === 'weight' || entry.key === 'label')
      .map((entry) => [entry.key, toPlain(entry.value)]),
  );
}

/** Two zones no user data names (RFC 2606 `.invalid`): a value that parses differently in each is relative. */
const PROBE_ONE = 'origin-one.invalid';
const PROBE_TWO = 'origin-two.invalid';

function parseValue(type: RecordType, input: unknown, origin: string | null): ParseResult {
  if (origin !== null) return type.parse(input, origin);
  const one = type.parse(input, PROBE_ONE);
  const two = type.parse(input, PROBE_TWO);
  if (one.ok && two.ok && one.value !== two.value) {
    return refused(
      'a name in this value is relative to a zone, but a geo group serves nodes of any zone: ' +
        'write names absolute, ending in "."',
    );
  }
  return one;
}
