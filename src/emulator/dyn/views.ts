/**
 * Shapes shared by the handlers: zone and record objects as the service returns them (help.dyn.com zone and record
 * API pages; recorded traffic in nesv/go-dynect fixtures), record resource paths, and the session's view of a zone.
 */
import type { ZoneState } from './account.js';
import type { ViewRecord } from './changeset.js';
import { Changeset } from './changeset.js';
import type { Ctx } from './context.js';
import { badRequest, error, notFound } from './envelope.js';
import type { Session } from './sessions.js';

/** What a request does to a zone's records: reads them, or changes them (a write, a publish, a freeze). */
export type ZoneAccess = 'read' | 'write';

/**
 * The primary zone a request names. A secondary zone exists too (`GET /Zone/<zone>/` shows it, `zone_type:
 * Secondary`), so it is never answered "No such zone": a read of its records finds none (the emulator transfers
 * nothing from its masters), and a change is refused, since its data comes from its masters (inferred: the
 * service's wording is not documented). A frozen zone refuses every change until thawed (help.dyn.com, Update
 * zone API). A name that is neither is 404 `zone: No such zone` (API-B, NOT_FOUND), the service's single-msg answer.
 */
export function requireZone(ctx: Ctx, name: string | undefined, access: ZoneAccess): ZoneState {
  const state = name === undefined ? undefined : ctx.account.zones.get(name);
  if (state) {
    if (access === 'write' && state.frozen)
      throw badRequest(error('ILLEGAL_OPERATION', `zone: ${state.zone} is frozen; thaw it to make changes`));
    return state;
  }
  const secondary = name === undefined ? undefined : ctx.account.secondaries.get(name);
  if (!secondary) throw notFound(error('NOT_FOUND', 'zone: No such zone', 'API-B'));
  if (access === 'write') throw secondaryRefusal(secondary.zone);
  return {
    zone: secondary.zone,
    serialStyle: 'increment',
    serial: secondary.serial,
    ttl: 0,
    rname: '',
    records: new Map(),
    frozen: false,
    notes: [],
  };
}

/** A change to the records of a secondary zone: 400 ILLEGAL_OPERATION (inferred wording). */
export function secondaryRefusal(zone: string): Error {
  return badRequest(
    error('ILLEGAL_OPERATION', `zone: ${zone} is a secondary zone; its data comes from its masters`),
  );
}

/** The zone data object: `{zone_type, serial_style, serial, zone}`. */
export function zoneObject(zone: ZoneState): Record<string, unknown> {
  return { zone_type: 'Primary', serial_style: zone.serialStyle, serial: zone.serial, zone: zone.zone };
}

/** A record object: `fqdn` without trailing dot, `ttl` integer; NS adds `service_class`, SOA `serial_style`. */
export function recordObject(zone: ZoneState, r: ViewRecord): Record<string, unknown> {
  return {
    zone: zone.zone,
    ttl: r.ttl,
    fqdn: r.fqdn,
    record_type: r.type,
    rdata: { ...r.rdata },
    record_id: r.id,
    ...(r.type === 'NS' ? { service_class: r.serviceClass ?? '' } : {}),
    ...(r.type === 'SOA' ? { serial_style: zone.serialStyle } : {}),
  };
}

/** `/REST/<TYPE>Record/<zone>/<fqdn>/<record_id>` — no trailing slash, as the service lists them. */
export function recordUri(zone: string, r: ViewRecord): string {
  return `/REST/${r.type}Record/${zone}/${r.fqdn}/${r.id}`;
}

const EMPTY = new Changeset();

/**
 * Published records of the zone (of its node `fqdn` only, when given) with this session's pending changes on top:
 * what a write is checked against.
 */
export function sessionView(session: Session, zone: ZoneState, fqdn?: string): ViewRecord[] {
  return (session.changesets.get(zone.zone) ?? EMPTY).view(zone, fqdn);
}

/**
 * What a read shows the session: its view without the records it added and has not published. The live service
 * gives an added record no id until publish: `POST` answers `record_id: 0`, and the record's id first appears in
 * the zone tree after the publish (recorded live traffic, nesv/go-dynect `fixtures/convenient_create_mx.yaml`).
 * A record without an id has no resource path, so it cannot be listed as one, read or deleted by id (the vendor's
 * SDK deletes every record of the type at the node when it holds id 0). Its own updates and deletes of published
 * records, which have ids, are shown as the session made them (inferred: the service does not document it).
 */
export function readView(session: Session, zone: ZoneState, fqdn?: string): ViewRecord[] {
  return sessionView(session, zone, fqdn).filter(isReadable);
}

/** A record a read shows: anything but an unpublished add (see readView). */
export function isReadable(record: ViewRecord): boolean {
  return record.key >= 0;
}

/** The session's changeset of the zone, created on first edit. */
export function changesetFor(session: Session, zone: ZoneState): Changeset {
  let cs = session.changesets.get(zone.zone);
  if (!cs) {
    cs = new Changeset();
    session.changesets.set(zone.zone, cs);
  }
  return cs;
}
