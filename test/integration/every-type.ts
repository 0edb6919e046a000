/**
 * A zone with every type both providers take, as YAML record lines (indented for `zones.<zone>.records`): each type
 * at its own name `t-<key>` with its fixture's first value, NS and DS together at the delegation `sub`.
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
    if (!pdns.includes(type.type) || !DYN_RECORD_TYPES.has(type.type) || type.type === 'DS') continue;
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
