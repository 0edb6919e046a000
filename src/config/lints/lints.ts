import type { ReadRecord, ReadRecords } from '../desired/read-records.js';
import type { MergedDocument } from '../read/merge.js';
import { where } from '../read/positioned.js';
import { applyAllowances, type LintDiagnostic, type LintResult, lintErrorAt } from './lint-allowances.js';
import { groupReused, reusedOf } from './reused-lints.js';
import { targetLints } from './target-lints.js';
import { textLints } from './text-lints.js';
import { zoneIndex } from './zone-index.js';

/**
 * The zone lints: DNS sanity checks across the records of every zone of the desired state, all files merged
 * (docs/lints.md lists them, and which are errors and which warnings). They run on the values `readRecords` could
 * parse, beside the rules, so that every problem is reported in one run.
 */
export function lintDiagnostics(merged: MergedDocument, read: ReadRecords): LintResult {
  const index = zoneIndex(merged, read.records);
  const found = [...targetLints(index), ...textLints(read.records), ...read.records.flatMap(answeredTwice)];
  const result = applyAllowances(read.records, found);
  return { ...result, diagnostics: groupReused(result.diagnostics) };
}

/**
 * A type that answers queries of other types itself (`rules.answers`: ALIAS answers A and AAAA) beside a set of
 * one of those types: which answer the service gives is not said. An error at the answering set, naming the other.
 */
function answeredTwice({ zone, record, sets }: ReadRecord): LintDiagnostic[] {
  return sets.flatMap((set) => {
    const answers = set.type.rules?.answers ?? [];
    return sets
      .filter((other) => answers.includes(other.type.type))
      .map((other) => ({
        ...lintErrorAt(
          'EP1401',
          set.keyPos,
          `record "${record.name}": ${set.type.type} answers ${answers.join(' and ')} queries itself, but the name ` +
            `also has ${other.type.type} at ${where(other.keyPos)}: keep one or the other`,
          'alias-beside-address',
          record.fqdn,
          set.type.type,
        ),
        ...reusedOf(zone.zone, set),
      }));
  });
}
