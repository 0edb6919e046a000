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
 * MX (RFC 1035 §3.3.9): a preference (0–65535, lower is preferred) and a mail exchange; `.` as exchange with
 * preference 0 is the null MX of RFC 7505 ("this domain accepts no mail"), which is then the name's only MX.
 * YAML: `{ preference: 10, exchange: mail.example.com. }`; canonical: `10 mail.example.com.`.
 */
export const MX: RecordType = {
  type: 'MX',
  key: 'mx',
  yaml: z.lazy(() => z.strictObject({ preference: uint16(), exchange: hostnameYaml('mail.example.com.') })),
  parse: (input, origin) => {
    const { preference, exchange } = input as { preference: number; exchange: string };
    return mx(preference, parseHostname(exchange, origin, { root: true }));
  },
  parsePresentation: (text) => {
    const fields = text.trim().split(/\s+/);
    if (fields.length !== 2) return refused(`"${text}" is not an MX value (preference exchange)`);
    return mx(fields[0], parseAbsoluteHostname(fields[1] ?? '', { root: true }));
  },
  toYaml: (value, origin) => {
    const fields = fieldsOf(value);
    return { ...fields, exchange: hostnameToYaml(fields.exchange, origin) };
  },
  compare: byLeadingNumbers(1),
  fields: fieldsOf,
  fromFields: (fields) => mx(fields.preference, parseApiHostname(fields.exchange, { root: true })),
  rules: {
    soleValue: { is: (value) => value === '0 .', why: 'RFC 7505: a null MX says the name accepts no mail' },
    target: { role: 'host', of: lastField },
  },
};

function fieldsOf(value: string): { preference: number; exchange: string } {
  const [preference, exchange = ''] = value.split(' ');
  return { preference: Number(preference), exchange };
}

function mx(preference: unknown, exchange: ParseResult): ParseResult {
  const checks = new FieldChecks();
  const fields = [checks.int('preference', preference, 65535), checks.take('exchange', exchange)];
  return checks.result(() => fields.join(' '));
}
