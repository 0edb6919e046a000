import type { DesiredState, LiveZone } from '../model/dns.js';
import type { GeoService } from '../model/geo.js';
import type { LiveState } from '../model/live.js';
import { ownValue } from '../model/own-value.js';
import type { LiveSecondaryZone } from '../model/secondary.js';
import type { DesiredWebapp, LiveWebapp } from '../model/waf.js';
import { digestOf } from './digest.js';
import { compareStrings } from './order.js';
import type { Digest, PlanFingerprints, TargetFingerprint } from './review-types.js';
import type { Plan } from './types.js';

/**
 * Fingerprints of a plan (pure): per target, a digest of its desired state and of what was read live, so that a
 * saved plan can be checked before it is applied (staleness.ts). Targets are named as the desired state names
 * them (`webapp:<name or id as written>`); a live object the plan deletes under `manage: all` is a target with
 * `desired: null`. What a live digest covers, per kind:
 * - zone: every A record read (fqdn, id, address, TTL), and the serial beside it;
 * - secondary zone: masters, contact and TSIG key (not the transfer status, which the service changes itself);
 * - geo service: groups (name, countries, A addresses) and linked nodes;
 * - webapp: its id, name, and every catalogue bot with its enabled flag.
 * The WAF rate-limit window is not part of any fingerprint: it changes on every read.
 */
export function planFingerprints(plan: Plan, desired: DesiredState, live: LiveState): PlanFingerprints {
  const changed = changedTargets(plan, live);
  const targets: TargetFingerprint[] = [];
  const add = (target: string, want: Digest | null, found: Digest | null, serial?: number | null) =>
    targets.push({
      target,
      changed: changed.has(target),
      desired: want,
      ...(serial !== undefined ? { serial } : {}),
      live: found,
    });
  const wanted = desiredDigests(desired);
  for (const zone of desired.zones) {
    const found = ownValue(live.zones, zone.zone) ?? null;
    add(
      `zone:${zone.zone}`,
      wanted.get(`zone:${zone.zone}`) ?? null,
      found && zoneLiveDigest(found),
      found?.serial ?? null,
    );
  }
  const secondaries = new Map((live.secondaryZones ?? []).map((z) => [`secondary:${z.zone}`, z]));
  const geo = new Map((live.geoServices ?? []).map((s) => [`geo:${s.name}`, s]));
  for (const [target, want] of wanted) {
    if (target.startsWith('secondary:')) add(target, want, liveOf(secondaries, target, secondaryLiveDigest));
    if (target.startsWith('geo:')) add(target, want, liveOf(geo, target, geoLiveDigest));
  }
  for (const target of changed) {
    if (wanted.has(target)) continue;
    if (secondaries.has(target)) add(target, null, liveOf(secondaries, target, secondaryLiveDigest));
    if (geo.has(target)) add(target, null, liveOf(geo, target, geoLiveDigest));
  }
  for (const webapp of desired.waf?.webapps ?? []) {
    const target = `webapp:${webapp.ref}`;
    const found = ownValue(live.waf?.webapps ?? {}, webapp.ref) ?? null;
    add(target, wanted.get(target) ?? null, found && webappLiveDigest(found));
  }
  targets.sort((a, b) => compareStrings(a.target, b.target));
  return { desired: desiredStateDigest(desired), targets };
}

/** Desired digest per target, as fingerprints name targets. Pure; needs no live state. */
export function desiredDigests(desired: DesiredState): Map<string, Digest> {
  const digests = new Map<string, Digest>();
  for (const zone of desired.zones) digests.set(`zone:${zone.zone}`, digestOf(zone));
  for (const zone of desired.secondaryZones ?? []) digests.set(`secondary:${zone.zone}`, digestOf(zone));
  for (const service of desired.geoServices ?? []) digests.set(`geo:${service.name}`, digestOf(service));
  for (const webapp of desired.waf?.webapps ?? [])
    digests.set(`webapp:${webapp.ref}`, webappDesiredDigest(webapp));
  return digests;
}

/** The whole desired state: every target's desired digest, the ownership settings and the safety policy. */
export function desiredStateDigest(desired: DesiredState): Digest {
  return digestOf({
    targets: [...desiredDigests(desired)].sort(([a], [b]) => compareStrings(a, b)),
    manage: desired.manage ?? null,
    safety: desired.safety ?? null,
  });
}

export function zoneLiveDigest(zone: LiveZone): Digest {
  return digestOf(zone.nodes);
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

/** Positions in the YAML are not part of the desired state: moving a line changes nothing. */
function webappDesiredDigest(webapp: DesiredWebapp): Digest {
  return digestOf({ ref: webapp.ref, mode: webapp.mode, allow: webapp.allow.map((entry) => entry.ref) });
}

function liveOf<T>(found: Map<string, T>, target: string, digest: (value: T) => Digest): Digest | null {
  const value = found.get(target);
  return value === undefined ? null : digest(value);
}

/** Targets with steps; a webapp step (named by its live name) counts for the desired ref that resolved to it. */
function changedTargets(plan: Plan, live: LiveState): Set<string> {
  const changed = new Set(plan.steps.map((step) => step.target));
  const changedIds = new Set(
    plan.steps.flatMap((step) =>
      step.ops.flatMap((op) => (op.kind === 'set-good-bots' ? [op.webappId] : [])),
    ),
  );
  for (const [ref, webapp] of Object.entries(live.waf?.webapps ?? {})) {
    if (webapp && changedIds.has(webapp.id)) changed.add(`webapp:${ref}`);
  }
  return changed;
}
