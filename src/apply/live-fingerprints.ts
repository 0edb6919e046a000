import { ownValue } from '../model/own-value.js';
import { geoLiveDigest, secondaryLiveDigest, webappLiveDigest, zoneLiveDigest } from '../plan/fingerprint.js';
import type { PlanFingerprints } from '../plan/review-types.js';
import type { CurrentFingerprint } from '../plan/staleness.js';
import type { LiveReaders } from './plan-live.js';

/**
 * Reads again, as cheaply as the services allow, the live fingerprint of every target a saved plan changes:
 * - zones: their serials in one zone list (`readZoneSerials`); only a zone whose serial moved is read in full,
 *   to tell a publish that left its A records alone from one that changed them;
 * - secondary zones and geo services: one list request each, only when the plan changes one;
 * - webapps: the webapp list and one good-bots read per changed webapp.
 */
export async function readLiveFingerprints(
  fingerprints: PlanFingerprints,
  readers: LiveReaders,
): Promise<Map<string, CurrentFingerprint>> {
  const changed = fingerprints.targets.filter((t) => t.changed);
  const names = (kind: string) =>
    changed.filter((t) => t.target.startsWith(`${kind}:`)).map((t) => t.target.slice(kind.length + 1));
  const zones = names('zone');
  const current = new Map<string, CurrentFingerprint>();
  const none: Record<string, number | null> = {};
  const [serials, secondaries, geo, waf] = await Promise.all([
    zones.length === 0 ? none : readSerials(readers, zones),
    names('secondary').length > 0 ? readers.dns.readSecondaryZones() : [],
    names('geo').length > 0 ? readers.dns.readGeoServices() : [],
    names('webapp').length > 0 && readers.waf ? readers.waf.readWaf(names('webapp')) : undefined,
  ]);
  const moved = zones.filter((zone) => {
    const serial = ownValue(serials, zone);
    return serial !== null && serialOf(fingerprints, zone) !== serial;
  });
  const full = moved.length > 0 ? (await readers.dns.readZones(moved)).zones : {};

  for (const zone of zones) {
    const found = ownValue(full, zone);
    current.set(`zone:${zone}`, {
      serial: ownValue(serials, zone) ?? null,
      ...(found !== undefined ? { live: found && zoneLiveDigest(found) } : {}),
    });
  }
  for (const name of names('secondary')) {
    const found = secondaries.find((z) => z.zone === name);
    current.set(`secondary:${name}`, { live: found ? secondaryLiveDigest(found) : null });
  }
  for (const name of names('geo')) {
    const found = geo.find((s) => s.name === name);
    current.set(`geo:${name}`, { live: found ? geoLiveDigest(found) : null });
  }
  for (const ref of names('webapp')) {
    const found = ownValue(waf?.webapps ?? {}, ref) ?? null;
    current.set(`webapp:${ref}`, { live: found ? webappLiveDigest(found) : null });
  }
  return current;
}

async function readSerials(readers: LiveReaders, zones: string[]): Promise<Record<string, number | null>> {
  if (readers.dns.readZoneSerials) return readers.dns.readZoneSerials(zones);
  const live = await readers.dns.readZones(zones);
  return Object.fromEntries(zones.map((zone) => [zone, ownValue(live.zones, zone)?.serial ?? null]));
}

function serialOf(fingerprints: PlanFingerprints, zone: string): number | null {
  return fingerprints.targets.find((t) => t.target === `zone:${zone}`)?.serial ?? null;
}
