import type { DesiredState, DesiredZone, LiveDnsState, LiveZone } from '../../model/dns.js';
import { providerLive } from '../../model/dns-providers.js';
import type { GeoService } from '../../model/geo.js';
import type { LiveState } from '../../model/live.js';
import type { LiveSecondaryZone } from '../../model/secondary.js';
import { implicitProviderOf, shownProviderSpecs, shownTargetText } from '../../model/shown-provider.js';
import { compareTargets, type DnsTarget, type Target, targetText } from '../../model/target.js';
import type { DesiredWebapp, LiveWebapp } from '../../model/waf.js';
import type { Digest, PlanFingerprints, TargetFingerprint } from '../review-types.js';
import type { Plan } from '../types.js';
import { digestOf } from './digest.js';

/**
 * Fingerprints of a plan (pure): per target, a digest of its desired state and of what was read live, so that a
 * saved plan can be checked before it is applied (staleness.ts). Targets are named as the desired state names
 * them (a webapp by its key under `waf.webapps`); a live object the plan deletes under `manage: all` is a target
 * with `desired: null`. What a live digest covers, per kind:
 * - zone: every live record of a type edgeplan manages (fqdn, type, value, TTL and the provider's ref), and the
 *   serial beside it; records edgeplan cannot manage (`unsupported`) are left out, as they never change a plan;
 * - secondary zone: masters, contact and TSIG key (not the transfer status, which the service changes itself);
 * - geo service: groups (name, countries, records by type) and linked nodes;
 * - webapp: its id, name, and every catalogue bot with its enabled flag.
 * Desired digests leave out where the YAML wrote things (`at`): moving a line changes nothing. The WAF rate-limit
 * window is not part of any fingerprint: it changes on every read.
 */
export function planFingerprints(plan: Plan, desired: DesiredState, live: LiveState): PlanFingerprints {
  const changed = new Set(plan.steps.map((step) => targetText(step.target)));
  const targets: TargetFingerprint[] = [];
  const add = (target: Target, want: Digest | null, found: Digest | null, serial?: number | null) =>
    targets.push({
      target,
      changed: changed.has(targetText(target)),
      desired: want,
      ...(serial !== undefined ? { serial } : {}),
      live: found,
    });
  const wanted = desiredDigests(desired);
  // The DNS live state a target was read from: its provider's, and for geo services the provider holding them.
  const dnsOf = (target: Target): LiveDnsState => {
    if ('provider' in target) return providerLive(live, target.provider);
    return desired.geoProvider === undefined ? { zones: {} } : providerLive(live, desired.geoProvider);
  };
  const secondaries = (target: Target) =>
    // Stryker disable next-line ArrayDeclaration: equivalent, an entry added to `?? []` has no name for a lookup to find
    new Map((dnsOf(target).secondaryZones ?? []).map((z) => [z.zone, z]));
  // Stryker disable next-line ArrayDeclaration: equivalent, as above
  const geo = (target: Target) => new Map((dnsOf(target).geoServices ?? []).map((g) => [g.name, g]));
  const webapps = live.waf?.webapps ?? {};
  for (const { target, digest } of wanted.values()) {
    if (target.kind === 'zone') {
      const found = ownValue(dnsOf(target).zones, target.name) ?? null;
      add(target, digest, found && zoneLiveDigest(found), found?.serial ?? null);
    }
    if (target.kind === 'secondary')
      add(target, digest, liveOf(secondaries(target), target, secondaryLiveDigest));
    if (target.kind === 'geo') add(target, digest, liveOf(geo(target), target, geoLiveDigest));
    if (target.kind === 'webapp') {
      const found = ownValue(webapps, target.name) ?? null;
      add(target, digest, found && webappLiveDigest(found));
    }
  }
  // Live objects the plan deletes (`manage: all`): changed targets the desired state does not name.
  const deleted = new Map(plan.steps.map((step) => [targetText(step.target), step.target]));
  for (const [text, target] of deleted) {
    if (wanted.has(text)) continue;
    if (target.kind === 'secondary')
      add(target, null, liveOf(secondaries(target), target, secondaryLiveDigest));
    if (target.kind === 'geo') add(target, null, liveOf(geo(target), target, geoLiveDigest));
  }
  targets.sort((a, b) => compareTargets(a.target, b.target));
  return { desired: desiredStateDigest(desired, wanted), targets };
}

/**
 * Desired digest per target, keyed by the target's text. Pure; needs no live state. A zone or secondary zone is a
 * target per provider it is on, each with the same digest of its content.
 */
export function desiredDigests(desired: DesiredState): Map<string, { target: Target; digest: Digest }> {
  const digests = new Map<string, { target: Target; digest: Digest }>();
  const add = (target: Target, digest: Digest) => digests.set(targetText(target), { target, digest });
  const perProvider = (target: Omit<DnsTarget, 'provider'>, providers: readonly string[], digest: Digest) => {
    for (const provider of providers) add({ ...target, provider }, digest);
  };
  for (const zone of desired.zones)
    perProvider({ kind: 'zone', name: zone.zone }, zone.providers, zoneDesiredDigest(zone));
  for (const { providers, at: _at, ...zone } of desired.secondaryZones ?? [])
    perProvider({ kind: 'secondary', name: zone.zone }, providers, digestOf(zone));
  for (const { at: _at, ...service } of desired.geoServices ?? [])
    add({ kind: 'geo', name: service.name }, digestOf(service));
  for (const webapp of desired.waf?.webapps ?? [])
    add({ kind: 'webapp', name: webapp.ref }, webappDesiredDigest(webapp));
  return digests;
}

/**
 * The whole desired state: every target's desired digest, the ownership settings and the safety policy, and the
 * `providers:` section when there is one (where each provider is and how it creates zones). `digests`: the
 * targets' desired digests when they are at hand (desiredDigests), so that no zone is digested twice. Targets are
 * keyed as a plan shows them (model/shown-provider.ts), so that the digest of a desired state without `providers:`
 * is what it was before providers had names.
 */
export function desiredStateDigest(
  desired: DesiredState,
  digests: ReadonlyMap<string, { target: Target; digest: Digest }> = desiredDigests(desired),
): Digest {
  return digestOf({
    targets: [...digests.values()]
      .sort((a, b) => compareTargets(a.target, b.target))
      .map(({ target, digest }) => [shownTargetText(target, implicitProviderOf(desired)), digest]),
    manage: desired.manage ?? null,
    safety: desired.safety ?? null,
    ...shownProviderSpecs(desired),
  });
}

export function zoneLiveDigest(zone: LiveZone): Digest {
  return digestOf(zone.records);
}

export function secondaryLiveDigest(zone: LiveSecondaryZone): Digest {
  return digestOf({
    masters: zone.masters,
    contactNickname: zone.contactNickname,
    tsigKeyName: zone.tsigKeyName,
  });
}

export function geoLiveDigest(service: GeoService): Digest {
  return digestOf(service);
}

export function webappLiveDigest(webapp: LiveWebapp): Digest {
  return digestOf({ id: webapp.id, name: webapp.name, bots: webapp.bots });
}

/** A zone's content (its providers are in its targets, not here). */
function zoneDesiredDigest(zone: DesiredZone): Digest {
  // Keys in sorted order, so that the digest takes each record as it is (digest.ts).
  const records = zone.records.map(({ fqdn, type, ttl, values }) => ({ fqdn, ttl, type, values }));
  const { zone: name, defaultTtl, create, manage, absent } = zone;
  // An entry of a name alone as the string it always was; `create`, `manage` and `absent` only when given: the digest
  // of a zone that uses none of them is what it always was.
  const unmanaged = zone.unmanaged.map((entry) =>
    entry.types || entry.value !== undefined ? entry : entry.name,
  );
  return digestOf({
    zone: name,
    defaultTtl,
    unmanaged,
    records,
    ...(create ? { create } : {}),
    ...(manage ? { manage, absent } : {}),
  });
}

function webappDesiredDigest(webapp: DesiredWebapp): Digest {
  return digestOf({ ref: webapp.ref, mode: webapp.mode, allow: webapp.allow.map((entry) => entry.ref) });
}

function liveOf<T>(found: Map<string, T>, target: Target, digest: (value: T) => Digest): Digest | null {
  const value = found.get(target.name);
  return value === undefined ? null : digest(value);
}

/** A value of a record keyed by server or user data (`live.zones`, `live.waf.webapps`): own keys only. */
function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
