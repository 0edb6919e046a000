import type { Diagnostic } from '../../model/diagnostic.js';
import { isIPv4 } from '../../model/ipv4.js';
import { diagnosticAt, isSeq, type PNode, type Position, where } from '../read/positioned.js';

/**
 * Every item of a list of IPv4 addresses that is not a strict dotted quad, or repeats an earlier item (naming
 * it). `owner` says whose list it is in the message: `masters of secondary zone "x"`. Items the schema refused
 * (not strings) are skipped.
 */
export function ipv4ListDiagnostics(list: PNode | undefined, owner: string): Diagnostic[] {
  if (!isSeq(list)) return [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, Position>();
  for (const item of list.items) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string') continue;
    const address = item.value;
    const first = seen.get(address);
    if (!isIPv4(address)) {
      diagnostics.push(diagnosticAt(item.pos, `"${address}" is not a valid IPv4 address`));
    } else if (first) {
      diagnostics.push(
        diagnosticAt(item.pos, `address ${address} is listed twice in ${owner}: also at ${where(first)}`),
      );
    }
    if (!first) seen.set(address, item.pos);
  }
  return diagnostics;
}
