import type { Diagnostic } from '../../model/diagnostic.js';
import { lengthProblem, recordLabelsProblem, zoneLabelsProblem } from '../../model/dns-names.js';
import { toALabels, visibleName } from '../../model/idn.js';
import { APEX, writtenNameProblem } from '../../model/names.js';
import type { ReadRecords } from '../desired/read-records.js';
import type { MergedDocument, MergedRecord, MergedZone } from '../read/merge.js';
import { diagnosticAt } from '../read/positioned.js';
import { sharingDiagnostics } from '../sharing/sharing-rules.js';
import { capabilityDiagnostics, type DnsProviderSupport } from './capability-rules.js';
import { delegationDiagnostics } from './delegation-rules.js';
import { geoOptionDiagnostics } from './geo-option-rules.js';
import { geoDiagnostics } from './geo-rules.js';
import { secondaryDiagnostics } from './secondary-rules.js';
import { shadowDiagnostics } from './shadow-rules.js';
import { subZoneDiagnostics } from './subzone-rules.js';
import { geoGroupTypeDiagnostics, typeRuleDiagnostics } from './type-rules.js';

/**
 * Rules that need more than one value's shape: name syntax, what the zone shares with other tools (sharing-rules.ts), the DNS rules between
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
    ...sharingDiagnostics(merged, read.records),
    ...typeRuleDiagnostics(read.records),
    ...delegationDiagnostics(read.records),
    ...shadowDiagnostics(read.records),
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
    const idn = toALabels(withoutTrailingDot(key.key));
    const problem = idn.ok ? zoneLabelsProblem(idn.name) : idn.problem;
    if (!problem) continue;
    diagnostics.push(
      diagnosticAt('EP1106', key.keyPos, `zone name "${visibleName(key.key)}" is not valid: ${problem}`),
    );
  }

  for (const record of zone.records) {
    const problem = recordNameProblem(zone, record);
    if (problem) diagnostics.push(diagnosticAt('EP1106', record.keyPos, problem));
  }
  return diagnostics;
}

function recordNameProblem(zone: MergedZone, record: MergedRecord): string | null {
  const { name, fqdn } = record;
  if (name === APEX) return null;
  const idn = toALabels(name);
  if (!idn.ok) return `record name "${visibleName(name)}" is not valid: ${idn.problem}`;
  const problem = recordLabelsProblem(withoutTrailingDot(idn.name)) ?? lengthProblem(fqdn);
  if (problem) return `record name "${name}" is not valid: ${problem}`;
  const written = writtenNameProblem(idn.name, zone.zone);
  return written ? `record name ${written}` : null;
}

function withoutTrailingDot(name: string): string {
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
