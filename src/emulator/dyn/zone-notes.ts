/**
 * Zone notes: every publish adds one, with the `notes` text sent on the publish (help.dyn.com, Publish zone API:
 * "The notes will be added to the zone notes"), and `POST /ZoneNoteReport/` `{zone, offset?, limit?}` lists them,
 * newest first (dyninc/dyn-python `Zone.get_notes`; `offset` counts the most recent notes to skip, `limit` is at most
 * 1000). A note as the report gives it: `zone`, `serial`, `type` (`publish`), `note`, `timestamp` (UNIX seconds, as a
 * string) and `user_name`, the fields Dyn's published example scripts read (dyninc-cs/DNS-Zones_Notes_Report);
 * `serial` is the zone's serial after the publish (inferred).
 */
import { normaliseName } from '../../model/names.js';
import type { ZoneState } from './account.js';
import type { AuthedRequest, Handler } from './context.js';
import { badRequest, error, info, notFound, ok, requireFields } from './envelope.js';
import { MAX_ZONE_NOTES } from './zone-note-state.js';

/** Records the note of a publish that just happened (the zone's serial is the new one). */
export function addPublishNote(zone: ZoneState, text: string, user: string, nowMs: number): void {
  zone.notes.unshift({
    type: 'publish',
    note: text,
    timestamp: Math.floor(nowMs / 1000),
    user,
    serial: zone.serial,
  });
  zone.notes.length = Math.min(zone.notes.length, MAX_ZONE_NOTES);
}

/** `notes` of a publish: a string, or absent (an empty note). */
export function publishNoteText(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string')
    throw badRequest(
      error('INVALID_DATA', 'notes: Must be a string', 'DYN'),
      info('publish: Zone not published'),
    );
  return raw;
}

export const zoneNoteReport: Handler<AuthedRequest> = (req, ctx) => {
  requireFields(req.args, ['zone']);
  const name = normaliseName(String(req.args.zone));
  const zone = ctx.account.zones.get(name);
  if (!zone) throw notFound(error('NOT_FOUND', 'zone: No such zone', 'API-B'));
  const offset = count(req.args.offset, 'offset', 0, 0);
  const limit = count(req.args.limit, 'limit', MAX_ZONE_NOTES, 1);
  const data = zone.notes.slice(offset, offset + limit).map((note) => ({
    zone: zone.zone,
    serial: note.serial,
    type: note.type,
    note: note.note,
    timestamp: String(note.timestamp),
    user_name: note.user,
  }));
  return ok(data, info(`report: Found ${data.length} notes`));
};

/** An integer (or string of digits) from `min` to MAX_ZONE_NOTES; `fallback` when absent. */
function count(raw: unknown, field: string, fallback: number, min: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof n === 'number' && Number.isInteger(n) && n >= min && n <= MAX_ZONE_NOTES) return n;
  throw badRequest(
    error('INVALID_DATA', `${field}: Must be an integer from ${min} to ${MAX_ZONE_NOTES}`, 'DYN'),
  );
}
