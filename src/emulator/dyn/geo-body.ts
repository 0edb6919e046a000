/**
 * Validation of geo service writes (help.dyn.com, Create Geo Traffic Manager API): groups with unique names, valid
 * country codes (each in at most one group), valid record data (geo-rdata.ts) and its options (geo-options.ts); nodes in existing primary zones,
 * inside their zone, without A, AAAA, CNAME or ALIAS records of their own (node-rules.ts), and not linked to
 * another service. Every failure is a 400/404 envelope whose last msg says the write did not happen (`create:
 * Service not created`). Texts the docs do not give are our own (inferred).
 */
import { isGeoCountryCode } from '../../model/country-codes.js';
import { isInZone, normaliseName } from '../../model/names.js';
import type { Account } from './account.js';
import { ApiError, type ErrCode, error, info, type MsgSource } from './envelope.js';
import { readGroupOptions } from './geo-options.js';
import { readGroupRdata } from './geo-rdata.js';
import { GEO_SERVED_TYPES } from './node-rules.js';
import { parseTtl } from './rdata.js';
import type { GeoGroupState, GeoServiceState } from './service-seed.js';

export type GeoVerb = 'create' | 'update';

function fail(verb: GeoVerb, code: ErrCode, text: string, source: MsgSource = 'BLL', status = 400): ApiError {
  return new ApiError(status, [error(code, text, source), info(`${verb}: Service not ${verb}d`)]);
}

const asObject = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** `groups`: at least one (a create needs one; an update that sends groups replaces them all). */
export function parseGroups(raw: unknown, verb: GeoVerb): GeoGroupState[] {
  if (raw === undefined || raw === null) {
    throw new ApiError(400, [error('MISSING_DATA', 'groups: required field missing', 'API-A')], null);
  }
  if (!Array.isArray(raw) || raw.length === 0)
    throw fail(verb, 'INVALID_DATA', 'groups: At least one group is required');
  const names = new Set<string>();
  const countries = new Map<string, string>();
  return raw.map((item) => {
    const group = asObject(item);
    const name = group?.name;
    if (typeof name !== 'string' || name === '')
      throw fail(verb, 'MISSING_DATA', 'name: required field missing', 'API-A');
    if (names.has(name))
      throw fail(verb, 'TARGET_EXISTS', `group: A group named ${name} already exists in this service`);
    names.add(name);
    const codes = group?.countries;
    if (!Array.isArray(codes) || codes.length === 0)
      throw fail(verb, 'MISSING_DATA', 'countries: required field missing', 'API-A');
    for (const code of codes) {
      if (typeof code !== 'string' || !isGeoCountryCode(code)) {
        throw fail(
          verb,
          'INVALID_DATA',
          `countries: ${String(code)} is not a valid country or region code`,
          'DYN',
        );
      }
      const other = countries.get(code);
      if (other !== undefined)
        throw fail(verb, 'INVALID_DATA', `countries: ${code} is already in group ${other}`, 'DYN');
      countries.set(code, name);
    }
    const read = readGroupRdata(group?.rdata);
    if (!read.ok) throw fail(verb, read.problem.code, read.problem.text, read.problem.source);
    const options = readGroupOptions(group ?? {}, read.records);
    if (!options.ok) throw fail(verb, options.problem.code, options.problem.text, options.problem.source);
    return { name, countries: [...codes] as string[], ...read.records, options: options.value };
  });
}

/** `nodes`: `[{zone, fqdn}]`, each usable by the service `name` (see the file comment). */
export function parseNodes(
  raw: unknown,
  verb: GeoVerb,
  account: Account,
  name: string,
): GeoServiceState['nodes'] {
  if (!Array.isArray(raw)) throw fail(verb, 'INVALID_DATA', 'nodes: Must be a list of {zone, fqdn}');
  const seen = new Set<string>();
  return raw.flatMap((item) => {
    const node = asObject(item);
    if (typeof node?.zone !== 'string' || typeof node.fqdn !== 'string') {
      throw fail(verb, 'MISSING_DATA', 'node: zone and fqdn are required', 'API-A');
    }
    const zone = normaliseName(node.zone);
    const fqdn = normaliseName(node.fqdn);
    const state = account.zones.get(zone);
    if (!state) throw fail(verb, 'NOT_FOUND', 'zone: No such zone', 'API-B', 404);
    if (!isInZone(fqdn, zone)) throw fail(verb, 'INVALID_DATA', `node: ${fqdn} is not in zone ${zone}`);
    const own = [...state.records.values()].find((r) => r.fqdn === fqdn && GEO_SERVED_TYPES.has(r.type));
    if (own) {
      throw fail(
        verb,
        'ILLEGAL_OPERATION',
        `node: ${fqdn} has ${own.type} records; a node served by a geo service has none of its own`,
      );
    }
    const owner = geoServiceAt(account, zone, fqdn);
    if (owner && owner.name !== name) {
      throw fail(verb, 'TARGET_EXISTS', `node: ${fqdn} is already linked to geo service ${owner.name}`);
    }
    if (seen.has(`${zone} ${fqdn}`)) return [];
    seen.add(`${zone} ${fqdn}`);
    return [{ zone, fqdn }];
  });
}

/** The service's own `ttl` (the SDK's `Geo._post` sends an int); `undefined` when the body has none. */
export function parseServiceTtl(raw: unknown, verb: GeoVerb): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const ttl = parseTtl(raw);
  if (ttl === undefined) throw fail(verb, 'INVALID_DATA', 'ttl: Must be a TTL in seconds', 'DYN');
  return ttl;
}

/** The service linked to a node, if any. */
export function geoServiceAt(account: Account, zone: string, fqdn: string): GeoServiceState | undefined {
  return [...account.geoServices.values()].find((s) =>
    s.nodes.some((n) => n.zone === zone && n.fqdn === fqdn),
  );
}

/**
 * Drops every link of a node that `gone` says no longer exists: its zone was deleted, or a published node delete
 * removed it. A service answers for nodes; one that lost its node still exists, linked to the others (inferred).
 */
export function unlinkGoneNodes(
  account: Account,
  gone: (node: { zone: string; fqdn: string }) => boolean,
): void {
  for (const service of account.geoServices.values()) service.nodes = service.nodes.filter((n) => !gone(n));
}

/** Node name → the name of the geo service linked to it, for every linked node of `zone`. */
export function geoLinksOf(account: Account, zone: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const s of account.geoServices.values())
    for (const n of s.nodes) if (n.zone === zone) links.set(n.fqdn, s.name);
  return links;
}

/** Names of geo-linked nodes of `zone` at or below `base`: they exist as nodes without records (NodeList). */
export function geoNodesBelow(account: Account, zone: string, base: string): string[] {
  return [...account.geoServices.values()].flatMap((s) =>
    s.nodes.filter((n) => n.zone === zone && isInZone(n.fqdn, base)).map((n) => n.fqdn),
  );
}
