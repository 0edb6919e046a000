import type { Diagnostic } from '../model/diagnostic.js';
import { MAX_A_RECORDS_PER_NODE } from '../model/dns.js';
import { APEX, isInZone, relativeName } from '../model/names.js';
import { lengthProblem, recordLabelsProblem, zoneNameProblem } from '../model/dns-names.js';
import { geoDiagnostics } from './geo-rules.js';
import { ipv4ListDiagnostics } from './ipv4-list.js';
import type { MergedDocument, MergedRecord, MergedZone } from './merge.js';
import { diagnosticAt, entryOf, isMap, isSeq } from './positioned.js';
import { secondaryDiagnostics } from './secondary-rules.js';
import { globProblem, isUnmanaged } from '../model/unmanaged.js';

/**
 * Rules that need more than one value's shape: name syntax, IPv4, limits, duplicate addresses, managed versus
 * unmanaged names. They read the merged document defensively and skip what the schema rejected, so a wrong
 * shape in one place never hides a rule problem in another.
 */
export function ruleDiagnostics(merged: MergedDocument): Diagnostic[] {
  return [
    ...merged.zones.flatMap(zoneDiagnostics),
    ...secondaryDiagnostics(merged),
    ...geoDiagnostics(merged),
  ];
}

function zoneDiagnostics(zone: MergedZone): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const key of zone.keys) {
    const problem = zoneNameProblem(withoutTrailingDot(key.key));
    if (!problem) continue;
    diagnostics.push(diagnosticAt(key.keyPos, `zone name "${key.key}" is not valid: ${problem}`));
  }

  const globs: string[] = [];
  for (const item of zone.unmanaged) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string' || item.value === '') continue;
    const problem = unmanagedGlobProblem(item.value);
    if (!problem) globs.push(item.value);
    else diagnostics.push(diagnosticAt(item.pos, `unmanaged glob "${item.value}" is not valid: ${problem}`));
  }

  for (const record of zone.records) diagnostics.push(...recordDiagnostics(zone, record, globs));
  return diagnostics;
}

function unmanagedGlobProblem(glob: string): string | null {
  if (glob.endsWith('.')) return 'globs match names relative to the zone, so they never end with "."';
  return globProblem(glob);
}

function recordDiagnostics(zone: MergedZone, record: MergedRecord, globs: readonly string[]): Diagnostic[] {
  const problem = recordNameProblem(zone, record) ?? unmanagedConflict(zone, record, globs);
  return [...(problem ? [diagnosticAt(record.keyPos, problem)] : []), ...addressDiagnostics(record)];
}

function unmanagedConflict(zone: MergedZone, record: MergedRecord, globs: readonly string[]): string | null {
  const name = relativeName(record.fqdn, zone.zone);
  if (!isUnmanaged(name, globs)) return null;
  const glob = globs.find((candidate) => isUnmanaged(name, [candidate]));
  return `record "${record.name}" matches unmanaged glob "${glob}" of its zone; a name cannot be both managed and unmanaged`;
}

function recordNameProblem(zone: MergedZone, record: MergedRecord): string | null {
  const { name, fqdn } = record;
  if (name === APEX) return null;
  const problem = recordLabelsProblem(withoutTrailingDot(name)) ?? lengthProblem(fqdn);
  if (problem) return `record name "${name}" is not valid: ${problem}`;
  if (!isInZone(fqdn, zone.zone)) return `record name "${name}" is not inside zone "${zone.zone}"`;
  return null;
}

function addressDiagnostics(record: MergedRecord): Diagnostic[] {
  const a = isMap(record.value) ? entryOf(record.value, 'a') : undefined;
  if (!a || !isSeq(a.value)) return [];
  const diagnostics = ipv4ListDiagnostics(a.value, `record "${record.name}"`);
  const distinct = new Set(a.value.items.flatMap((item) => (item.kind === 'scalar' ? [item.value] : [])));
  if (distinct.size > MAX_A_RECORDS_PER_NODE) {
    const message =
      `record "${record.name}" has ${distinct.size} addresses, but the DNS service allows at most ` +
      `${MAX_A_RECORDS_PER_NODE} A records per name`;
    diagnostics.push(diagnosticAt(a.keyPos, message));
  }
  return diagnostics;
}

function withoutTrailingDot(name: string): string {
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
