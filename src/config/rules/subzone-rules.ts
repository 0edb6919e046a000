import { isGlueOf } from '../../model/delegations.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { namesBelowApex, normaliseName } from '../../model/names.js';
import type { ReadRecord } from '../desired/read-records.js';
import type { MergedDocument } from '../read/merge.js';
import { diagnosticAt, type Position, where } from '../read/positioned.js';
import { delegationsByZone } from './delegation-rules.js';

/** The types a parent zone holds at the name of a child zone: the delegation itself. */
const DELEGATION_TYPES: ReadonlySet<string> = new Set(['NS', 'DS']);

/** A zone under `zones` or `secondary_zones`, as messages name it. */
interface ManagedZone {
  kind: 'zone' | 'secondary zone';
  pos: Position;
}

/**
 * A record of one managed zone that lies in another managed zone below it (`x.sub.example.com` under zone
 * `example.com` while `sub.example.com` is itself a zone under `zones` or `secondary_zones`): the service serves
 * it from the sub-zone, so in the parent it would be dead data that plans fight over. Refused at both places,
 * each naming the other. At the sub-zone's own name the parent may hold its delegation (NS, DS), and below it only
 * that delegation's glue (the addresses of its name servers inside the sub-zone, which resolvers find only in the
 * parent). Records below a delegation inside one zone (an NS at `sub` with records below it) are
 * delegation-rules.ts's.
 */
export function subZoneDiagnostics(merged: MergedDocument, records: readonly ReadRecord[]): Diagnostic[] {
  // A zone where it is first named, `zones` before `secondary_zones` (a zone in both is secondary-rules.ts's).
  const named = [
    ...merged.zones.flatMap((zone) =>
      zone.keys.map((key): [string, ManagedZone] => [zone.zone, { kind: 'zone', pos: key.keyPos }]),
    ),
    ...merged.services.secondaryZones.map((entry): [string, ManagedZone] => [
      normaliseName(entry.key),
      { kind: 'secondary zone', pos: entry.keyPos },
    ]),
  ];
  const zones = new Map<string, ManagedZone>();
  for (const [name, zone] of named) if (!zones.has(name)) zones.set(name, zone);

  const delegations = delegationsByZone(records);
  const diagnostics: Diagnostic[] = [];
  for (const { zone, record, sets } of records) {
    const inner = namesBelowApex(record.fqdn, zone.zone).find((name) => zones.has(name));
    const found = inner === undefined ? undefined : zones.get(inner);
    if (inner === undefined || found === undefined) continue;
    const types = sets.map((set) => set.type.type);
    if (record.fqdn === inner && types.every((type) => DELEGATION_TYPES.has(type))) continue;
    const cut = delegations.get(zone)?.above(record.fqdn);
    if (cut && types.every((type) => isGlueOf(cut, { fqdn: record.fqdn, type }))) continue;
    const place = record.fqdn === inner ? `at the apex of ${found.kind}` : `inside ${found.kind}`;
    const hint = found.kind === 'zone' ? 'write it under that zone' : 'that zone is copied from its masters';
    diagnostics.push(
      diagnosticAt(
        record.keyPos,
        `record "${record.name}" of zone "${zone.zone}" is ${place} "${inner}", managed separately at ` +
          `${where(found.pos)}; ${hint} (the parent holds only the delegation there: NS and DS, and the glue of its name servers)`,
      ),
      diagnosticAt(
        found.pos,
        `${found.kind} "${inner}" holds ${record.fqdn}, but it is also written under zone "${zone.zone}" at ` +
          `${where(record.keyPos)}`,
      ),
    );
  }
  return diagnostics;
}
