import { compareStrings } from '../../model/compare.js';
import { lengthProblem, recordLabelsProblem } from '../../model/dns-names.js';
import { isInZone } from '../../model/names.js';
import { compareRecordSets, type LiveRecordSet, recordSetKey } from '../../model/record-set.js';
import { recordType, sortValues } from '../../model/record-types/registry.js';
import { printable } from '../../model/text.js';
import { modelName } from './names.js';
import {
  genericOctets,
  genericPresentation,
  isGeneric,
  presentationFields,
  presentationText,
} from './rdata-text.js';
import { type FileProblem, type FileRecord, readEntries } from './read-entries.js';
import { parseSoa, type Soa } from './soa.js';

/**
 * A zone file as the provider holds it: the SOA, the record sets edgeplan manages in the model, and every other
 * record kept exactly as written. A record set is managed whole or not at all: it is managed when its type is one
 * the provider supports, its name one the model can hold, and every one of its values reads as its type; any
 * other set is kept as written and named (`unsupported`), with the reason in `notes` when its type is managed
 * elsewhere. The apex NS set is the zone's own, kept as written like the SOA.
 */
export interface ZoneContent {
  /** Normalised (lower case, no trailing dot). */
  zone: string;
  soa: Soa;
  /** Sorted by name, then type. */
  sets: LiveRecordSet[];
  /** Records kept as written, in file order: the apex NS set and every set that is not managed. */
  kept: FileRecord[];
  /** `<fqdn> <TYPE>` of the kept sets but the apex NS, sorted (`LiveZone.unsupported`). */
  unsupported: string[];
  /** Why a set of a type edgeplan manages is kept as written, one line each. */
  notes: string[];
}

/** Every problem of a file: it cannot be read into a zone. */
export type ZoneRead = { ok: true; content: ZoneContent } | { ok: false; problems: FileProblem[] };

/** Reads a zone file's text for `zone`; `supported`: the record types the provider manages. */
export function readZoneContent(text: string, zone: string, supported: ReadonlySet<string>): ZoneRead {
  const { records, problems } = readEntries(text, `${zone}.`);
  const inZone = records.filter((record) => {
    const inside = isInZone(modelName(record.owner), zone);
    if (!inside)
      problems.push({ line: record.line, message: `${printable(record.owner)} is not in zone ${zone}` });
    return inside;
  });
  const soas = inZone.filter((record) => record.type === 'SOA');
  const apexSoa = soas.find((record) => modelName(record.owner) === zone);
  // A copy of the apex SOA (zone transfers end with one, and files saved from them keep it) is the same record.
  const repeated = (one: FileRecord) =>
    apexSoa !== undefined && modelName(one.owner) === zone && one.rdata.join(' ') === apexSoa.rdata.join(' ');
  for (const record of soas.filter((one) => one !== apexSoa && !repeated(one)))
    problems.push({
      line: record.line,
      message: `a second SOA, or an SOA below the apex (${printable(record.owner)})`,
    });
  if (!apexSoa) problems.push({ line: 1, message: `zone ${zone} has no SOA record at its apex` });
  const soa = apexSoa && parseSoa(presentationFields('SOA', apexSoa.rdata, apexSoa.origin), apexSoa.ttl);
  for (const record of inZone) {
    const octets = isGeneric(record.rdata) ? genericOctets(record.rdata) : null;
    if (typeof octets === 'string') problems.push({ line: record.line, message: octets });
  }
  if (typeof soa === 'string') problems.push({ line: apexSoa?.line ?? 1, message: soa });
  if (problems.length > 0 || soa === undefined || typeof soa === 'string')
    return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  const grouped = groupSets(inZone.filter((record) => record.type !== 'SOA'));
  const content: ZoneContent = { zone, soa, sets: [], kept: [], unsupported: [], notes: [] };
  for (const [key, group] of grouped) {
    const fqdn = modelName(group[0]?.owner ?? '');
    const type = group[0]?.type ?? '';
    if (type === 'NS' && fqdn === zone) {
      content.kept.push(...group);
      continue;
    }
    const read = readSet(group, supported);
    if (read.ok) {
      content.sets.push({ fqdn, type, records: read.records });
      continue;
    }
    content.kept.push(...group);
    content.unsupported.push(key);
    if (read.why !== undefined)
      content.notes.push(`line ${group[0]?.line}: ${key} is kept as written: ${read.why}`);
  }
  content.kept.sort((a, b) => a.line - b.line);
  content.sets.sort(compareRecordSets);
  content.unsupported.sort(compareStrings);
  return { ok: true, content };
}

/** Records by `<fqdn> <TYPE>` (the owner as the model names it), in order of first appearance. */
function groupSets(records: readonly FileRecord[]): Map<string, FileRecord[]> {
  const sets = new Map<string, FileRecord[]>();
  for (const record of records) {
    const key = recordSetKey({ fqdn: modelName(record.owner), type: record.type });
    sets.set(key, [...(sets.get(key) ?? []), record]);
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
  if (!isGeneric(record.rdata)) return presentationText(record.type, record.rdata, record.origin);
  const octets = genericOctets(record.rdata);
  return typeof octets === 'string' ? undefined : genericPresentation(record.type, octets);
}
