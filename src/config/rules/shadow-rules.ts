import type { Diagnostic } from '../../model/diagnostic.js';
import type { ReadRecord } from '../desired/read-records.js';
import { diagnosticAt, type Position, where } from '../read/positioned.js';

/**
 * Below a name whose set redirects its whole subtree (`rules.shadows`: DNAME), the zone holds nothing: "resource
 * records MUST NOT exist at any subdomain of the owner of a DNAME RR" (RFC 6672 §2.4), since a resolver asking for
 * such a name gets the redirection, never the data. Each record below is reported at its name, naming the DNAME.
 */
export function shadowDiagnostics(records: readonly ReadRecord[]): Diagnostic[] {
  const shadows = new Map<string, { type: string; keyPos: Position }>();
  for (const { zone, record, sets } of records)
    for (const set of sets)
      if (set.type.rules?.shadows)
        shadows.set(`${zone.zone}\u0000${record.fqdn}`, { type: set.type.type, keyPos: set.keyPos });
  // Stryker disable next-line ConditionalExpression: a shortcut, equivalent: without a DNAME the walk finds nothing
  if (shadows.size === 0) return [];
  const diagnostics: Diagnostic[] = [];
  for (const { zone, record } of records) {
    for (let above = parentOf(record.fqdn); above !== undefined; above = parentOf(above)) {
      const shadow = shadows.get(`${zone.zone}\u0000${above}`);
      if (shadow) {
        const message =
          `record "${record.name}" is below ${above}, whose ${shadow.type} at ${where(shadow.keyPos)} redirects ` +
          `every name below it (RFC 6672 §2.4): a resolver never sees data there. Remove the record, or the ${shadow.type}`;
        diagnostics.push(diagnosticAt(record.keyPos, message));
        break;
      }
    }
  }
  return diagnostics;
}

/** `a.b.example.com` → `b.example.com`; undefined for a one-label name. */
function parentOf(fqdn: string): string | undefined {
  const dot = fqdn.indexOf('.');
  // Stryker disable next-line EqualityOperator: equivalent, a record's name never starts with a dot
  return dot < 0 ? undefined : fqdn.slice(dot + 1);
}
