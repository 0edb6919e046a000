import { RCODES, type WireQuestion, type WireRecord } from '../../dns-wire/index.js';
import { isInZone } from '../../model/names.js';
import type { ServedZone } from './served-zones.js';

/** The part of a response the server fills in: the flags that depend on the data, and the three sections. */
export interface Answer {
  rcode: number;
  authoritative: boolean;
  answers: WireRecord[];
  authorities: WireRecord[];
  additionals: WireRecord[];
}

/** CNAMEs followed inside the served zones before the chain is cut (a loop ends there too). */
const MAX_CHAIN = 8;

/**
 * An authoritative server's answer from the zones it serves (RFC 1034 §4.3.2): the records of the type; a CNAME
 * (and the chain it starts, while its targets are in these zones) for another type; NODATA (NOERROR, nothing) for a
 * name that exists without the type, an empty non-terminal included; NXDOMAIN for one that does not; the zone's SOA
 * in the authority section of both (RFC 2308 §3); a referral below a delegation (the NS set in the authority
 * section, not authoritative, addresses of its name servers inside the zone as glue); wildcards synthesised for
 * names that do not exist below the closest encloser (RFC 4592 §3.3.1). A name in no served zone is REFUSED.
 */
export function answer(zones: readonly ServedZone[], question: WireQuestion): Answer {
  const result: Answer = { rcode: 0, authoritative: true, answers: [], authorities: [], additionals: [] };
  let name = question.name;
  for (let step = 0; step <= MAX_CHAIN; step += 1) {
    const zone = closestZone(zones, name);
    if (!zone) {
      if (step === 0) return { ...result, rcode: RCODES.REFUSED, authoritative: false };
      return result;
    }
    const delegation = delegationAbove(zone, name, question.type);
    if (delegation) {
      if (step > 0) return result;
      const glue = delegation.flatMap((ns) =>
        (zone.byName.get(ns.value.replace(/\.$/, '')) ?? []).filter(
          (r) => r.type === 'A' || r.type === 'AAAA',
        ),
      );
      return { ...result, authoritative: false, authorities: delegation, additionals: glue };
    }
    const found = recordsAt(zone, name);
    if (found === 'nxdomain' || found.length === 0) {
      result.rcode = found === 'nxdomain' ? RCODES.NXDOMAIN : RCODES.NOERROR;
      result.authorities = soaOf(zone);
      return result;
    }
    const own = found.filter((r) => r.type === question.type);
    const cname = found.find((r) => r.type === 'CNAME');
    if (own.length > 0 || !cname) {
      result.answers.push(...own);
      if (own.length === 0) result.authorities = soaOf(zone);
      return result;
    }
    result.answers.push(cname);
    name = cname.value.replace(/\.$/, '');
    if (result.answers.some((r) => r.name === name)) return result;
  }
  return result;
}

/** The served zone that holds `name`: the one with the longest matching name. */
function closestZone(zones: readonly ServedZone[], name: string): ServedZone | undefined {
  return zones
    .filter((z) => isInZone(name, z.zone))
    .reduce<ServedZone | undefined>(
      (best, z) => (!best || z.zone.length > best.zone.length ? z : best),
      undefined,
    );
}

/**
 * The NS set of a delegation at or above `name` inside the zone (below its apex), nearest the apex first; a DS
 * question at the delegation itself is the parent's to answer (RFC 4035 §3.1.4.1).
 */
function delegationAbove(zone: ServedZone, name: string, type: string): WireRecord[] | undefined {
  for (const candidate of namesBetween(zone.zone, name)) {
    if (candidate === name && type === 'DS') return undefined;
    const ns = (zone.byName.get(candidate) ?? []).filter((r) => r.type === 'NS');
    if (ns.length > 0) return ns;
  }
  return undefined;
}

/** Names strictly below the apex down to `name`, the shortest first. */
function namesBetween(apex: string, name: string): string[] {
  if (name === apex) return [];
  const labels = name.slice(0, -(apex.length + 1)).split('.');
  return labels.map((_, i) => `${labels.slice(i).join('.')}.${apex}`).reverse();
}

/**
 * The records that answer for `name`: its own; none for an empty non-terminal; a wildcard's, renamed to `name`, when
 * `name` does not exist and `*.<closest encloser>` does (the closest encloser: its nearest existing ancestor); else
 * NXDOMAIN.
 */
function recordsAt(zone: ServedZone, name: string): WireRecord[] | 'nxdomain' {
  const own = zone.byName.get(name);
  if (own) return [...own];
  if (zone.names.has(name)) return [];
  const encloser =
    namesBetween(zone.zone, name)
      .reverse()
      .find((n) => zone.names.has(n)) ?? zone.zone;
  const wildcard = zone.byName.get(`*.${encloser}`) ?? [];
  return wildcard.length > 0 ? wildcard.map((r) => ({ ...r, name })) : 'nxdomain';
}

function soaOf(zone: ServedZone): WireRecord[] {
  return (zone.byName.get(zone.zone) ?? []).filter((r) => r.type === 'SOA');
}
