/**
 * The `/REST/Zone/` routes over primary AND secondary zones: a secondary zone is listed and read with `zone_type:
 * Secondary`, and deleted with `DELETE /Zone/<zone>/` (the API contract's endpoints; also `/Zone/<zone>/<fqdn>/`).
 * A name is either a primary or a secondary zone, so creating a primary zone under a secondary zone's name is
 * refused like a duplicate. Everything about primary zones stays in zone-handlers.ts.
 */

import { compareStrings } from '../../model/compare.js';
import { isInZone } from '../../model/names.js';
import type { AuthedRequest, Handler } from './context.js';
import { wantsDetail } from './context.js';
import { badRequest, error, info, notFound, ok } from './envelope.js';
import { secondaryZoneObject } from './secondary-handlers.js';
import { zoneObject } from './views.js';
import * as zones from './zone-handlers.js';

export const listZones: Handler<AuthedRequest> = async (req, ctx) => {
  const primary = await zones.listZones(req, ctx);
  const secondaries = [...ctx.account.secondaries.values()];
  if (secondaries.length === 0) return primary;
  const detail = wantsDetail(req.args);
  const entries = [
    ...(primary.data as unknown[]).map((item) => ({ zone: zoneName(item), item })),
    ...secondaries.map((s) => ({
      zone: s.zone,
      item: detail ? secondaryZoneObject(s) : `/REST/Zone/${s.zone}/`,
    })),
  ].sort((a, b) => compareStrings(a.zone, b.zone));
  return ok(
    entries.map((e) => e.item),
    info(`get: Your ${entries.length} ${entries.length === 1 ? 'zone' : 'zones'}`),
  );
};

export const getZone: Handler<AuthedRequest> = (req, ctx) => {
  const secondary = ctx.account.secondaries.get(req.segments[0] ?? '');
  if (!secondary) return zones.getZone(req, ctx);
  return ok(secondaryZoneObject(secondary), info(`get: Your zone, ${secondary.zone}`));
};

export const createZone: Handler<AuthedRequest> = (req, ctx) => {
  if (ctx.account.secondaries.has(req.segments[0] ?? '')) {
    throw badRequest(
      error('TARGET_EXISTS', 'name: Name already exists'),
      info('create: You already have this zone.'),
    );
  }
  return zones.createZone(req, ctx);
};

/**
 * Deletes a secondary zone at once (`<fqdn>` form: any name inside it); a bare other name goes to the primary zone
 * delete.
 */
export const deleteZone: Handler<AuthedRequest> = async (req, ctx) => {
  const secondary = ctx.account.secondaries.get(req.segments[0] ?? '');
  const fqdn = req.segments[1];
  if (secondary && (fqdn === undefined || isInZone(fqdn, secondary.zone))) {
    ctx.account.secondaries.delete(secondary.zone);
    await ctx.persist();
    return ok(secondaryZoneObject(secondary), info('remove: Zone removed'));
  }
  if (fqdn === undefined) return zones.deleteZone(req, ctx);
  throw notFound(error('NOT_FOUND', 'zone: No such zone'), info('remove: No such zone in your account'));
};

/**
 * `GET /Apex/<node>/`: the zone that holds a node, primary or secondary, as its zone object; of nested zones the
 * deepest (dyninc/dyn-python `get_apex` reads `data.zone`, and with `full_details` the whole object). A name in
 * none of the account's zones is 404 (inferred wording).
 */
export const getApex: Handler<AuthedRequest> = (req, ctx) => {
  const node = req.segments[0] ?? '';
  const holders = [...ctx.account.zones.keys(), ...ctx.account.secondaries.keys()]
    .filter((zone) => isInZone(node, zone))
    .sort((a, b) => b.length - a.length);
  const primary = ctx.account.zones.get(holders[0] ?? '');
  const secondary = ctx.account.secondaries.get(holders[0] ?? '');
  const data = primary ? zoneObject(primary) : secondary ? secondaryZoneObject(secondary) : undefined;
  if (!data) throw notFound(error('NOT_FOUND', `node: ${node} is in none of your zones`));
  return ok(data, info(`get: ${node} is in zone ${String(data.zone)}`));
};

function zoneName(item: unknown): string {
  if (typeof item === 'string') return /\/Zone\/([^/]+)\//.exec(item)?.[1] ?? item;
  return String((item as { zone?: unknown }).zone ?? '');
}
