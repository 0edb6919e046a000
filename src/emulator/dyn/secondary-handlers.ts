/**
 * `/REST/Secondary/<zone>/[<fqdn>/]` (help.dyn.com, Create secondary zone API): create, read, update masters and
 * settings, activate/deactivate/retransfer, and list. A secondary zone takes effect when created: its data comes
 * from its masters, not from publishes. The `<fqdn>` form the API contract lists addresses the same zone (any name
 * inside it). Deletion is `DELETE /Zone/<zone>/` (zone-secondary-handlers.ts).
 */
import { compareStrings } from '../../model/compare.js';
import { isIPv4 } from '../../model/ipv4.js';
import { isInZone } from '../../model/names.js';
import type { AuthedRequest, Ctx, Handler } from './context.js';
import { wantsDetail } from './context.js';
import { ApiError, badRequest, error, info, notFound, ok, requireFields } from './envelope.js';
import type { SecondaryState } from './service-seed.js';
import { isZoneName } from './zone-names.js';

/** The secondary zone information object (help.dyn.com, Get secondary zones API). */
export function secondaryObject(s: SecondaryState): Record<string, unknown> {
  return {
    zone: s.zone,
    masters: [...s.masters],
    contact_nickname: s.contactNickname,
    tsig_key_name: s.tsigKeyName,
    active: s.active,
  };
}

/** The zone data object of a secondary zone, as the API contract returns on creation and the zone list shows. */
export function secondaryZoneObject(s: SecondaryState): Record<string, unknown> {
  return { zone_type: 'Secondary', serial_style: 'increment', serial: s.serial, zone: s.zone };
}

/** The zone of `/Secondary/<zone>/[<fqdn>/]`; a trailing name outside the zone is not found. */
function zoneOf(req: AuthedRequest): string {
  const zone = req.segments[0] ?? '';
  const fqdn = req.segments[1];
  if (fqdn !== undefined && !isInZone(fqdn, zone)) {
    throw notFound(error('NOT_FOUND', 'node: Not in zone'), info('get: Host not found in this zone'));
  }
  return zone;
}

function requireSecondary(ctx: Ctx, zone: string): SecondaryState {
  const found = ctx.account.secondaries.get(zone);
  if (!found) throw notFound(error('NOT_FOUND', 'zone: No such zone', 'API-B'));
  return found;
}

/** `masters`: a non-empty list of IPv4 addresses; `master: IP address expected` otherwise (DES tests). */
function parseMasters(raw: unknown, summary: string): string[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new ApiError(400, [error('MISSING_DATA', 'masters: required field missing', 'API-A')], null);
  }
  if (!raw.every((m) => typeof m === 'string' && isIPv4(m))) {
    throw badRequest(error('INVALID_DATA', 'master: IP address expected', 'DYN'), info(summary));
  }
  return [...new Set(raw as string[])];
}

function optionalText(raw: unknown, field: string, summary: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string')
    throw badRequest(error('INVALID_DATA', `${field}: Must be a string`, 'DYN'), info(summary));
  return raw;
}

export const createSecondary: Handler<AuthedRequest> = async (req, ctx) => {
  const zone = zoneOf(req);
  requireFields(req.args, ['masters']);
  const summary = 'create: Zone not created';
  if (!isZoneName(zone))
    throw badRequest(error('INVALID_DATA', 'zone: Not a valid zone name', 'DYN'), info(summary));
  const masters = parseMasters(req.args.masters, summary);
  const contactNickname = optionalText(req.args.contact_nickname, 'contact_nickname', summary) ?? '';
  const tsigKeyName = optionalText(req.args.tsig_key_name, 'tsig_key_name', summary) ?? '';
  if (ctx.account.zones.has(zone) || ctx.account.secondaries.has(zone)) {
    throw badRequest(
      error('TARGET_EXISTS', 'name: Name already exists'),
      info('create: You already have this zone.'),
    );
  }
  const state: SecondaryState = { zone, masters, contactNickname, tsigKeyName, active: 'Y', serial: 0 };
  ctx.account.secondaries.set(zone, state);
  await ctx.persist();
  return ok(secondaryZoneObject(state), info(`create: New secondary zone ${zone} created`));
};

export const getSecondary: Handler<AuthedRequest> = (req, ctx) => {
  const state = requireSecondary(ctx, zoneOf(req));
  return ok(secondaryObject(state), info(`get: Found secondary zone ${state.zone}`));
};

/**
 * PUT: `{"activate":true}`, `{"deactivate":true}` or `{"retransfer":true}`; otherwise an update of any of
 * `masters`, `contact_nickname`, `tsig_key_name` (fields not sent keep their value).
 */
export const updateSecondary: Handler<AuthedRequest> = async (req, ctx) => {
  const state = requireSecondary(ctx, zoneOf(req));
  const summary = 'update: Zone not updated';
  let message: string;
  if (req.args.activate !== undefined) {
    state.active = 'Y';
    message = 'activate: Service activated';
  } else if (req.args.deactivate !== undefined) {
    state.active = 'N';
    message = 'deactivate: Service deactivated';
  } else if (req.args.retransfer !== undefined) {
    message = 'retransfer: Zone transfer requested';
  } else {
    const fields = ['masters', 'contact_nickname', 'tsig_key_name'];
    if (!fields.some((f) => req.args[f] !== undefined)) {
      throw new ApiError(400, [error('MISSING_DATA', 'masters: required field missing', 'API-A')], null);
    }
    const masters = req.args.masters === undefined ? state.masters : parseMasters(req.args.masters, summary);
    const contact = optionalText(req.args.contact_nickname, 'contact_nickname', summary);
    const tsig = optionalText(req.args.tsig_key_name, 'tsig_key_name', summary);
    state.masters = masters;
    state.contactNickname = contact ?? state.contactNickname;
    state.tsigKeyName = tsig ?? state.tsigKeyName;
    message = `update: Secondary zone ${state.zone} updated`;
  }
  await ctx.persist();
  return ok(
    { ...secondaryObject(state), task_id: ctx.tasks.ended('UpdateSecondary', state.zone) },
    info(message),
  );
};

export const listSecondaries: Handler<AuthedRequest> = (req, ctx) => {
  const all = [...ctx.account.secondaries.values()].sort((a, b) => compareStrings(a.zone, b.zone));
  const data = wantsDetail(req.args)
    ? all.map(secondaryObject)
    : all.map((s) => `/REST/Secondary/${s.zone}/`);
  return ok(data, info(`get: Found ${all.length} secondary zones`));
};
