/**
 * `/REST/Geo/[<service_name>/]` (help.dyn.com, Create Geo Traffic Manager API). The name is one URL-encoded path
 * segment and is matched exactly (case and spaces kept). Every write takes effect at once, with no zone publish: a
 * geo service is a service linked to nodes, not a record in a zone's changeset, and neither the API contract nor
 * the service's docs describe a publish for it (its endpoints are services, listed apart from zone records). PUT
 * changes only the fields sent: `nodes` alone links nodes without resending groups.
 */
import { compareStrings } from '../../model/compare.js';
import type { AuthedRequest, Ctx, Handler } from './context.js';
import { wantsDetail } from './context.js';
import { badRequest, error, info, notFound, ok } from './envelope.js';
import { parseGroups, parseNodes, parseServiceTtl } from './geo-body.js';
import { groupOptionsObject } from './geo-options.js';
import { groupRdataObject } from './geo-rdata.js';
import type { GeoServiceState } from './service-seed.js';

/**
 * The service object as `GET /Geo/?detail=Y` returns it (a recorded `GET /Geo/`: Netflix/denominator
 * `geoservice.json`), every group's rdata key present.
 */
export function geoObject(s: GeoServiceState): Record<string, unknown> {
  return {
    name: s.name,
    active: s.active,
    ttl: s.ttl,
    nodes: s.nodes.map((n) => ({ fqdn: n.fqdn, zone: n.zone })),
    groups: s.groups.map((g) => ({
      name: g.name,
      countries: [...g.countries],
      rdata: groupRdataObject(g),
      ...groupOptionsObject(g.options),
    })),
  };
}

function nameOf(req: AuthedRequest): string {
  return req.rawSegments[0] ?? '';
}

function requireService(ctx: Ctx, name: string): GeoServiceState {
  const found = ctx.account.geoServices.get(name);
  if (!found)
    throw notFound(
      error('NOT_FOUND', `service: No such geo service ${name}`),
      info('get: Service not found'),
    );
  return found;
}

export const createGeo: Handler<AuthedRequest> = async (req, ctx) => {
  const name = nameOf(req);
  if (name.trim() === '') throw badRequest(error('MISSING_DATA', 'name: required field missing', 'API-A'));
  if (ctx.account.geoServices.has(name)) {
    throw badRequest(
      error('TARGET_EXISTS', 'name: Name already exists'),
      info('create: Service not created'),
    );
  }
  const groups = parseGroups(req.args.groups, 'create');
  const nodes = req.args.nodes === undefined ? [] : parseNodes(req.args.nodes, 'create', ctx.account, name);
  const ttl = parseServiceTtl(req.args.ttl, 'create') ?? 30;
  const service: GeoServiceState = { name, active: 'Y', ttl, groups, nodes };
  ctx.account.geoServices.set(name, service);
  await ctx.persist();
  return ok(geoObject(service), info(`create: Geo service ${name} created`));
};

export const getGeo: Handler<AuthedRequest> = (req, ctx) => {
  const service = requireService(ctx, nameOf(req));
  return ok(geoObject(service), info('get: Found the service'));
};

/**
 * PUT: any of `groups`, `nodes`, `ttl`, `activate`, `deactivate`, `new_name` (the SDK's `Geo` setters and
 * `activate()`/`deactivate()`); every field is checked before anything changes. A `new_name` another service has is
 * refused like a create of that name (inferred: the service's names are unique).
 */
export const updateGeo: Handler<AuthedRequest> = async (req, ctx) => {
  const service = requireService(ctx, nameOf(req));
  const { groups, nodes, activate, deactivate, ttl, new_name: newName } = req.args;
  if ([groups, nodes, activate, deactivate, ttl, newName].every((v) => v === undefined)) {
    throw badRequest(
      error('MISSING_DATA', 'groups: required field missing', 'API-A'),
      info('update: Service not updated'),
    );
  }
  const newGroups = groups === undefined ? service.groups : parseGroups(groups, 'update');
  const newNodes =
    nodes === undefined ? service.nodes : parseNodes(nodes, 'update', ctx.account, service.name);
  const newTtl = parseServiceTtl(ttl, 'update') ?? service.ttl;
  const renamed = newName === undefined ? service.name : checkNewName(ctx, service.name, newName);
  service.groups = newGroups;
  service.nodes = newNodes;
  service.ttl = newTtl;
  if (renamed !== service.name) {
    ctx.account.geoServices.delete(service.name);
    service.name = renamed;
    ctx.account.geoServices.set(renamed, service);
  }
  if (activate !== undefined) service.active = 'Y';
  if (deactivate !== undefined) service.active = 'N';
  await ctx.persist();
  return ok(geoObject(service), info(`update: Geo service ${service.name} updated`));
};

function checkNewName(ctx: Ctx, current: string, raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw badRequest(
      error('INVALID_DATA', 'new_name: Must be a service name', 'API-A'),
      info('update: Service not updated'),
    );
  }
  if (raw !== current && ctx.account.geoServices.has(raw)) {
    throw badRequest(
      error('TARGET_EXISTS', 'name: Name already exists'),
      info('update: Service not updated'),
    );
  }
  return raw;
}

export const deleteGeo: Handler<AuthedRequest> = async (req, ctx) => {
  const service = requireService(ctx, nameOf(req));
  ctx.account.geoServices.delete(service.name);
  await ctx.persist();
  return ok({}, info(`delete: Geo service ${service.name} deleted`));
};

/** `GET /Geo/`: resource paths, or service objects with `detail=Y`; msg as the live service words it. */
export const listGeo: Handler<AuthedRequest> = (req, ctx) => {
  const all = [...ctx.account.geoServices.values()].sort((a, b) => compareStrings(a.name, b.name));
  const data = wantsDetail(req.args)
    ? all.map(geoObject)
    : all.map((s) => `/REST/Geo/${encodeURIComponent(s.name)}/`);
  return ok(data, info(`GET: Found ${all.length} services`));
};
