import * as z from '../zod.js';
import { FieldChecks } from './fields.js';
import {
  hostnameToYaml,
  hostnameYaml,
  parseAbsoluteHostname,
  parseApiHostname,
  parseHostname,
} from './hostname.js';
import { byLeadingNumbers, uint16 } from './numbers.js';
import { lastField, type ParseResult, type RecordType, refused } from './record-type.js';

/**
 * SRV (RFC 2782): priority, weight and port (each 0–65535) and the target host, or `.` for "no such service here".
 * Owner names are conventionally `_service._proto` (`_sip._tcp`); edgeplan does not enforce it.
 * YAML: `{ priority: 10, weight: 5, port: 5060, target: sip.example.com. }`; canonical: `10 5 5060 sip.example.com.`.
 */
export const SRV: RecordType = {
  type: 'SRV',
  key: 'srv',
  yaml: z.lazy(() =>
    z.strictObject({
      priority: uint16(),
      weight: uint16(),
      port: uint16(),
      target: hostnameYaml('sip.example.com.'),
    }),
  ),
  parse: (input, origin) => {
    const { priority, weight, port, target } = input as SrvYaml;
    return srv([priority, weight, port], parseHostname(target, origin, { root: true }));
  },
  parsePresentation: (text) => {
    const fields = text.trim().split(/\s+/);
    if (fields.length !== 4) return refused(`"${text}" is not an SRV value (priority weight port target)`);
    return srv(fields.slice(0, 3), parseAbsoluteHostname(fields[3] ?? '', { root: true }));
  },
  toYaml: (value, origin) => {
    const fields = fieldsOf(value);
    return { ...fields, target: hostnameToYaml(fields.target, origin) } satisfies SrvYaml;
  },
  compare: byLeadingNumbers(3),
  fields: fieldsOf,
  fromFields: (fields) =>
    srv([fields.priority, fields.weight, fields.port], parseApiHostname(fields.target, { root: true })),
  rules: { target: { role: 'host', of: lastField } },
};

type SrvYaml = {
  priority: number;
  weight: number;
  port: number;
  target: string;
};

function fieldsOf(value: string): SrvYaml {
  const [priority, weight, port, target = ''] = value.split(' ');
  return { priority: Number(priority), weight: Number(weight), port: Number(port), target };
}

function srv([priority, weight, port]: unknown[], target: ParseResult): ParseResult {
  const checks = new FieldChecks();
  const fields = [
    checks.int('priority', priority, 65535),
    checks.int('weight', weight, 65535),
    checks.int('port', port, 65535),
    checks.take('target', target),
  ];
  return checks.result(() => fields.join(' '));
}
