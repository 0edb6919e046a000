import { expandIssues } from '../../model/bounded-issues.js';
import { closestNames, osaDistance } from '../../model/closest-names.js';
import { type Diagnostic, pushAll } from '../../model/diagnostic.js';
import { dnsTypeName, dnsTypeNumber, registeredTypeName } from '../../model/dns-type-names.js';
import {
  genericRecordTypeOfKey,
  RECORD_TYPES,
  recordType,
  recordTypeOfKey,
} from '../../model/record-types/index.js';
import { objectKeysAt } from '../../model/schema-keys.js';
import * as z from '../../model/zod.js';
import {
  describeValue,
  diagnosticAt,
  entryOf,
  type PEntry,
  type PNode,
  type Position,
  toPlain,
} from '../read/positioned.js';
import { deferredIssues, plainDeferringRecords } from './record-shapes.js';
import type { DesiredStateSchema } from './schema.js';

type Path = readonly PropertyKey[];
type Issue = z.core.$ZodIssue;

/**
 * Validates one positioned document against `schema` (schema.ts) and reports every issue where it was written:
 * a wrong value at the value, an unknown key at that key, a missing key at the key of the map that lacks it.
 * Record names are checked one by one (record-shapes.ts), with the same issues as one parse of the whole document.
 */
export function schemaDiagnostics(root: PNode, schema: DesiredStateSchema): Diagnostic[] {
  const { plain, deferred } = plainDeferringRecords(root);
  const issues = schema.safeParse(plain, { error: predicate }).error?.issues ?? [];
  for (const records of deferred) pushAll(issues, deferredIssues(records, predicate));
  const finalize = (raw: z.core.$ZodRawIssue) => z.util.finalizeIssue(raw, { error: predicate }, z.config());
  return expandIssues(issues, finalize).flatMap((issue) => issueDiagnostics(root, issue, schema));
}

/** Predicates for issues the schema gives no `error` of its own. */
const predicate: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'object' || issue.expected === 'record') return 'must be a map';
    if (issue.expected === 'array') return 'must be a list';
    return `must be a ${issue.expected}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string') return 'must not be empty';
  return undefined;
};

function issueDiagnostics(root: PNode, issue: Issue, schema: DesiredStateSchema): Diagnostic[] {
  const chosen = issue.code === 'invalid_union' ? optionOfKind(issue.errors) : null;
  if (chosen)
    return chosen.flatMap((nested) =>
      issueDiagnostics(root, { ...nested, path: [...issue.path, ...nested.path] }, schema),
    );
  const found = locate(root, issue.path);
  if (issue.code === 'unrecognized_keys' && found.node?.kind === 'map') {
    const map = found.node;
    const allowed = objectKeysAt(schema, issue.path);
    const recordSet = RECORD_TYPES.every((type) => allowed.includes(type.key));
    return issue.keys.flatMap((key) => {
      const entry = entryOf(map, key);
      const generic = recordSet ? genericRecordTypeOfKey(key) : undefined;
      if (generic && entry) return genericShapeDiagnostics(entry, generic.type);
      const pos = entry?.keyPos ?? map.pos;
      const unmanaged = unmanagedTypeMessage(key, issue.path, allowed);
      if (unmanaged) return [diagnosticAt('EP1110', pos, unmanaged)];
      const where = `unknown key "${key}" ${containerLabel(issue.path)}`;
      return [
        diagnosticAt(
          'EP1101',
          pos,
          `${where}${unknownKeyHint(key, issue.path, allowed)} (expected ${allowed.join(', ')})`,
        ),
      ];
    });
  }
  if (found.node === undefined) {
    const key = String(issue.path.at(-1));
    return [
      diagnosticAt(
        'EP1102',
        found.parentPos,
        `${label(issue.path.slice(0, -1))} is missing required key "${key}"`,
      ),
    ];
  }
  const message = `${label(issue.path)} ${issue.message}, got ${describeValue(toPlain(found.node))}`;
  return [diagnosticAt('EP1103', found.node.pos, message)];
}

/**
 * A union whose options are of different kinds (a record name's map or list of maps) fails as a whole when the value
 * fails inside the option of its kind: those issues, as if the union had chosen that option by the value's kind.
 * Null when no option (or several) accepted the kind: the union's own message then says what it takes.
 */
function optionOfKind(options: readonly (readonly Issue[])[]): readonly Issue[] | null {
  const ofKind = options.filter(
    (issues) => !issues.some((nested) => nested.code === 'invalid_type' && nested.path.length === 0),
  );
  return ofKind.length === 1 ? (ofKind[0] ?? null) : null;
}

/** How a message names the value at `path`: `zone "example.com"`, `record "www"`, `a[1]`, `ttl`. */
function label(path: Path): string {
  const last = path.at(-1);
  if (last === undefined) return 'the top level';
  if (path.length === 2 && path[0] === 'zones') return `zone "${String(last)}"`;
  if (path.length === 2 && path[0] === 'secondary_zones') return `secondary zone "${String(last)}"`;
  if (path.length === 2 && path[0] === 'geo_services') return `geo service "${String(last)}"`;
  if (path.length === 4 && path[2] === 'records') return `record "${String(last)}"`;
  if (path.length === 5 && path[2] === 'records' && typeof last === 'number')
    return `record "${String(path[3])}"[${String(last)}]`;
  if (typeof last === 'number') return `${String(path.at(-2))}[${last}]`;
  return String(last);
}

/**
 * What an unknown key may have meant: the allowed keys closest to it (`recods` → records, `cnmae` → cname), or, for
 * `dns` at the top level, that the file is an emulator account (a sandbox seed) rather than desired state.
 */
function unknownKeyHint(key: string, path: Path, allowed: readonly string[]): string {
  if (path.length === 0 && key === 'dns')
    return ': this looks like an emulator account, which --sandbox --seed FILE loads, not desired state';
  const near = closestNames(key, allowed, 3, 1).filter((name) => isNearTypo(key, name));
  return near.length > 0 ? `; did you mean ${near.join(' or ')}?` : '';
}

/**
 * A typo (at most one edit for short keys, one per three letters for longer ones: `defaut_ttl` → default_ttl,
 * `cnmae` → cname) or a part of the allowed key (`ttl` → default_ttl); not an allowed key that the unknown one
 * merely contains (`soa` holds `a`, `dnskey` holds `ns`).
 */
function isNearTypo(key: string, name: string): boolean {
  const [wanted, allowed] = [key.toLowerCase(), name.toLowerCase()];
  if (wanted.length >= 3 && allowed.includes(wanted)) return true;
  return osaDistance(wanted, allowed) <= Math.max(1, Math.floor(Math.max(key.length, name.length) / 3));
}

/**
 * DNS types that DNSSEC signing makes (RFC 4034, RFC 5155, RFC 8976), never written by hand. (CDS and CDNSKEY,
 * which a signing server may publish from its keys, are managed: record-types/cds.ts.)
 */
const SIGNER_TYPES = new Set(['RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM', 'ZONEMD', 'SIG', 'NXT']);

/**
 * The message for a key that is a DNS type edgeplan does not manage, by mnemonic (`nsec`, `zonemd`) or by RFC 3597
 * number (`type65534`), where record types are keys (a record set, a geo group): what it is and what to do, instead
 * of "unknown key". A managed type written by number (`type29`) is refused too, naming its key: RFC 3597 §5 lets a
 * known type be written generically, but one name would then hold two sets of one type.
 */
function unmanagedTypeMessage(key: string, path: Path, allowed: readonly string[]): string | undefined {
  if (recordTypeOfKey(key) || !allowed.some((one) => recordTypeOfKey(one))) return undefined;
  const number = /^type\d+$/i.test(key) ? dnsTypeNumber(key) : undefined;
  const type = number === undefined ? registeredTypeName(key) : dnsTypeName(number);
  if (!type) return undefined;
  const managed = recordType(type);
  if (managed)
    return (
      `"${key}" ${containerLabel(path)} is ${type} written by its number (RFC 3597 §5): write it as ` +
      `"${managed.key}", the one key of ${type} values`
    );
  if (number !== undefined && number >= 128 && number <= 255 && type === `TYPE${number}`)
    return `"${key}" ${containerLabel(path)} is a meta or query type (RFC 6895 §3.1), never record data: leave it out`;
  const why = SIGNER_TYPES.has(type)
    ? `${type} records are made by the server when it signs the zone (DNSSEC), not written; leave the key out`
    : `leave the key out (live ${type} records are left alone; import and plan list them)`;
  return `"${key}" ${containerLabel(path)} is a DNS type edgeplan does not manage: ${why}`;
}

/**
 * A type by its number (`type65280`) is no key of the record-set schema (there are 65,000 of them): zod reports it
 * as unknown and it is checked here instead, as the schema checks a list of values (record-types/generic.ts parses
 * each value).
 */
function genericShapeDiagnostics(entry: PEntry, type: string): Diagnostic[] {
  const value = entry.value;
  if (value.kind !== 'seq' || value.items.length === 0)
    return [diagnosticAt('EP1103', value.pos, `${entry.key} must list at least one ${type} value`)];
  return value.items
    .filter((item) => typeof toPlain(item) !== 'string')
    .map((item) =>
      diagnosticAt(
        'EP1103',
        item.pos,
        `${entry.key} values must be strings: \\# <length> <hex> (RFC 3597 §5)`,
      ),
    );
}

function containerLabel(path: Path): string {
  return path.length === 0 ? 'at the top level' : `in ${label(path)}`;
}

interface Located {
  node: PNode | undefined;
  /** Where to report that the value at the path is missing: the key of its parent map, else the parent itself. */
  parentPos: Position;
}

function locate(root: PNode, path: Path): Located {
  let node: PNode | undefined = root;
  let namedAt = root.pos;
  let parentPos = root.pos;
  for (const segment of path) {
    if (node === undefined) break;
    parentPos = namedAt;
    const entry: PEntry | undefined = node.kind === 'map' ? entryOf(node, String(segment)) : undefined;
    if (entry) node = entry.value;
    else node = node.kind === 'seq' && typeof segment === 'number' ? node.items[segment] : undefined;
    namedAt = entry?.keyPos ?? node?.pos ?? parentPos;
  }
  return { node, parentPos };
}
