import { compareStrings } from '../../model/compare.js';
import { pushAll } from '../../model/diagnostic.js';
import { lengthProblem, recordLabelsProblem } from '../../model/dns-names.js';
import { isInZone } from '../../model/names.js';
import { compareRecordSets, type LiveRecordSet, recordSetKey } from '../../model/record-set.js';
import { isGenericType } from '../../model/record-types/generic.js';
import { recordType, sortValues } from '../../model/record-types/registry.js';
import { printable } from '../../model/text.js';
import { modelName } from './names.js';
import { type FileProblem, KEPT_PROBLEMS, ProblemList } from './problems.js';
import {
  genericOctets,
  genericPresentation,
  isGeneric,
  presentationFields,
  presentationText,
} from './rdata-text.js';
import { type FileRecord, type PlacedRecord, readEntrySteps } from './read-entries.js';
import { parseSoa, type Soa } from './soa.js';
import { runSteps, type Steps } from './steps.js';

/**
 * A zone file as the provider holds it: the SOA, the record sets edgeplan manages in the model, and every other
 * record kept exactly as written. A record set is managed whole or not at all: it is managed when its type is one
 * the provider supports, its name one the model can hold, and every one of its values reads as its type; any
 * other set is kept as written and named (`unsupported`), with the reason in `notes` when its type is managed
 * elsewhere. The apex NS set is the zone's own, kept as written like the SOA, and read (`apexNs`) for a plan whose
 * desired state declares it.
 */
export interface ZoneContent {
  /** Normalised (lower case, no trailing dot). */
  zone: string;
  soa: Soa;
  /** Sorted by name, then type. */
  sets: LiveRecordSet[];
  /** Records kept as written, in file order: the apex NS set and every set that is not managed. */
  kept: FileRecord[];
  /** The apex NS set as the model reads it (`LiveZone.apexNs`); absent when the file has none it can read. */
  apexNs?: LiveRecordSet;
  /** `<fqdn> <TYPE>` of the kept sets but the apex NS, sorted (`LiveZone.unsupported`). */
  unsupported: string[];
  /**
   * Why a set of a type edgeplan manages is kept as written, each at its first record's line and column: the first
   * KEPT_PROBLEMS of them.
   */
  notes: FileProblem[];
  /** How many more sets were kept for such a reason than `notes` says (0 when none). */
  notesLeftOut?: number;
}

/**
 * A file that cannot be read into a zone: its first problems by line (problems.ts), and how many it has in all.
 */
export type ZoneRead =
  | { ok: true; content: ZoneContent }
  | { ok: false; problems: FileProblem[]; total: number };

/** Sets read between two pauses (steps.ts). */
const SETS_PER_STEP = 200;

/** Reads a zone file's text for `zone` at once; `supported`: the record types the provider manages. */
export function readZoneContent(text: string, zone: string, supported: ReadonlySet<string>): ZoneRead {
  return runSteps(readZoneSteps(text, zone, supported));
}

/** `readZoneContent` in steps (steps.ts): the provider's reads run them in turns, so that a signal stops them. */
export function* readZoneSteps(text: string, zone: string, supported: ReadonlySet<string>): Steps<ZoneRead> {
  const problems = new ProblemList();
  const records = yield* readEntrySteps(text, `${zone}.`, problems);
  const inZone = records.filter((record) => {
    const inside = isInZone(modelName(record.owner), zone);
    if (!inside) problems.add(record.line, record.col, `${printable(record.owner)} is not in zone ${zone}`);
    return inside;
  });
  const soas = inZone.filter((record) => record.type === 'SOA');
  const apexSoa = soas.find((record) => modelName(record.owner) === zone);
  // A copy of the apex SOA (zone transfers end with one, and files saved from them keep it) is the same record.
  const repeated = (one: FileRecord) =>
    apexSoa !== undefined && modelName(one.owner) === zone && one.rdata.join(' ') === apexSoa.rdata.join(' ');
  for (const record of soas.filter((one) => one !== apexSoa && !repeated(one)))
    problems.add(
      record.line,
      record.col,
      `a second SOA, or an SOA below the apex (${printable(record.owner)})`,
    );
  if (!apexSoa) problems.add(1, 1, `zone ${zone} has no SOA record at its apex`);
  const soa = apexSoa && parseSoa(presentationFields('SOA', apexSoa.rdata, apexSoa.origin), apexSoa.ttl);
  for (const record of inZone) {
    const octets = isGeneric(record.rdata) ? genericOctets(record.rdata) : null;
    if (typeof octets === 'string') problems.add(record.line, record.col, octets);
  }
  if (typeof soa === 'string') problems.add(apexSoa?.line ?? 1, apexSoa?.col ?? 1, soa);
  if (problems.total > 0 || soa === undefined || typeof soa === 'string')
    return { ok: false, problems: problems.list(), total: problems.total };
  const grouped = groupSets(inZone.filter((record) => record.type !== 'SOA'));
  const content: ZoneContent = { zone, soa, sets: [], kept: [], unsupported: [], notes: [] };
  let notes = 0;
  let sets = 0;
  for (const [key, group] of grouped) {
    // Stryker disable next-line UpdateOperator: counting down, -500 % 500 is -0, which equals 0: the same steps.
    if (++sets % SETS_PER_STEP === 0) yield;
    const fqdn = modelName(group[0]?.owner ?? '');
    const type = group[0]?.type ?? '';
    if (type === 'NS' && fqdn === zone) {
      pushAll(content.kept, group);
      const apex = readSet(group, supported);
      if (apex.ok) content.apexNs = { fqdn, type, records: apex.records };
      continue;
    }
    const read = readSet(group, supported);
    if (read.ok) {
      content.sets.push({ fqdn, type, records: read.records });
      continue;
    }
    pushAll(content.kept, group);
    content.unsupported.push(key);
    if (read.why === undefined) continue;
    // Only the first notes are written out (and counted past that): the reasons are of one kind, a set's name
    // or values, and a file of many sets would otherwise give as many warnings.
    const at = group[0] ?? { line: 1, col: 1 };
    if (++notes <= KEPT_PROBLEMS)
      content.notes.push({ line: at.line, col: at.col, message: `${key} is kept as written: ${read.why}` });
  }
  content.notesLeftOut = Math.max(0, notes - KEPT_PROBLEMS);
  content.kept.sort((a, b) => a.line - b.line);
  content.sets.sort(compareRecordSets);
  content.unsupported.sort(compareStrings);
  return { ok: true, content };
}

/** Records by `<fqdn> <TYPE>` (the owner as the model names it), in order of first appearance. */
function groupSets(records: readonly PlacedRecord[]): Map<string, PlacedRecord[]> {
  const sets = new Map<string, PlacedRecord[]>();
  for (const record of records) {
    const key = recordSetKey({ fqdn: modelName(record.owner), type: record.type });
    const group = sets.get(key);
    if (group) group.push(record);
    else sets.set(key, [record]);
  }
  return sets;
}

type SetRead = { ok: true; records: LiveRecordSet['records'] } | { ok: false; why?: string };

/** A set's records in the model, or why not (no reason: a type edgeplan does not manage here). */
function readSet(group: readonly FileRecord[], supported: ReadonlySet<string>): SetRead {
  const [first] = group;
  const known = first && supported.has(first.type) ? recordType(first.type) : undefined;
  if (first === undefined || known === undefined) return { ok: false };
  const name = modelName(first.owner);
  const nameProblem = first.owner.includes('\\')
    ? 'its name has an escape'
    : (recordLabelsProblem(name) ?? lengthProblem(name));
  if (nameProblem !== null) return { ok: false, why: `edgeplan cannot manage the name: ${nameProblem}` };
  const byValue = new Map<string, number>();
  for (const record of group) {
    const text = valueText(record);
    if (text === undefined) return { ok: false, why: 'written in the generic form (\\#), kept as it is' };
    const parsed = known.parsePresentation(text);
    if (!parsed.ok) return { ok: false, why: parsed.problems.map((p) => p.message).join('; ') };
    if (!byValue.has(parsed.value)) byValue.set(parsed.value, record.ttl);
  }
  const values = sortValues(first.type, byValue.keys());
  return { ok: true, records: values.map((value) => ({ value, ttl: byValue.get(value) ?? first.ttl })) };
}

/** A record's presentation text for its type's reader; undefined for generic RDATA no reader here decodes. */
function valueText(record: FileRecord): string | undefined {
  // A type by its number has no other form: its generic RDATA is its value (record-types/generic.ts).
  if (isGenericType(record.type)) return record.rdata.join(' ');
  if (!isGeneric(record.rdata)) return presentationText(record.type, record.rdata, record.origin);
  const octets = genericOctets(record.rdata);
  return typeof octets === 'string' ? undefined : genericPresentation(record.type, octets);
}
