import { type Diagnostic, type SourcePosition, UNPLACED } from '../../model/diagnostic.js';
import type { DesiredState, DesiredZone, LiveDnsState, LiveZone } from '../../model/dns.js';
import type { ProblemCode } from '../../model/error-codes.js';
import { managedIn } from './managed.js';

/**
 * Zone-level facts of live state that make a plan wrong or the service refuse its apply, checked at plan time
 * (every problem at once, at the zone's `file:line:col`):
 * - a primary zone whose name the account holds as a secondary zone (the service would answer a raw 404 to the
 *   record read, and refuse to create it): say what the name is;
 * - a secondary zone whose name the account holds as a primary zone (the service refuses to create it with
 *   TARGET_EXISTS);
 * - a zone that no file gives a `records` map while live holds managed records of it: the plan would delete them
 *   all, and a records file that was not read looks exactly like this. `records: {}` says that deleting them is
 *   meant.
 * The account's zone list (`live.accountZones`) is read with the zones; when it was not read, the type checks
 * are skipped.
 */
export function zoneProblems(
  desired: DesiredState,
  zones: readonly { desired: DesiredZone; live: LiveZone | null }[],
  live: LiveDnsState,
): Diagnostic[] {
  const types = new Map(live.accountZones?.map((zone) => [zone.zone, zone.type]));
  const problems: Diagnostic[] = [];
  for (const zone of zones) {
    const name = zone.desired.zone;
    if (zone.live === null && types.get(name) === 'secondary')
      problems.push(
        problem(
          'EP1604',
          zone.desired.at,
          `zone "${name}" is a secondary zone in the account (its data is copied from master name servers), ` +
            'not a primary zone edgeplan can write records to; list it under secondary_zones, or delete the ' +
            'secondary zone first to manage it as a primary zone',
        ),
      );
    if (zone.desired.recordsGiven === false && zone.live !== null) {
      const managed = managedIn(zone.desired);
      const count = zone.live.records.filter((set) => set.records.length > 0 && managed(set)).length;
      if (count > 0)
        problems.push(
          problem(
            'EP1605',
            zone.desired.at,
            `zone "${name}" has no records map in any file, but ${count} managed record set(s) live: the plan ` +
              'would delete them all (was a records file not read?); write `records: {}` if that is meant',
          ),
        );
    }
  }
  // Stryker disable next-line ArrayDeclaration: equivalent, an entry that is no secondary zone has no name for `types` to hold
  for (const secondary of desired.secondaryZones ?? [])
    if (types.get(secondary.zone) === 'primary')
      problems.push(
        problem(
          'EP1606',
          secondary.at,
          `secondary zone "${secondary.zone}" is a primary zone in the account (with records of its own); the ` +
            'service refuses a secondary zone of the same name: manage it under zones, or delete the primary ' +
            'zone first',
        ),
      );
  return problems;
}

function problem(code: ProblemCode, at: SourcePosition | undefined, message: string): Diagnostic {
  return { ...(at ?? UNPLACED), code, message };
}
