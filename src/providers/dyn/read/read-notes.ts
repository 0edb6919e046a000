import type { PublishNotRead, PublishRecord } from '../../../model/audit-note.js';
import * as z from '../../../model/zod.js';
import { RequestAbortedError } from '../../http/errors.js';
import { DynApiError } from '../errors.js';
import type { DynClient } from '../session/client.js';
import { parseWire, WireInt } from '../wire/wire.js';

/**
 * One zone note as `POST /ZoneNoteReport/` lists them (dyninc/dyn-python `Zone.get_notes`; the fields Dyn's example
 * scripts read, dyninc-cs/DNS-Zones_Notes_Report): `timestamp` is UNIX seconds (a string on the live service),
 * `type` says what made the note (`publish`; other kinds are inferred to exist and are skipped).
 */
const ZoneNote = z.lazy(() =>
  z.looseObject({
    note: z.optional(z.nullable(z.string())),
    timestamp: WireInt,
    user_name: z.optional(z.nullable(z.string())),
    serial: z.optional(WireInt),
    type: z.optional(z.string()),
  }),
);
const ZoneNotes = z.lazy(() => z.array(ZoneNote));

/** Notes read to find the last publish: others (inferred) may come first. */
const NOTES_READ = 20;

/**
 * The last publish of a zone from its notes, newest first: one request. Null when the zone has no publish note
 * (or no longer exists: the notes of a deleted zone cannot be read). Best-effort: any other failure (a token that
 * may not read notes, 401/403; a 5xx after retries; an answer of the wrong shape) is returned as `notRead` with its
 * reason instead of thrown, so that the drift it explains is still reported. Only an aborted run throws.
 */
export async function readLastPublish(
  client: DynClient,
  zone: string,
): Promise<PublishRecord | PublishNotRead | null> {
  try {
    return await lastPublishOf(client, zone);
  } catch (error) {
    if (error instanceof RequestAbortedError || !(error instanceof Error)) throw error;
    return { notRead: error.message };
  }
}

async function lastPublishOf(client: DynClient, zone: string): Promise<PublishRecord | null> {
  let data: unknown;
  try {
    data = await client.call(
      'POST',
      '/ZoneNoteReport/',
      { zone, limit: NOTES_READ },
      { retryable: 'idempotent' },
    );
  } catch (error) {
    if (error instanceof DynApiError && error.isNotFound) return null;
    throw error;
  }
  const notes = parseWire(ZoneNotes, data, `POST /ZoneNoteReport/ ${zone}`);
  const last = notes.find((n) => n.type === undefined || n.type === 'publish');
  if (!last) return null;
  return {
    note: last.note ?? '',
    atMs: last.timestamp * 1000,
    user: last.user_name ?? '',
    serial: last.serial ?? 0,
  };
}
