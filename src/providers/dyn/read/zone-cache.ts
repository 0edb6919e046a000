import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveZone } from '../../../model/dns.js';
import * as z from '../../../model/zod.js';
import { isCanonicalValue } from '../../canonical-value.js';
import { DYN_CAPABILITIES } from '../capabilities.js';

/**
 * Cached zone reads for `--cache DIR`. Contract: `get` returns the last LiveZone `set` for the
 * zone, or undefined when there is none it can vouch for; it never throws. The caller (readZones) serves an entry
 * only when its serial equals the zone's live serial from the same read, since every change to a zone's live
 * records is a publish and every publish changes the serial.
 */
export interface ZoneCache {
  get(zone: string): LiveZone | undefined;
  set(zone: string, live: LiveZone): void;
}

/** The account a cache entry belongs to: an entry of another account is never used. */
export interface ZoneCacheAccount {
  url: string;
  customerName: string;
}

/**
 * Bumped whenever the entry or LiveZone shape changes; entries of another version are ignored. Version 1 held A
 * records by node; version 2 holds record sets of every supported type and the names of the unsupported ones;
 * version 3 holds the unsupported records too (`foreign`), so that a cached read lists them like a fresh one.
 */
const FORMAT_VERSION = 3;

const Entry = z.lazy(() =>
  z.object({
    version: z.literal(FORMAT_VERSION),
    account: z.object({ url: z.string(), customerName: z.string() }),
    /**
     * The record types the provider supported when the entry was written. Which records a read puts in `records` and
     * which in `unsupported` depends on them, so an entry written by an edgeplan that supported other types is not
     * used: a newly supported type would look absent live.
     */
    recordTypes: z.array(z.string()),
    live: z.object({
      zone: z.string(),
      serial: z.number().check(z.int(), z.nonnegative()),
      serialStyle: z.enum(['increment', 'epoch', 'day', 'minute']),
      records: z.array(
        z.object({
          fqdn: z.string(),
          type: z.string(),
          records: z.array(
            z.object({
              value: z.string(),
              ttl: z.number().check(z.int(), z.nonnegative()),
              ref: z.optional(z.string()),
            }),
          ),
        }),
      ),
      unsupported: z.array(z.string()),
      foreign: z.optional(
        z.array(
          z.object({
            fqdn: z.string(),
            type: z.string(),
            ttl: z.number().check(z.int(), z.nonnegative()),
            rdata: z.string(),
          }),
        ),
      ),
    }),
  }),
);
type Entry = z.infer<typeof Entry>;

/**
 * One JSON file per zone in a directory per account under `dir` (`accountDirName`, created on first write), so two
 * accounts that have a zone of the same name keep an entry each. Each file is written atomically (temp file +
 * rename) so a concurrent or interrupted run never leaves a half-written entry. An entry that is unreadable,
 * corrupt, of another format version, another account or another zone counts as absent; the zone is then read
 * again and overwritten.
 */
export function createFileZoneCache(dir: string, account: ZoneCacheAccount): ZoneCache {
  const accountDir = join(dir, accountDirName(account));
  const pathOf = (zone: string) => join(accountDir, zoneFileName(zone));
  return {
    get(zone) {
      let text: string;
      try {
        text = readFileSync(pathOf(zone), 'utf8');
      } catch {
        return undefined;
      }
      let parsed: ReturnType<typeof Entry.safeParse>;
      try {
        parsed = Entry.safeParse(JSON.parse(text));
      } catch {
        return undefined;
      }
      if (!parsed.success) return undefined;
      const entry = parsed.data;
      const sameAccount =
        entry.account.url === account.url && entry.account.customerName === account.customerName;
      return sameAccount && entry.live.zone === zone && usable(entry) ? entry.live : undefined;
    },
    set(zone, live) {
      mkdirSync(accountDir, { recursive: true });
      const path = pathOf(zone);
      const temp = `${path}.${randomUUID()}.tmp`;
      const entry: Entry = {
        version: FORMAT_VERSION,
        account,
        recordTypes: [...DYN_CAPABILITIES.recordTypes],
        live,
      };
      try {
        writeFileSync(temp, `${JSON.stringify(entry)}\n`);
        renameSync(temp, path);
      } catch (error) {
        rmSync(temp, { force: true });
        throw error;
      }
    },
  };
}

/**
 * Written with the record types supported now, and every value still canonical for its type: a type whose canonical
 * form changed since (a new edgeplan normalising a value differently) would otherwise never compare equal.
 */
function usable(entry: Entry): boolean {
  const types = DYN_CAPABILITIES.recordTypes;
  if (entry.recordTypes.length !== types.length || entry.recordTypes.some((t, i) => t !== types[i]))
    return false;
  return entry.live.records.every((set) =>
    set.records.every(({ value }) => isCanonicalValue(set.type, value)),
  );
}

/**
 * `account-<16 hex>`: the start of the SHA-256 of the account's URL and customer name. Names nothing a reader of the
 * directory could not learn elsewhere, and keeps odd characters of either out of the path.
 */
export function accountDirName(account: ZoneCacheAccount): string {
  const digest = createHash('sha256').update(`${account.url}\n${account.customerName}`).digest('hex');
  return `account-${digest.slice(0, 16)}`;
}

/**
 * `zone-<name>.json`, every character outside `[a-z0-9_-]` and `.` percent-encoded: no separators, no `..` on
 * its own, and distinct zones never share a file (also on case-insensitive file systems, names being lower case).
 */
export function zoneFileName(zone: string): string {
  const safe = [...new TextEncoder().encode(zone)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[a-z0-9_.-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `zone-${safe}.json`;
}
