import { type Diagnostic, pushAll } from '../../model/diagnostic.js';
import { zoneNameProblem } from '../../model/dns-names.js';
import { normaliseName } from '../../model/names.js';
import type { MergedDocument } from '../read/merge.js';
import { diagnosticAt, entryOf, isMap, where } from '../read/positioned.js';
import { ipv4ListDiagnostics } from './ipv4-list.js';

/**
 * Rules of `secondary_zones`: a valid zone name, masters that are valid IPv4 addresses listed once, and a name
 * that is not also a primary zone under `zones` (the service holds a zone as one or the other).
 */
export function secondaryDiagnostics(merged: MergedDocument): Diagnostic[] {
  const primaries = new Map(merged.zones.map((zone) => [zone.zone, zone.keys[0]]));
  return merged.services.secondaryZones.flatMap((entry) => {
    const diagnostics: Diagnostic[] = [];
    const name = entry.key.endsWith('.') ? entry.key.slice(0, -1) : entry.key;
    const problem = zoneNameProblem(name);
    if (problem)
      diagnostics.push(
        diagnosticAt(entry.keyPos, `secondary zone name "${entry.key}" is not valid: ${problem}`),
      );
    const primary = primaries.get(normaliseName(entry.key));
    if (primary) {
      const message =
        `secondary zone "${entry.key}" is also a primary zone under zones at ${where(primary.keyPos)}; ` +
        'a zone is either primary or secondary';
      diagnostics.push(diagnosticAt(entry.keyPos, message));
    }
    const masters = isMap(entry.value) ? entryOf(entry.value, 'masters')?.value : undefined;
    pushAll(diagnostics, ipv4ListDiagnostics(masters, `the masters of secondary zone "${entry.key}"`));
    return diagnostics;
  });
}
