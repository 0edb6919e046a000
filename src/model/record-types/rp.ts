import * as z from '../zod.js';
import { FieldChecks } from './fields.js';
import {
  hostnameToYaml,
  hostnameYaml,
  parseAbsoluteHostname,
  parseApiHostname,
  parseHostname,
} from './hostname.js';
import { type ParseResult, type RecordType, refused } from './record-type.js';

/**
 * RP (RFC 1183 §2.2): who is responsible for the name: a mailbox, as a domain name (`hostmaster.example.com.` for
 * hostmaster@example.com), and a name whose TXT records say more; `.` for either when there is none. YAML:
 * `{ mailbox: hostmaster.example.com., text: info.example.com. }`; canonical: `hostmaster.example.com.
 * info.example.com.`.
 */
export const RP: RecordType = {
  type: 'RP',
  key: 'rp',
  yaml: z.lazy(() =>
    z.strictObject({
      mailbox: hostnameYaml('hostmaster.example.com.'),
      text: hostnameYaml('info.example.com.'),
    }),
  ),
  parse: (input, origin) => {
    const { mailbox, text } = input as RpYaml;
    return rp(parseHostname(mailbox, origin, { root: true }), parseHostname(text, origin, { root: true }));
  },
  parsePresentation: (text) => {
    const fields = text.trim().split(/\s+/);
    if (fields.length !== 2) return refused(`"${text}" is not an RP value (mailbox text-name)`);
    const [mailbox = '', name = ''] = fields;
    return rp(parseAbsoluteHostname(mailbox, { root: true }), parseAbsoluteHostname(name, { root: true }));
  },
  toYaml: (value, origin) => {
    const { mailbox, text } = fieldsOf(value);
    return { mailbox: hostnameToYaml(mailbox, origin), text: hostnameToYaml(text, origin) };
  },
  fields: fieldsOf,
  fromFields: (fields) =>
    rp(parseApiHostname(fields.mailbox, { root: true }), parseApiHostname(fields.text, { root: true })),
};

type RpYaml = { mailbox: string; text: string };

function fieldsOf(value: string): RpYaml {
  const [mailbox = '', text = ''] = value.split(' ');
  return { mailbox, text };
}

function rp(mailbox: ParseResult, text: ParseResult): ParseResult {
  const checks = new FieldChecks();
  const fields = [checks.take('mailbox', mailbox), checks.take('text', text)];
  return checks.result(() => fields.join(' '));
}
