import type { RecordSetChange, ZoneChange } from '../../model/change.js';
import { type Diagnostic, UNPLACED } from '../../model/diagnostic.js';
import type { DesiredZone } from '../../model/dns.js';

/**
 * `allow_lints` allows a lint error of a set as it is (config/lints/lint-allowances.ts): a zone served that way for
 * years plans empty. A plan that creates or changes such a set would write the finding anew, so it is an error again
 * there, at the set's `file:line:col`, with the finding's message: fix the finding, or leave the set as it is.
 * Deleting the set is no problem (it removes the finding).
 */
export function allowedFindingProblems(
  desired: DesiredZone,
  changes: readonly (ZoneChange | RecordSetChange)[],
): Diagnostic[] {
  const findings = desired.allowedFindings ?? [];
  if (findings.length === 0) return [];
  const written = new Map<string, 'creates' | 'changes'>();
  for (const change of changes)
    if (change.address.kind === 'record-set' && change.action !== 'delete')
      written.set(
        `${change.address.fqdn} ${change.address.type}`,
        change.action === 'create' ? 'creates' : 'changes',
      );
  const at = new Map(desired.records.map((set) => [`${set.fqdn} ${set.type}`, set.at]));
  return findings.flatMap(({ fqdn, type, lint, message }) => {
    const key = `${fqdn} ${type}`;
    const action = written.get(key);
    if (action === undefined) return [];
    return [
      {
        ...(at.get(key) ?? UNPLACED),
        code: 'EP1610',
        message:
          `${fqdn} ${type}: this plan ${action} the set, and allow_lints: [${lint}] allows the finding only for the ` +
          `set as it is live: ${message}`,
      },
    ];
  });
}
