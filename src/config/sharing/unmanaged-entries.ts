import type { Diagnostic } from '../../model/diagnostic.js';
import { visibleName } from '../../model/idn.js';
import { recordType } from '../../model/record-types/registry.js';
import { globProblem, type UnmanagedEntry, unmanagedNameGlob } from '../../model/unmanaged.js';
import type { MergedZone } from '../read/merge.js';
import { diagnosticAt, entryOf, isMap, isSeq, type PNode, type Position } from '../read/positioned.js';

/** An `unmanaged` entry of a zone, read, with where it was written. */
export interface PlacedUnmanaged {
  entry: UnmanagedEntry;
  /** Its name glob as written (relative, or absolute with the trailing dot), for messages. */
  written: string;
  pos: Position;
}

export interface ReadUnmanaged {
  /** The valid entries, in load order. */
  entries: PlacedUnmanaged[];
  diagnostics: Diagnostic[];
}

/**
 * The `unmanaged` entries of a zone: a string is a name glob for every type; a map has `name`, and optionally
 * `types` (registered types, any case) and `value` (a glob on values). A string with a space (`"app A"`, the form
 * acknowledgements use) is refused with the map to write instead: as a name glob it could never match. Shapes the
 * schema rejected are skipped (it reported them); every other problem is reported where it was written.
 */
export function readUnmanaged(zone: MergedZone): ReadUnmanaged {
  const entries: PlacedUnmanaged[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const item of zone.unmanaged) {
    const read = readEntry(item, zone.zone);
    if (read === null) continue;
    if ('entry' in read) entries.push({ entry: read.entry, written: read.written, pos: item.pos });
    else diagnostics.push(...read.problems);
  }
  return { entries, diagnostics };
}

type EntryRead = { entry: UnmanagedEntry; written: string } | { problems: Diagnostic[] } | null;

function readEntry(item: PNode, zone: string): EntryRead {
  if (item.kind === 'scalar') {
    if (typeof item.value !== 'string' || item.value === '') return null;
    const spaced = spacedEntryProblem(item.value);
    if (spaced) return { problems: [diagnosticAt('EP1503', item.pos, spaced)] };
    const name = nameOf(item, zone);
    return 'glob' in name
      ? { entry: { name: name.glob }, written: item.value }
      : { problems: [name.problem] };
  }
  if (!isMap(item)) return null;
  const nameNode = entryOf(item, 'name')?.value;
  if (nameNode?.kind !== 'scalar' || typeof nameNode.value !== 'string' || nameNode.value === '') return null;
  const problems: Diagnostic[] = [];
  const name = nameOf(nameNode, zone);
  if ('problem' in name) problems.push(name.problem);
  const types = typesOf(entryOf(item, 'types')?.value, problems);
  const valueNode = entryOf(item, 'value')?.value;
  const value =
    valueNode?.kind === 'scalar' && typeof valueNode.value === 'string' ? valueNode.value : undefined;
  const valueProblem = value === undefined ? null : globProblem(value);
  if (valueNode && valueProblem)
    problems.push(
      diagnosticAt('EP1503', valueNode.pos, `unmanaged value glob "${value}" is not valid: ${valueProblem}`),
    );
  if (problems.length > 0 || !('glob' in name)) return { problems };
  return {
    entry: { name: name.glob, ...(types ? { types } : {}), ...(value === undefined ? {} : { value }) },
    written: nameNode.value,
  };
}

function spacedEntryProblem(written: string): string | null {
  const [name, ...rest] = written.trim().split(/\s+/);
  if (rest.length === 0) return null;
  return (
    `unmanaged entry "${written}" is a name glob, and names have no spaces: to leave only some types alone, ` +
    `write { name: "${name}", types: [${rest.join(', ')}] }`
  );
}

function nameOf(node: PNode & { kind: 'scalar' }, zone: string): { glob: string } | { problem: Diagnostic } {
  const written = String(node.value);
  const read = unmanagedNameGlob(written, zone);
  if ('glob' in read) return read;
  return {
    problem: diagnosticAt(
      'EP1503',
      node.pos,
      `unmanaged glob "${visibleName(written)}" is not valid: ${read.problem}`,
    ),
  };
}

/** `types`, upper-cased, registered, sorted, each once; undefined when absent or not a list (the schema said). */
function typesOf(node: PNode | undefined, problems: Diagnostic[]): string[] | undefined {
  if (!isSeq(node)) return undefined;
  const types = new Set<string>();
  for (const item of node.items) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string') continue;
    const type = item.value.toUpperCase();
    if (recordType(type)) types.add(type);
    else
      problems.push(
        diagnosticAt(
          'EP1503',
          item.pos,
          `unmanaged type "${item.value}" is not a record type edgeplan manages`,
        ),
      );
  }
  return types.size > 0 ? [...types].sort() : undefined;
}
