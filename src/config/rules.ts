import type { Diagnostic } from '../model/diagnostic.js';
import { lengthProblem, recordLabelsProblem, zoneNameProblem } from '../model/dns-names.js';
import { APEX, isInZone, relativeName } from '../model/names.js';
import { globProblem, isUnmanaged } from '../model/unmanaged.js';
import { capabilityDiagnostics, type DnsProviderSupport } from './capability-rules.js';
import { geoOptionDiagnostics } from './geo-option-rules.js';
import { geoDiagnostics } from './geo-rules.js';
import type { MergedDocument, MergedRecord, MergedZone } from './merge.js';
import { diagnosticAt } from './positioned.js';
import type { ReadRecords } from './read-records.js';
import { secondaryDiagnostics } from './secondary-rules.js';
import { subZoneDiagnostics } from './subzone-rules.js';
import { geoGroupTypeDiagnostics, typeRuleDiagnostics } from './type-rules.js';

/**
 * Rules that need more than one value's shape: name syntax, managed versus unmanaged names, the DNS rules between
 * record types, secondary zones, geo services, and (when a provider is given) what the provider supports. Record
 * values were parsed and checked by `readRecords`. The rules read the merged document defensively and skip what
 * the schema rejected, so a wrong shape in one place never hides a rule problem in another.
 */
export function ruleDiagnostics(
  merged: MergedDocument,
  read: ReadRecords,
  provider?: DnsProviderSupport,
): Diagnostic[] {
  return [
    ...merged.zones.flatMap(zoneDiagnostics),
    ...typeRuleDiagnostics(read.records),
    ...geoGroupTypeDiagnostics(read.geoGroups),
    ...secondaryDiagnostics(merged),
    ...subZoneDiagnostics(merged, read.records),
    ...geoDiagnostics(merged, read),
    ...geoOptionDiagnostics(merged, read.geoGroups),
    ...(provider ? capabilityDiagnostics(merged, read, provider) : []),
  ];
}

function zoneDiagnostics(zone: MergedZone): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const key of zone.keys) {
    const problem = zoneNameProblem(withoutTrailingDot(key.key));
    if (!problem) continue;
    diagnostics.push(diagnosticAt(key.keyPos, `zone name "${key.key}" is not valid: ${problem}`));
  }

  // Stryker disable next-line ArrayDeclaration: equivalent, a glob with spaces matches no valid record name
  const globs: string[] = [];
  for (const item of zone.unmanaged) {
    // Stryker disable next-line ConditionalExpression: equivalent, made false; a map or list item has no string value
    if (item.kind !== 'scalar') continue;
    if (typeof item.value !== 'string' || item.value === '') continue;
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
  return problem ? [diagnosticAt(record.keyPos, problem)] : [];
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

function withoutTrailingDot(name: string): string {
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
