import type { Diagnostic } from '../../model/diagnostic.js';
import type { AbsentSet } from '../../model/dns.js';
import { recordLabelsProblem } from '../../model/dns-names.js';
import { toALabels, visibleName } from '../../model/idn.js';
import { APEX, isInZone, recordNameToFqdn } from '../../model/names.js';
import { recordType } from '../../model/record-types/registry.js';
import type { MergedZone } from '../read/merge.js';
import { diagnosticAt, type Position } from '../read/positioned.js';

/** An `absent:` entry of a zone, read, with where it was written and how (`old A`). */
export interface PlacedAbsent {
  set: AbsentSet;
  written: string;
  pos: Position;
}

export interface ReadAbsent {
  /** `manage: declared` is set (schema-checked). */
  declared: boolean;
  /** The valid entries, in load order. */
  entries: PlacedAbsent[];
  diagnostics: Diagnostic[];
}

/**
 * `manage:` and `absent:` of a zone. An `absent` entry is a record name as written under `records` (relative, `@`,
 * or absolute with a trailing dot inside the zone), optionally followed by one registered type (`old A`); names are
 * exact, never globs: a delete is spelled out. `absent` needs `manage: declared` (in `manage: all` every undeclared
 * set is deleted anyway). Shapes the schema rejected are skipped.
 */
export function readAbsent(zone: MergedZone): ReadAbsent {
  const declared = zone.manage?.value.kind === 'scalar' && zone.manage.value.value === 'declared';
  const entries: PlacedAbsent[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const item of zone.absent) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string' || item.value === '') continue;
    const written = item.value;
    const read = absentSet(written, zone.zone);
    if (typeof read === 'string')
      diagnostics.push(diagnosticAt('EP1501', item.pos, `absent entry "${visibleName(written)}" ${read}`));
    else if (!declared)
      diagnostics.push(
        diagnosticAt(
          'EP1501',
          item.pos,
          `absent entry "${written}" needs manage: declared in zone "${zone.zone}"`,
        ),
      );
    else entries.push({ set: read, written, pos: item.pos });
  }
  return { declared, entries, diagnostics };
}

function absentSet(written: string, zone: string): AbsentSet | string {
  const [name = '', type, ...rest] = written.trim().split(/\s+/);
  if (rest.length > 0) return 'is not a record name, or a name and a type ("old A")';
  const fqdn = recordNameToFqdn(name, zone);
  if (name !== APEX) {
    // A Unicode label is its A-label (model/idn.ts), as in record names.
    const idn = toALabels(name);
    if (!idn.ok) return `has a name that is not valid: ${idn.problem}`;
    const problem = recordLabelsProblem(idn.name.endsWith('.') ? idn.name.slice(0, -1) : idn.name);
    if (problem) return `has a name that is not valid: ${problem}`;
    if (!isInZone(fqdn, zone)) return `names "${name}", which is not inside zone "${zone}"`;
  }
  if (type === undefined) return { fqdn };
  const upper = type.toUpperCase();
  if (!recordType(upper)) return `has type "${type}", which is not a record type edgeplan manages`;
  return { fqdn, type: upper };
}
