import {
  type Acknowledgement,
  type AckTarget,
  DIGEST_PREFIX_MIN,
  isZoneWide,
  parseAckTarget,
} from '../model/acknowledgement.js';
import { type Diagnostic, formatDiagnostic, sortDiagnostics } from '../model/diagnostic.js';
import { EdgeplanError } from '../model/edgeplan-error.js';
import { loadPicomatch } from '../model/glob.js';
import { writtenNameProblem } from '../model/names.js';
import { parseTarget } from '../model/target.js';
import { globProblem } from '../model/unmanaged.js';
import * as z from '../model/zod.js';
import { parseYamlFile } from './read/parse-yaml.js';
import {
  describeValue,
  diagnosticAt,
  entryOf,
  isMap,
  nodeAt,
  type PNode,
  toPlain,
} from './read/positioned.js';

/**
 * The acknowledgement file of `edgeplan drift --ack FILE`: known drift that should not fail the nightly run until
 * a date. YAML (or JSON); model/acknowledgement.ts says what an entry covers.
 *
 *   acknowledged:
 *     - target: zone:example.com/www A   # record sets of a zone (globs: zone:example.com/_acme-* TXT; names
 *                                        # relative, or absolute with the trailing dot: www.example.com.)
 *       reason: CDN migration, OPS-123
 *       owner: dns-team
 *       expires: 2026-07-31              # acknowledged through the end of this day (UTC)
 *     - target: zone:example.com         # a zone as a whole only with the digest of one difference,
 *       digest: sha256:3f2a9c1b7e4d      # as `drift` prints it
 *       reason: apex MX moved by the mail team, OPS-124
 *       owner: mail-team
 *       expires: 2026-08-15
 *     - target: webapp:shop              # a secondary zone, geo service or webapp is one object
 *       reason: bot trial
 *       owner: web-team
 *       expires: 2026-07-31
 */
const ENTRY_KEYS = 'target, digest, reason, owner, expires';

const Text = z.lazy(() =>
  z.string({ error: 'must be a string' }).check(z.trim(), z.minLength(1, { error: 'must not be empty' })),
);

const AckSchema = z.lazy(() =>
  z.strictObject({
    acknowledged: z.array(
      z.strictObject(
        {
          target: Text,
          digest: z.optional(
            z.string({ error: 'must be a string' }).check(
              z.regex(new RegExp(`^sha256:[0-9a-fA-F]{${DIGEST_PREFIX_MIN},64}$`), {
                error: `must be sha256: and at least ${DIGEST_PREFIX_MIN} hex digits of a digest drift printed`,
              }),
            ),
          ),
          reason: Text,
          owner: Text,
          // YAML reads an unquoted 2026-07-31 as a string with the default schema of `yaml` v2 (core schema).
          expires: z
            .string({ error: 'must be a date YYYY-MM-DD' })
            .check(
              z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' }),
              z.refine(isCalendarDate, { error: 'is not a calendar date' }),
            ),
        },
        { error: `must be a map of ${ENTRY_KEYS}` },
      ),
      { error: `must be a list of { ${ENTRY_KEYS} }` },
    ),
  }),
);

/**
 * The file cannot be used: unread (the message says why, `diagnostics` is empty), or with `diagnostics`, each problem
 * at its `file:line:col` with its own code (EP1013, or a YAML one); the message is then those, one a line.
 */
export class AckFileError extends EdgeplanError {
  override readonly code = 'EP1910';
  override readonly name = 'AckFileError';
  readonly diagnostics: readonly Diagnostic[];

  constructor(message: string, options: ErrorOptions & { diagnostics?: readonly Diagnostic[] } = {}) {
    const { diagnostics = [], ...rest } = options;
    super(message, rest);
    this.diagnostics = diagnostics;
  }
}

/**
 * Parses the file's text; throws AckFileError with every problem, sorted, as `diagnostics` (each
 * `file:line:col: EPnnnn message`, `file` as given). Entries carry the place they were written (`at`).
 */
export function parseAckFile(text: string, file: string): Acknowledgement[] {
  const parsed = parseYamlFile(file, text);
  if (parsed.diagnostics.length > 0) throw problems(parsed.diagnostics);
  const root = parsed.root;
  if (root === null) return [];
  const plain = toPlain(root);
  const result = AckSchema.safeParse(plain);
  const schemaProblems = (result.error?.issues ?? []).flatMap((issue) => issueProblems(root, issue));
  const targetProblems = entriesOf(plain).flatMap(({ target, digest }, index) => {
    const node = nodeAt(root, ['acknowledged', index, 'target']);
    const pin = typeof digest === 'string' ? digest : undefined;
    const problem = typeof target === 'string' ? targetProblem(target, pin) : null;
    return problem && node
      ? [diagnosticAt('EP1013', node.pos, `acknowledged.${index}.target ${problem}`)]
      : [];
  });
  if (!result.success || targetProblems.length > 0) throw problems([...schemaProblems, ...targetProblems]);
  return result.data.acknowledged.map((entry, index): Acknowledgement => {
    const at = nodeAt(root, ['acknowledged', index])?.pos ?? root.pos;
    const digest = entry.digest?.toLowerCase();
    return { ...entry, ...(digest ? { digest } : {}), at };
  });
}

/** A schema issue at the value it is about; a missing key at its map, an unknown key at the key. */
function issueProblems(root: PNode, issue: z.core.$ZodIssue): Diagnostic[] {
  const path = issue.path as (string | number)[];
  const label = path.join('.') || 'the file';
  if (issue.code === 'unrecognized_keys') {
    const map = nodeAt(root, path);
    return issue.keys.map((key) => {
      const pos = (isMap(map) ? entryOf(map, key)?.keyPos : undefined) ?? map?.pos ?? root.pos;
      return diagnosticAt(
        'EP1013',
        pos,
        `${label} has an unknown key "${key}" (expected ${path.length === 0 ? 'acknowledged' : ENTRY_KEYS})`,
      );
    });
  }
  const node = nodeAt(root, path);
  if (node)
    return [
      diagnosticAt('EP1013', node.pos, `${label} ${issue.message}, got ${describeValue(toPlain(node))}`),
    ];
  const parent = nodeAt(root, path.slice(0, -1));
  return [diagnosticAt('EP1013', parent?.pos ?? root.pos, `${label} is missing`)];
}

/** The entries of a file whatever its shape, for the checks beyond the schema. */
function entriesOf(plain: unknown): { target?: unknown; digest?: unknown }[] {
  const list = plain !== null && typeof plain === 'object' ? Object.entries(plain) : [];
  const acknowledged = list.find(([key]) => key === 'acknowledged')?.[1];
  if (!Array.isArray(acknowledged)) return [];
  return acknowledged.map((item: unknown) => (item !== null && typeof item === 'object' ? item : {}));
}

/** Why an entry's target cannot be used, or null. */
function targetProblem(target: string, digest: string | undefined): string | null {
  const read = parseAckTarget(target);
  if (typeof read === 'string') return read;
  const globs = [parseTarget(read.pattern)?.name ?? '', read.recordSet?.name, read.recordSet?.type];
  for (const glob of globs) {
    const problem = glob === undefined ? null : globProblem(glob);
    if (problem) return `has a glob that is not valid: ${problem}`;
  }
  const nameProblem = recordSetNameProblem(read);
  if (nameProblem) return nameProblem;
  if (isZoneWide(read, digest))
    return (
      `"${target}" would acknowledge every difference in the zone, also any that appears later: name the ` +
      `record sets (${read.pattern}/www A, globs allowed) or pin the one difference with digest: (drift prints ` +
      'each change with its digest)'
    );
  return null;
}

/**
 * A record-set name written as record names are (model/names.ts): one that ends in its zone's name without the
 * trailing dot, or an absolute one outside the zone, is refused where the pattern names one zone; under a zone glob
 * an absolute name is matched as it is, against names inside the zones the glob matches.
 */
function recordSetNameProblem(read: AckTarget): string | null {
  const zone = parseTarget(read.pattern)?.name;
  if (!read.recordSet || zone === undefined || loadPicomatch().scan(zone).isGlob) return null;
  const problem = writtenNameProblem(read.recordSet.name, zone);
  return problem ? `has a record-set name ${problem}` : null;
}

function problems(diagnostics: Diagnostic[]): AckFileError {
  const sorted = sortDiagnostics(diagnostics);
  return new AckFileError(sorted.map(formatDiagnostic).join('\n'), { diagnostics: sorted });
}

function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
