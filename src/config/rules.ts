import type { Diagnostic } from '../model/diagnostic.js';
import { lengthProblem, recordLabelsProblem, zoneNameProblem } from '../model/dns-names.js';
import { APEX, relativeName, writtenNameProblem } from '../model/names.js';
import { isUnmanaged, unmanagedNameGlob } from '../model/unmanaged.js';
import { capabilityDiagnostics, type DnsProviderSupport } from './capability-rules.js';
import { delegationDiagnostics } from './delegation-rules.js';
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
    ...delegationDiagnostics(read.records),
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
  const globs: UnmanagedGlob[] = [];
  for (const item of zone.unmanaged) {
    // Stryker disable next-line ConditionalExpression: equivalent, made false; a map or list item has no string value
    if (item.kind !== 'scalar') continue;
    if (typeof item.value !== 'string' || item.value === '') continue;
    const read = unmanagedNameGlob(item.value, zone.zone);
    if ('glob' in read) globs.push({ written: item.value, glob: read.glob });
    else
      diagnostics.push(
        diagnosticAt(item.pos, `unmanaged glob "${item.value}" is not valid: ${read.problem}`),
      );
  }

  for (const record of zone.records) diagnostics.push(...recordDiagnostics(zone, record, globs));
  return diagnostics;
}

/** An `unmanaged` entry: as written, and as the glob on relative names it is matched as. */
interface UnmanagedGlob {
  written: string;
  glob: string;
}

function recordDiagnostics(
  zone: MergedZone,
  record: MergedRecord,
  globs: readonly UnmanagedGlob[],
): Diagnostic[] {
  const problem = recordNameProblem(zone, record) ?? unmanagedConflict(zone, record, globs);
  return problem ? [diagnosticAt(record.keyPos, problem)] : [];
}

function unmanagedConflict(
  zone: MergedZone,
  record: MergedRecord,
  globs: readonly UnmanagedGlob[],
): string | null {
  const name = relativeName(record.fqdn, zone.zone);
  const found = globs.find(({ glob }) => isUnmanaged(name, [glob]));
  if (!found) return null;
  return `record "${record.name}" matches unmanaged glob "${found.written}" of its zone; a name cannot be both managed and unmanaged`;
}

function recordNameProblem(zone: MergedZone, record: MergedRecord): string | null {
  const { name, fqdn } = record;
  if (name === APEX) return null;
  const problem = recordLabelsProblem(withoutTrailingDot(name)) ?? lengthProblem(fqdn);
  if (problem) return `record name "${name}" is not valid: ${problem}`;
  const written = writtenNameProblem(name, zone.zone);
  return written ? `record name ${written}` : null;
}

function withoutTrailingDot(name: string): string {
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
