import { createHash } from 'node:crypto';
import { compareStrings } from '../../model/compare.js';
import type { LiveDnsState, LiveZone } from '../../model/dns.js';
import { zoneLabelsProblem } from '../../model/dns-names.js';
import type { DnsInventory, DnsInventorySelection, ZoneInventory } from '../../model/inventory.js';
import type { Logger } from '../../model/logger.js';
import { normaliseName } from '../../model/names.js';
import type { LiveRecordSet } from '../../model/record-set.js';
import { SOA } from '../../model/record-types/soa.js';
import { plural, shortened } from '../../model/text.js';
import { readUtf8 } from '../../model/zone-file/utf8-text.js';
import type { ReadFile } from './compile.js';
import { ZonefileReadError } from './errors.js';
import { assertInside, shownPath, type ZoneFileLocation, zoneFilePath, zoneOfFileName } from './location.js';
import type { ParsedZones } from './parsed.js';
import { type Soa, serialStyleOf, soaText } from './soa.js';
import { runStepsAsync } from './steps.js';
import type { StoredFile, ZoneFileStore } from './store.js';
import { readZoneSteps, type ZoneContent } from './zone-content.js';

/** The longest warning line about one set (it may quote a value from the file). */
const SHOWN_NOTE = 300;

/** A zone file as read: where it is, its digest, and what it holds (null: there is no file). */
export interface ReadZone extends ReadFile {
  path: string;
  content: ZoneContent | null;
}

/** How the reads are bounded: the largest file read, and the signal that stops them. */
export interface ReadBounds {
  maxFileBytes: number;
  signal?: AbortSignal;
}

/**
 * The provider's reads: one file per zone (`<directory>/<filename>`), each read whole (up to `maxFileBytes`), its
 * digest kept for the compiler (what the plan read is what the writer must find), the problems of a file an error
 * naming their lines (the first ones, and how many more). Why a set of a managed type is kept as written is logged
 * (a warning), never dropped silently. The text is read in steps (steps.ts), so the signal stops a large file's read.
 * A file whose bytes were parsed already (the same digest: a plan's, or what an apply wrote) is not parsed again
 * (parsed.ts).
 */
export class ZoneFiles {
  private readonly read = new Map<string, ReadFile>();

  constructor(
    readonly location: ZoneFileLocation,
    private readonly store: ZoneFileStore,
    private readonly supported: ReadonlySet<string>,
    private readonly logger: Logger,
    private readonly bounds: ReadBounds,
    private readonly parsed: ParsedZones,
  ) {}

  /** What the last read of `zone` found, for the compiler. */
  readOf(zone: string): ReadFile | undefined {
    return this.read.get(zone);
  }

  /** The zone's file, read and parsed; its digest is remembered for the compiler. */
  async readZone(zone: string): Promise<ReadZone> {
    const path = zoneFilePath(this.location, zone);
    const file = shownPath(this.location, path);
    await assertInside(this.location, path);
    const { maxFileBytes, signal } = this.bounds;
    signal?.throwIfAborted();
    const bytes = readable(file, await this.store.read(path, maxFileBytes, signal));
    if (bytes === null) {
      this.read.set(zone, { file, digest: null });
      return { path, file, digest: null, content: null };
    }
    const digest = digestOf(bytes);
    this.read.set(zone, { file, digest });
    const known = this.parsed.get(path, digest);
    if (known !== undefined) return { path, file, digest, content: known };
    const text = fileText(file, bytes);
    const read = await this.parsed.parsed(file, bytes.length, () =>
      runStepsAsync(readZoneSteps(text, zone, this.supported), signal),
    );
    if (!read.ok) throw new ZonefileReadError(file, read.problems, read.total);
    this.parsed.keep(path, digest, read.content);
    const { notes, notesLeftOut } = read.content;
    for (const { line, col, message } of notes)
      this.logger.warn(`${file}:${line}:${col}: ${shortened(message, SHOWN_NOTE)}`);
    if (notesLeftOut)
      this.logger.warn(`${file}: ${plural(notesLeftOut, 'more set')} kept as written for such reasons`);
    return { path, file, digest, content: read.content };
  }

  async readZones(zones: readonly string[]): Promise<LiveDnsState> {
    const wanted = [...new Set(zones.map(normaliseName))].sort(compareStrings);
    const read: [string, LiveZone | null][] = [];
    for (const zone of wanted) read.push([zone, liveZone((await this.readZone(zone)).content)]);
    return { zones: Object.fromEntries(read) };
  }

  /** Every zone file of the directory the selection names (files the pattern matches, with a zone's name). */
  async readInventory(select: DnsInventorySelection): Promise<DnsInventory> {
    await assertInside(this.location);
    const names = await this.store.list(this.location.directory);
    const zones = names
      .map((name) => zoneOfFileName(this.location, name))
      .filter((zone): zone is string => zone !== undefined && zone === normaliseName(zone))
      .filter((zone) => zoneLabelsProblem(zone) === null && select.zones(zone))
      .sort(compareStrings);
    const inventories: ZoneInventory[] = [];
    for (const zone of zones) {
      const { content } = await this.readZone(zone);
      if (content !== null) inventories.push(inventoryOf(content));
    }
    return { zones: inventories, secondaryZones: [], geoServices: [] };
  }
}

/** The file's bytes or null (no file); a file the store would not read is a problem at its first line. */
export function readable(file: string, stored: StoredFile): Buffer | null {
  if (stored === null || Buffer.isBuffer(stored)) return stored;
  throw new ZonefileReadError(file, [{ line: 1, col: 1, message: `the file ${stored.refused}` }]);
}

export function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The file's bytes as UTF-8 text; octets that are not UTF-8 are a problem where the first of them is. */
export function fileText(file: string, bytes: Uint8Array): string {
  const read = readUtf8(bytes);
  if (read.ok) return read.text;
  const octet = `0x${read.octet.toString(16).toUpperCase().padStart(2, '0')}`;
  const message = `not UTF-8 text: the octet ${octet} here does not start a UTF-8 character (write other octets as \\DDD)`;
  throw new ZonefileReadError(file, [{ line: read.line, col: read.col, message }]);
}

function liveZone(content: ZoneContent | null): LiveZone | null {
  if (content === null) return null;
  const { zone, soa, sets, unsupported, apexNs } = content;
  return {
    zone,
    serial: soa.serial,
    serialStyle: serialStyleOf(soa.serial),
    records: [...sets],
    unsupported: [...unsupported],
    ...(apexNs ? { apexNs } : {}),
    ...soaSetOf(zone, soa),
  };
}

/**
 * The SOA as the model holds it (`LiveZone.soa`: its fields without the serial, the serial as its `ref`); none when
 * its names cannot be read into the model (an escaped label in RNAME), so that a declared `soa` is not planned.
 */
function soaSetOf(zone: string, soa: Soa): { soa?: LiveRecordSet } {
  const value = SOA.parsePresentation(soaText(soa));
  if (!value.ok) return {};
  return {
    soa: {
      fqdn: zone,
      type: 'SOA',
      records: [{ value: value.value, ttl: soa.ttl, ref: String(soa.serial) }],
    },
  };
}

/** The SOA and the apex NS set are the zone's own: named as such (the apex NS set is managed where declared). */
function inventoryOf(content: ZoneContent): ZoneInventory {
  const { zone, sets, unsupported } = content;
  const apexNs = content.kept.some((record) => record.type === 'NS' && normaliseName(record.owner) === zone);
  return {
    zone,
    records: sets,
    unsupported,
    providerOwned: [`${zone} SOA`, ...(apexNs ? [`${zone} NS`] : [])],
  };
}
