import { shownJson, shownProvider } from '../../model/shown-provider.js';
import { printable, printableJson } from '../../model/text.js';
import {
  type ServedCheck,
  type ServedReport,
  type ServedVerdict,
  servedHeadline,
  setVerdict,
} from '../review/served.js';
import { PLAN_FORMAT_VERSION } from '../types.js';

/** The sections of `verify`'s report, in the order shown: what fails first. */
export const SERVED_SECTIONS: readonly { verdict: Exclude<ServedVerdict, 'served'>; title: string }[] = [
  { verdict: 'failed', title: 'Not checked' },
  { verdict: 'differs', title: 'Served differently' },
];

/** `www.example.com A` with the zone's provider (`@pdns`), none on the implicit provider (`implicit`). */
export function setLabel(check: ServedCheck, implicit: string | undefined): string {
  const { fqdn, type, provider } = check.expectation;
  const shown = shownProvider(provider, implicit);
  return `${fqdn} ${type}${shown === undefined ? '' : ` @${shown}`}`;
}

/** What the set should be: `300 192.0.2.1, 192.0.2.2`, or `absent`. */
export function desiredText(check: ServedCheck): string {
  const expected = check.expectation.expected;
  return expected === 'absent' ? 'absent' : `TTL ${expected.ttl}: ${expected.values.join(', ')}`;
}

/** The checks of one verdict, in report order. */
export function checksOf(report: ServedReport, verdict: ServedVerdict): ServedCheck[] {
  return report.checks.filter((check) => setVerdict(check) === verdict);
}

/**
 * Text: the headline, then the sets some server did not answer for, and those served differently: each with what
 * it should be and, per server that is not right, what that server does instead; then the sets no question can ask.
 */
export function renderServedText(report: ServedReport): string {
  const lines = [servedHeadline(report)];
  for (const { verdict, title } of SERVED_SECTIONS) {
    const checks = checksOf(report, verdict);
    if (checks.length === 0) continue;
    lines.push(`${title}:`);
    for (const check of checks) {
      lines.push(`  ${setLabel(check, report.implicitProvider)} (desired ${desiredText(check)})`);
      const wrong = check.answers.filter((a) => a.verdict !== 'served');
      if (check.answers.length === 0) lines.push('    no name server to ask');
      for (const answer of wrong) lines.push(`    ${answer.server}: ${answer.why ?? answer.verdict}`);
    }
  }
  if (report.notAsked.length > 0) lines.push('Not asked:');
  for (const set of report.notAsked) lines.push(`  ${set.fqdn} ${set.type}: ${set.why}`);
  return `${lines.map(printable).join('\n')}\n`;
}

/**
 * JSON (docs/verify.md): the headline, the counts, every record set with its status and each server's answer
 * (`answer` as model/served.ts shapes it), and the sets not asked.
 */
export function renderServedJson(report: ServedReport): string {
  const doc = {
    formatVersion: PLAN_FORMAT_VERSION,
    summary: servedHeadline(report),
    counts: report.counts,
    recordSets: report.checks.map((check) => ({
      ...shownJson(
        { zone: check.expectation.zone, provider: check.expectation.provider },
        report.implicitProvider,
      ),
      name: check.expectation.fqdn,
      type: check.expectation.type,
      desired: check.expectation.expected,
      status: setVerdict(check),
      servers: check.answers.map(({ server, answer, verdict, why }) => ({
        server,
        status: verdict,
        ...(why !== undefined ? { why } : {}),
        answer,
      })),
    })),
    notAsked: report.notAsked,
  };
  return `${printableJson(JSON.stringify(doc, null, 2))}\n`;
}
