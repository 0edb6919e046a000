import type { RecordSetChange } from '../../model/change.js';
import type { DesiredState } from '../../model/dns.js';
import { PROVIDER_TTL } from '../../model/record-set.js';
import { asLiveHolds } from '../../model/record-types/met-by-live.js';
import type { ServedAnswer, ServerAnswer } from '../../model/served.js';
import { plural } from '../../model/text.js';

/**
 * What a name server should serve for one record set: its values and TTL, or nothing (`absent`: a set the plan
 * deletes, which `apply --wait-served` waits to see gone). `provider`: the name of the zone's DNS provider.
 */
export interface ServedExpectation {
  zone: string;
  provider: string;
  fqdn: string;
  type: string;
  expected: { ttl: number; values: string[] } | 'absent';
}

/** How one server's answer compares with an expectation. */
export type ServedVerdict = 'served' | 'differs' | 'failed';

/** One record set as each server of its zone serves it. */
export interface ServedCheck {
  expectation: ServedExpectation;
  answers: (ServerAnswer & { verdict: ServedVerdict; why?: string })[];
}

/** Record sets no name server can be asked about, and why (ALIAS has no type on the wire). */
export interface NotAsked {
  zone: string;
  fqdn: string;
  type: string;
  why: string;
}

/**
 * `verify`'s report: every record set checked, grouped as they were asked, and the totals. `differs`: some server
 * serves something else (exit 2); `failed`: some server could not be asked, or its answer not read (exit 1).
 */
export interface ServedReport {
  checks: ServedCheck[];
  /** The implicit provider, whose sets the report shows without one (model/shown-provider.ts). */
  implicitProvider?: string;
  notAsked: NotAsked[];
  counts: { sets: number; served: number; differs: number; failed: number };
}

/**
 * The record sets of the desired state as name servers should serve them, sorted by zone, name and type. A set
 * whose type no DNS question can ask (ALIAS) is listed in `notAsked` instead.
 */
export function servedExpectations(desired: DesiredState): {
  expectations: ServedExpectation[];
  notAsked: NotAsked[];
} {
  const expectations: ServedExpectation[] = [];
  const notAsked: NotAsked[] = [];
  for (const zone of desired.zones) {
    for (const set of zone.records) {
      if (set.type === 'ALIAS') {
        const why = 'ALIAS has no DNS type of its own: servers answer it with the addresses of its target';
        notAsked.push({ zone: zone.zone, fqdn: set.fqdn, type: set.type, why });
        continue;
      }
      for (const provider of zone.providers) {
        const expected = { ttl: set.ttl, values: set.values };
        expectations.push({
          zone: zone.zone,
          provider,
          fqdn: set.fqdn,
          type: set.type,
          expected,
        });
      }
    }
  }
  return { expectations, notAsked };
}

/**
 * What the name servers should serve once `changes` (a plan's record-set changes that were applied) are published:
 * the new value of each created or updated set, `absent` for each deleted one. ALIAS sets are left out (not asked).
 */
export function plannedExpectations(changes: readonly RecordSetChange[]): ServedExpectation[] {
  return changes.flatMap(({ address, after }) => {
    if (address.type === 'ALIAS') return [];
    const { zone, fqdn, type, provider } = address;
    const expected = after === null ? ('absent' as const) : { ttl: after.ttl, values: after.values };
    return [{ zone, provider, fqdn, type, expected }];
  });
}

/**
 * One answer against one expectation: served as desired, something else (and what), or no answer (and why). The
 * values compare as the plan's diff compares them: desired TXT text is served as desired split anywhere, a desired
 * SOA by the fields it names (never the serial).
 */
export function judge(
  expectation: ServedExpectation,
  answer: ServedAnswer,
): { verdict: ServedVerdict; why?: string } {
  if (answer.kind === 'failed') return { verdict: 'failed', why: answer.reason };
  if (answer.kind === 'not-authoritative')
    return { verdict: 'differs', why: 'does not serve the zone (not authoritative)' };
  const expected = expectation.expected;
  if (answer.kind !== 'records') {
    if (expected === 'absent') return { verdict: 'served' };
    return { verdict: 'differs', why: absence(answer) };
  }
  const glue = answer.glue ? ' as glue' : '';
  if (expected === 'absent')
    return { verdict: 'differs', why: `still served${glue}: ${answer.values.join(', ')}` };
  const values = answer.values.join(', ');
  const wanted = asLiveHolds(expectation.type, expected.values, answer.values);
  if (values !== wanted.join(', ')) return { verdict: 'differs', why: `serves${glue} ${values}` };
  if (answer.mixedTtls)
    return { verdict: 'differs', why: `TTLs differ between its records${glue} (lowest ${answer.ttl})` };
  // A TTL left to the provider (the SOA's, unless `soa.ttl` names one) is whatever it serves.
  if (expected.ttl !== PROVIDER_TTL && answer.ttl !== expected.ttl)
    return { verdict: 'differs', why: `TTL ${answer.ttl}${glue}, not ${expected.ttl}` };
  return { verdict: 'served' };
}

function absence(
  answer: Exclude<ServedAnswer, { kind: 'records' | 'failed' | 'not-authoritative' }>,
): string {
  switch (answer.kind) {
    case 'nxdomain':
      return 'the name does not exist (NXDOMAIN)';
    case 'nodata':
      return 'no records of the type (NODATA)';
    case 'cname':
      return `the name is an alias (CNAME ${answer.target})`;
    case 'referral':
      return `the name is delegated away at ${answer.at}`;
  }
}

/**
 * The report of every expectation's answers, in expectation order (servers in the order they were asked).
 * `implicitProvider`: the desired state's implicit provider (`implicitProviderOf`), whose sets are shown without one.
 */
export function servedReport(
  asked: readonly { expectation: ServedExpectation; answers: readonly ServerAnswer[] }[],
  notAsked: readonly NotAsked[] = [],
  implicitProvider?: string,
): ServedReport {
  const checks = asked.map(({ expectation, answers }) => ({
    expectation,
    answers: answers.map((a) => ({ ...a, ...judge(expectation, a.answer) })),
  }));
  const verdicts = checks.map((c) => setVerdict(c));
  return {
    checks,
    ...(implicitProvider === undefined ? {} : { implicitProvider }),
    notAsked: [...notAsked],
    counts: {
      sets: checks.length,
      served: verdicts.filter((v) => v === 'served').length,
      differs: verdicts.filter((v) => v === 'differs').length,
      failed: verdicts.filter((v) => v === 'failed').length,
    },
  };
}

/** A set's verdict: failed when any server failed (or none was asked), else differs when any server differs, else served. */
export function setVerdict(check: ServedCheck): ServedVerdict {
  if (check.answers.length === 0 || check.answers.some((a) => a.verdict === 'failed')) return 'failed';
  if (check.answers.some((a) => a.verdict === 'differs')) return 'differs';
  return 'served';
}

/** `12 record sets served as desired by every server.` or what is not. */
export function servedHeadline(report: ServedReport): string {
  const { sets, served, differs, failed } = report.counts;
  if (sets === 0) return 'No record set to check.';
  const glue = report.checks.filter(servedAsGlue).length;
  const asGlue = glue > 0 ? ` (${glue} as glue in referrals)` : '';
  if (served === sets) return `${plural(sets, 'record set')} served as desired by every server${asGlue}.`;
  const parts = [`${served} of ${plural(sets, 'record set')} served as desired${asGlue}`];
  if (differs > 0) parts.push(`${differs} served differently`);
  if (failed > 0) parts.push(`${failed} not checked (a server did not answer)`);
  return `${parts.join('; ')}.`;
}

/** A set every server served as desired, as glue in the referral of its delegation (dns-wire/served.ts). */
function servedAsGlue(check: ServedCheck): boolean {
  return (
    check.answers.length > 0 &&
    check.answers.every(
      // Stryker disable next-line ConditionalExpression: only a records answer has `glue`; the kind narrows the type
      (a) => a.verdict === 'served' && a.answer.kind === 'records' && a.answer.glue === true,
    )
  );
}
