import type { Diagnostic } from '../../model/diagnostic.js';
import { normaliseName } from '../../model/names.js';
import type { TargetRole } from '../../model/record-types/index.js';
import type { ReadRecord } from '../desired/read-records.js';
import type { PlacedValue } from '../desired/record-values.js';
import { warningAt, where } from '../read/positioned.js';
import { type LintDiagnostic, lintErrorAt } from './lint-allowances.js';
import { type Reused, reusedOf } from './reused-lints.js';
import { answeredElsewhere, placement, type ZoneIndex } from './zone-index.js';

/**
 * The zone lints about names that values point at (the types' `rules.target`), across every zone of the desired
 * state (docs/lints.md says which is an error and why):
 * - a loop of aliases (CNAME, ALIAS), a name pointing at itself included: error, at every alias of the loop;
 * - an NS target that is a CNAME: error (RFC 2181 §10.3; BIND refuses to load such a zone);
 * - an MX, SRV or PTR target that is a CNAME: warning (RFC 2181 §10.3, RFC 2782; most software follows it anyway,
 *   and BIND only warns);
 * - a target inside a managed zone that has no records there, is not unmanaged and no wildcard answers for:
 *   warning (another tool may create it). A target below a delegation is the child zone's (glue is
 *   delegation-rules'), one in a secondary zone is its masters'.
 * Each problem is at the value that points, naming the other place. Linear in the number of values.
 */
export function targetLints(index: ZoneIndex): LintDiagnostic[] {
  const pointers = [...index.names.values()].flatMap(pointersOf);
  const aliases = new Map<string, Pointer>();
  for (const pointer of pointers)
    if (FOLLOWED.has(pointer.role) && !aliases.has(pointer.from)) aliases.set(pointer.from, pointer);
  const at = (pointer: Pointer) => (diagnostic: Diagnostic) => ({ ...diagnostic, ...pointer.reused });
  return [
    ...loopDiagnostics(aliases),
    ...pointers.flatMap((pointer) => hostAtAlias(pointer, aliases).map(at(pointer))),
    ...pointers.flatMap((pointer) => dangling(pointer, index).map(at(pointer))),
  ];
}

/** The roles whose target answers for their name: a resolver follows them, so they may loop. */
const FOLLOWED: ReadonlySet<TargetRole> = new Set(['alias', 'apex-alias']);

/** One value that points at a name. */
interface Pointer {
  /** Normalised names: the record's own, and the one it points at. */
  from: string;
  target: string;
  role: TargetRole;
  /** The pointing set's type. */
  type: string;
  /** `record "www" CNAME`, as messages name it. */
  owner: string;
  value: PlacedValue;
  /** `{ reused }` when a template or another zone gave the pointing set (reused-lints.ts). */
  reused: { reused?: Reused };
}

function pointersOf(read: ReadRecord): Pointer[] {
  return read.sets.flatMap((set) => {
    const target = set.type.rules?.target;
    if (!target) return [];
    const owner = `record "${read.record.name}" ${set.type.type}`;
    const reused = reusedOf(read.zone.zone, set);
    return set.values.flatMap((value) => {
      const name = normaliseName(target.of(value.value));
      // The root points nowhere (the null MX, SRV's "no service here").
      if (name === '') return [];
      return [
        {
          from: read.record.fqdn,
          target: name,
          role: target.role,
          type: set.type.type,
          owner,
          value,
          reused,
        },
      ];
    });
  });
}

/** Each alias on a loop, once; a walk marks every name it passes, so each name is walked once. */
function loopDiagnostics(aliases: ReadonlyMap<string, Pointer>): LintDiagnostic[] {
  const diagnostics: LintDiagnostic[] = [];
  const state = new Map<string, 'walking' | 'done'>();
  for (const start of aliases.keys()) {
    const path: Pointer[] = [];
    let name = start;
    for (let at = aliases.get(name); at && !state.has(name); at = aliases.get(name)) {
      state.set(name, 'walking');
      path.push(at);
      name = at.target;
    }
    if (state.get(name) === 'walking') {
      const loop = path.slice(path.findIndex((pointer) => pointer.from === name));
      diagnostics.push(...loopProblems(loop, aliases));
    }
    for (const pointer of path) state.set(pointer.from, 'done');
  }
  return diagnostics;
}

/** Names shown of a loop; a longer loop is shown with its length. */
const SHOWN_LOOP = 8;

function loopProblems(loop: readonly Pointer[], aliases: ReadonlyMap<string, Pointer>): LintDiagnostic[] {
  const [first] = loop;
  if (loop.length === 1 && first)
    return [
      {
        ...lintErrorAt(
          'EP1402',
          first.value.pos,
          `${first.owner}: points at its own name ${first.from}.; a resolver following it never finds an answer`,
          'cname-loop',
          first.from,
          first.type,
        ),
        ...first.reused,
      },
    ];
  const names = loop.slice(0, SHOWN_LOOP).map((pointer) => `${pointer.from}.`);
  const more = loop.length > SHOWN_LOOP ? ` → … (${loop.length} names)` : '';
  const shown = `${names.join(' → ')}${more} → ${first?.from}.`;
  return loop.map((pointer) => {
    const next = aliases.get(pointer.target);
    const message =
      `${pointer.owner}: a loop of aliases, ${shown}; a resolver following it never finds an answer ` +
      `(next: ${pointer.target}. at ${next ? where(next.value.pos) : '?'})`;
    return {
      ...lintErrorAt('EP1402', pointer.value.pos, message, 'cname-loop', pointer.from, pointer.type),
      ...pointer.reused,
    };
  });
}

/** A host (NS, MX, SRV, PTR target) that is a CNAME: an error for NS, a warning for the others. */
function hostAtAlias(pointer: Pointer, aliases: ReadonlyMap<string, Pointer>): Diagnostic[] {
  if (FOLLOWED.has(pointer.role)) return [];
  const alias = aliases.get(pointer.target);
  if (alias?.role !== 'alias') return [];
  const rfc = pointer.owner.endsWith(' SRV') ? 'RFC 2782' : 'RFC 2181 §10.3';
  const message =
    `${pointer.owner}: ${pointer.target}. is a CNAME (at ${where(alias.value.pos)}), and ${rfc} says this ` +
    `target names a host, never an alias: point at ${alias.target}. instead`;
  return [
    pointer.role === 'name-server'
      ? lintErrorAt('EP1403', pointer.value.pos, message, 'ns-cname', pointer.from, pointer.type)
      : warningAt('EP1403', pointer.value.pos, message),
  ];
}

/** A target inside a managed zone that nothing in the desired state answers for. */
function dangling(pointer: Pointer, index: ZoneIndex): Diagnostic[] {
  if (index.names.has(pointer.target)) return [];
  const placed = placement(index, pointer.target);
  if (placed.kind !== 'in-zone') return [];
  const { zone } = placed.zone;
  if (answeredElsewhere(index, pointer.target, zone, placed.globs)) return [];
  const message =
    `${pointer.owner}: ${pointer.target}. is inside zone "${zone}" but has no records in the desired state; ` +
    "nothing will answer for it unless another tool creates it (then list it under the zone's unmanaged)";
  return [warningAt('EP1404', pointer.value.pos, message)];
}
