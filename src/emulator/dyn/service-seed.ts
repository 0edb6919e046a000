/**
 * Secondary zones and geo services of the emulated account: their state, and their form in the seed and state
 * file (`dns.secondary_zones`, `dns.geo_services`). Unlike zone records they have no pending state: every write
 * takes effect at once, so the account holds them directly.
 */

import { isIPv4 } from '../../model/ipv4.js';
import { isInZone, normaliseName } from '../../model/names.js';
import * as z from '../../model/zod.js';
import { type GroupOptions, readGroupOptions, setOptionsObject } from './geo-options.js';
import { type GroupRecords, readGroupRdata } from './geo-rdata.js';

export interface SecondaryState {
  zone: string;
  masters: string[];
  contactNickname: string;
  tsigKeyName: string;
  /**
   * `Y` active, `N` inactive, `L` loading (help.dyn.com, Get secondary zones API); the emulator transfers nothing,
   * so never `L`.
   */
  active: 'Y' | 'N' | 'L';
  serial: number;
}

export interface GeoGroupState extends GroupRecords {
  name: string;
  countries: string[];
  options: GroupOptions;
}

export interface GeoServiceState {
  name: string;
  active: 'Y' | 'N';
  /** Service TTL (help.dyn.com, Create Geo Traffic Manager API; the SDK's `Geo._post` sends it as `ttl`). */
  ttl: number;
  groups: GeoGroupState[];
  nodes: { zone: string; fqdn: string }[];
}

const Address = z.string().check(z.refine(isIPv4, { message: 'not an IPv4 address' }));

export const SecondarySeed = z.strictObject({
  masters: z.array(Address).check(z.minLength(1)),
  contact_nickname: z.optional(z.string()),
  tsig_key_name: z.optional(z.string()),
  active: z.optional(z.enum(['Y', 'N', 'L'])),
  serial: z.optional(z.number().check(z.int(), z.nonnegative())),
});

const WireMap = z.record(z.string(), z.unknown());

export const GeoServiceSeed = z.strictObject({
  active: z.optional(z.enum(['Y', 'N'])),
  ttl: z.optional(z.number().check(z.int(), z.nonnegative())),
  /**
   * A group's record data written short: `a` and `aaaa` the addresses of `rdata.a_rdata` and `rdata.aaaa_rdata`,
   * `cname` the target of `rdata.cname_rdata`; checked as the API checks a group (geo-rdata.ts).
   */
  groups: z
    .array(
      z
        .strictObject({
          name: z.string().check(z.minLength(1)),
          countries: z.array(z.string()),
          a: z.optional(z.array(z.string())),
          aaaa: z.optional(z.array(z.string())),
          cname: z.optional(z.string()),
          /** The group's option maps in their wire form (geo-options.ts), e.g. `weight: { a_weight: [2, 1] }`. */
          weight: z.optional(WireMap),
          serve_count: z.optional(WireMap),
          ttl: z.optional(WireMap),
          label: z.optional(WireMap),
        })
        .check(
          z.superRefine((group, ctx) => {
            const read = readGroupRdata(groupRdata(group));
            if (!read.ok) ctx.addIssue({ code: 'custom', message: read.problem.text });
            else {
              const options = readGroupOptions(group, read.records);
              if (!options.ok) ctx.addIssue({ code: 'custom', message: options.problem.text });
            }
          }),
        ),
    )
    .check(z.minLength(1)),
  nodes: z
    .optional(
      z.array(
        z.strictObject({ zone: z.string().check(z.minLength(1)), fqdn: z.string().check(z.minLength(1)) }),
      ),
    )
    .check(
      z.refine(
        (nodes) => (nodes ?? []).every((n) => isInZone(normaliseName(n.fqdn), normaliseName(n.zone))),
        {
          message: 'every node fqdn must be inside its zone',
        },
      ),
    ),
});

export type SecondarySeedValue = z.output<typeof SecondarySeed>;
export type GeoServiceSeedValue = z.output<typeof GeoServiceSeed>;

/** A seed group's short record data as the API's group `rdata`. */
function groupRdata(g: { a?: string[]; aaaa?: string[]; cname?: string }): Record<string, unknown> {
  return {
    a_rdata: (g.a ?? []).map((address) => ({ address })),
    aaaa_rdata: (g.aaaa ?? []).map((address) => ({ address })),
    cname_rdata: g.cname === undefined ? [] : [{ cname: g.cname }],
  };
}

export function secondaryFromSeed(name: string, seed: SecondarySeedValue): SecondaryState {
  return {
    zone: normaliseName(name),
    masters: [...seed.masters],
    contactNickname: seed.contact_nickname ?? '',
    tsigKeyName: seed.tsig_key_name ?? '',
    active: seed.active ?? 'Y',
    serial: seed.serial ?? 0,
  };
}

export function geoFromSeed(name: string, seed: GeoServiceSeedValue): GeoServiceState {
  return {
    name,
    active: seed.active ?? 'Y',
    ttl: seed.ttl ?? 30,
    groups: seed.groups.map((g) => {
      const records = {
        a: [...(g.a ?? [])],
        aaaa: [...(g.aaaa ?? [])],
        cname: g.cname === undefined ? [] : [g.cname],
      };
      const options = readGroupOptions(g, records);
      if (!options.ok) throw new Error(`geo service ${name} group ${g.name}: ${options.problem.text}`);
      return { name: g.name, countries: [...g.countries], ...records, options: options.value };
    }),
    nodes: (seed.nodes ?? []).map((n) => ({ zone: normaliseName(n.zone), fqdn: normaliseName(n.fqdn) })),
  };
}

export function secondaryToSeed(s: SecondaryState): SecondarySeedValue {
  return {
    masters: [...s.masters],
    contact_nickname: s.contactNickname,
    tsig_key_name: s.tsigKeyName,
    active: s.active,
    serial: s.serial,
  };
}

export function geoToSeed(g: GeoServiceState): GeoServiceSeedValue {
  return {
    active: g.active,
    ttl: g.ttl,
    groups: g.groups.map((group) => ({
      name: group.name,
      countries: [...group.countries],
      ...(group.a.length > 0 ? { a: [...group.a] } : {}),
      ...(group.aaaa.length > 0 ? { aaaa: [...group.aaaa] } : {}),
      ...(group.cname[0] === undefined ? {} : { cname: group.cname[0] }),
      ...setOptionsObject(group.options),
    })),
    nodes: g.nodes.map((n) => ({ ...n })),
  };
}
