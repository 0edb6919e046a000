import type { Diagnostic } from '../../model/diagnostic.js';
import type { AllowedFinding } from '../../model/dns.js';
import type { ProblemCode } from '../../model/error-codes.js';
import type { ReadRecord } from '../desired/read-records.js';
import { diagnosticAt, entryOf, isSeq, type PMap, type Position, where } from '../read/positioned.js';
import type { LintName } from './lint-names.js';
import type { Reused } from './reused-lints.js';

/** A lint error with the set it is about: `allow_lints` at that set's map may turn it into a warning. */
export interface LintDiagnostic extends Diagnostic {
  finding?: { lint: LintName; fqdn: string; type: string };
  /** Set on a finding on a set a template or another zone gave (reused-lints.ts groups these). */
  reused?: Reused;
}

/** An allowed finding with the zone of its set. */
export interface ZoneFinding {
  zone: string;
  finding: AllowedFinding;
}

/** A lint error of a set, by its zone, name, type and lint. */
export interface LintFinding {
  zone: string;
  fqdn: string;
  type: string;
  lint: LintName;
}

export interface LintResult {
  /** Each without its finding; a finding on a reused set keeps `reused`, for reused-lints.ts. */
  diagnostics: (Diagnostic & { reused?: Reused })[];
  /** The findings `allow_lints` allows, for the plan (allowed-findings.ts). */
  allowed: ZoneFinding[];
  /** The lint errors no `allow_lints` allows: what `edgeplan import` writes an allowance for. */
  refused: LintFinding[];
}

/** A lint error at `pos` about the set of `type` at `fqdn`, which `allow_lints: [lint]` there may allow. */
export function lintErrorAt(
  code: ProblemCode,
  pos: Position,
  message: string,
  lint: LintName,
  fqdn: string,
  type: string,
): LintDiagnostic {
  return { ...diagnosticAt(code, pos, message), finding: { lint, fqdn, type } };
}

/**
 * The lint diagnostics with each error that the `allow_lints` of its set's map names made a warning, saying where it
 * is allowed and that a change to the set makes it an error again; the findings so allowed, for the plan to hold
 * against the sets it creates or changes (allowed-findings.ts). An `allow_lints` entry that allows nothing found
 * here is a warning (the finding is gone: the entry can go). Every diagnostic is returned plain.
 */
export function applyAllowances(
  records: readonly ReadRecord[],
  diagnostics: readonly LintDiagnostic[],
): LintResult {
  // One list per map (its `allow_lints`), shared by the sets of the map: an entry is used when any of them uses it.
  type Allowance = { lint: string; pos: Position; used: boolean };
  const lists = new Map<PMap, Allowance[]>();
  const allowances = new Map<string, { zone: string; items: Allowance[] }>();
  const zoneOf = new Map<string, string>();
  for (const read of records)
    for (const set of read.sets) {
      zoneOf.set(`${read.record.fqdn} ${set.type.type}`, read.zone.zone);
      const entry = entryOf(set.item.map, 'allow_lints');
      if (!entry || !isSeq(entry.value)) continue;
      const items =
        lists.get(set.item.map) ??
        entry.value.items.flatMap((item) =>
          item.kind === 'scalar' && typeof item.value === 'string'
            ? [{ lint: item.value, pos: item.pos, used: false }]
            : [],
        );
      lists.set(set.item.map, items);
      allowances.set(`${read.record.fqdn} ${set.type.type}`, { zone: read.zone.zone, items });
    }
  const allowed: ZoneFinding[] = [];
  const refused: LintFinding[] = [];
  const out: LintResult['diagnostics'] = diagnostics.map(({ finding, ...diagnostic }) => {
    // Only lint errors carry a finding (lintErrorAt): warnings pass as they are.
    if (finding === undefined) return diagnostic;
    const set = allowances.get(`${finding.fqdn} ${finding.type}`);
    const allowance = set?.items.find((a) => a.lint === finding.lint);
    // Stryker disable next-line ConditionalExpression: equivalent, no set has no allowance either
    if (set === undefined || allowance === undefined) {
      const zone = zoneOf.get(`${finding.fqdn} ${finding.type}`);
      if (zone !== undefined) refused.push({ zone, ...finding });
      return diagnostic;
    }
    allowance.used = true;
    const { fqdn, type, lint } = finding;
    allowed.push({ zone: set.zone, finding: { fqdn, type, lint, message: diagnostic.message } });
    return {
      ...diagnostic,
      severity: 'warning',
      message:
        `${diagnostic.message} (an error, allowed by allow_lints at ${where(allowance.pos)} for the set as it is; ` +
        'a plan that creates or changes the set refuses it)',
    };
  });
  for (const items of lists.values())
    for (const { lint, pos, used } of items)
      if (!used)
        out.push({
          ...diagnosticAt(
            'EP1408',
            pos,
            `allow_lints: ${lint} allows nothing here (no such finding at this set): remove it`,
          ),
          severity: 'warning',
        });
  return { diagnostics: out, allowed, refused };
}
