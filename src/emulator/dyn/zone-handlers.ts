/**
 * `/REST/Zone/`: list, get, create and delete (help.dyn.com, Managing zones via the API); PUT (publish, freeze,
 * thaw) is zone-update.ts.
 *
 * Creation is immediate: the zone, its SOA and its four `Primary` NS records are published at once with serial 0
 * and visible to every session; records added afterwards stay pending until publish. Deletion is immediate too
 * and drops every session's pending changes of the zone and every geo service's links to its nodes.
 */
import { compareStrings } from '../../model/compare.js';
import type { SerialStyle } from '../../model/dns.js';
import type { AuthedRequest, Handler } from './context.js';
import { wantsDetail } from './context.js';
import { badRequest, error, info, notFound, ok, requireFields } from './envelope.js';
import { unlinkGoneNodes } from './geo-body.js';
import { parseTtl } from './rdata.js';
import { requireZone, zoneObject } from './views.js';
import { isZoneName } from './zone-names.js';

const SERIAL_STYLES: readonly SerialStyle[] = ['increment', 'epoch', 'day', 'minute'];
/** Name servers clients are told to allow notifies from; documentation addresses, not the service's. */
const NOTIFY_SOURCES = '192.0.2.53, 198.51.100.53, 203.0.113.53';

export const listZones: Handler<AuthedRequest> = (req, ctx) => {
  const zones = [...ctx.account.zones.values()].sort((a, b) => compareStrings(a.zone, b.zone));
  const data = wantsDetail(req.args) ? zones.map(zoneObject) : zones.map((z) => `/REST/Zone/${z.zone}/`);
  const noun = zones.length === 1 ? 'zone' : 'zones';
  return ok(data, info(`get: Your ${zones.length} ${noun}`));
};

export const getZone: Handler<AuthedRequest> = (req, ctx) => {
  const zone = requireZone(ctx, req.segments[0], 'read');
  return ok(zoneObject(zone), info(`get: Your zone, ${zone.zone}`));
};

/** POST: `rname` and `ttl` required, `serial_style` optional (increment); an existing zone → TARGET_EXISTS. */
export const createZone: Handler<AuthedRequest> = async (req, ctx) => {
  const name = req.segments[0] ?? '';
  requireFields(req.args, ['rname', 'ttl']);
  const notCreated = info('create: Zone not created');
  if (!isZoneName(name))
    throw badRequest(error('INVALID_DATA', 'zone: Not a valid zone name', 'DYN'), notCreated);
  const ttl = parseTtl(req.args.ttl);
  if (ttl === undefined) throw badRequest(error('INVALID_DATA', 'ttl: Not a valid TTL', 'DYN'), notCreated);
  const style = req.args.serial_style ?? 'increment';
  if (!SERIAL_STYLES.includes(style as SerialStyle)) {
    throw badRequest(error('INVALID_DATA', 'serial_style: Not a valid serial style', 'DYN'), notCreated);
  }
  if (ctx.account.zones.has(name)) {
    throw badRequest(
      error('TARGET_EXISTS', 'name: Name already exists'),
      info('create: You already have this zone.'),
    );
  }
  const zone = ctx.account.createZone(name, {
    rname: String(req.args.rname),
    ttl,
    serialStyle: style as SerialStyle,
  });
  await ctx.persist();
  return ok(
    zoneObject(zone),
    info(`create: New zone ${name} created.  Publish it to put it on our server.`),
    info(
      `setup: If you plan to provide your own secondary DNS for the zone, allow notify requests from these IP addresses on your nameserver: ${NOTIFY_SOURCES}`,
    ),
  );
};

export const deleteZone: Handler<AuthedRequest> = async (req, ctx) => {
  const zone = ctx.account.zones.get(req.segments[0] ?? '');
  if (!zone) {
    throw notFound(error('NOT_FOUND', 'zone: No such zone'), info('remove: No such zone in your account'));
  }
  ctx.account.zones.delete(zone.zone);
  unlinkGoneNodes(ctx.account, (node) => node.zone === zone.zone);
  ctx.sessions.discardZone(zone.zone);
  await ctx.persist();
  return ok(zoneObject(zone), info('remove: Zone removed'));
};
