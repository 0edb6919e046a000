/**
 * A zone with every type both providers take, as YAML record lines (indented for `zones.<zone>.records`): each type
 * at its own name `t-<key>` with its fixture's first value, NS and DS together at the delegation `sub`. CDS and
 * CDNSKEY are left out: at the apex they name a DNSKEY of their algorithm (RFC 7344 §4.1), which PowerDNS keeps in
 * its keystore and a Dyn zone these tests create does not have, so the Dyn plan refuses them (key-match-checks.ts);
 * their own tests: test/plan/diff/key-match-checks.test.ts, test/providers/rfc2136/cds-real.test.ts.
 */
import { RECORD_TYPES } from '../../src/model/record-types/index.js';
import { DYN_RECORD_TYPES } from '../../src/providers/dyn/capabilities.js';
import { pdnsCapabilities } from '../../src/providers/pdns/index.js';
import { fixtureInputs } from '../conformance/type-steps.js';

export function everyTypeRecords(): string {
  const pdns = pdnsCapabilities().recordTypes;
  const lines: string[] = [];
  let delegation = '';
  for (const type of RECORD_TYPES) {
    const skipped = type.type === 'DS' || type.rules?.matches !== undefined;
    if (!pdns.includes(type.type) || !DYN_RECORD_TYPES.has(type.type) || skipped) continue;
    const [first] = fixtureInputs(type) ?? [];
    const data = JSON.stringify(type.single ? first : [first]);
    if (type.type === 'NS') delegation = `ns: ${data}`;
    else lines.push(`      t-${type.key}: { ${type.key}: ${data} }`);
  }
  const ds = RECORD_TYPES.find((type) => type.type === 'DS');
  const [dsValue] = ds ? (fixtureInputs(ds) ?? []) : [];
  lines.push(`      sub: { ${delegation}, ds: ${JSON.stringify([dsValue])} }`);
  return lines.join('\n');
}
