/**
 * A zone's notes as the emulator keeps and seeds them (zone-notes.ts serves them): one per publish, newest first.
 */
import * as z from '../../model/zod.js';

export interface ZoneNote {
  type: 'publish';
  note: string;
  /** UNIX seconds. */
  timestamp: number;
  user: string;
  serial: number;
}

/** Notes a zone keeps (the report's largest page); older ones are dropped. */
export const MAX_ZONE_NOTES = 1000;

export const ZoneNoteSeed = z.strictObject({
  note: z.string(),
  timestamp: z.number().check(z.int(), z.nonnegative()),
  user_name: z.optional(z.string()),
  serial: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type ZoneNoteSeedValue = z.output<typeof ZoneNoteSeed>;

export function zoneNoteFromSeed(seed: ZoneNoteSeedValue, zoneSerial: number): ZoneNote {
  return {
    type: 'publish',
    note: seed.note,
    timestamp: seed.timestamp,
    user: seed.user_name ?? '',
    serial: seed.serial ?? zoneSerial,
  };
}

export function zoneNoteToSeed(note: ZoneNote): ZoneNoteSeedValue {
  return { note: note.note, timestamp: note.timestamp, user_name: note.user, serial: note.serial };
}
