import { z } from 'zod';
import { withDot } from './cname.js';
import { hostnameToYaml, parseAbsoluteHostname, parseHostname } from './hostname.js';
import { uint16 } from './numbers.js';
import { type ParseResult, parsed, type RecordType, refused } from './record-type.js';

/**
 * MX: a preference (0–65535, lower is preferred) and a mail exchange; `.` as exchange with preference 0 is the
 * null MX of RFC 7505 ("this domain accepts no mail"). Canonical: `10 mail.example.com.`.
 */
export const MX: RecordType = {
  type: 'MX',
  key: 'mx',
  yaml: z.strictObject({
    preference: uint16(),
    exchange: z.string({ error: 'must be a domain name such as mail.example.com.' }).min(1),
  }),
  parse: (input, origin) => {
    const { preference, exchange } = input as { preference: number; exchange: string };
    return mx(preference, parseHostname(exchange, origin, { root: true }), ['exchange']);
  },
  parsePresentation: (text) => {
    const [preference, exchange, ...rest] = text.trim().split(/\s+/);
    if (rest.length > 0 || exchange === undefined || !/^\d+$/.test(preference ?? ''))
      return refused(`"${text}" is not an MX value (preference exchange)`);
    return mx(Number(preference), parseAbsoluteHostname(exchange, { root: true }), []);
  },
  toYaml: (value, origin) => {
    const [preference, exchange] = value.split(' ');
    return { preference: Number(preference), exchange: hostnameToYaml(exchange ?? '', origin) };
  },
  compare: (a, b) => Number(a.split(' ')[0]) - Number(b.split(' ')[0]) || (a < b ? -1 : a > b ? 1 : 0),
  dyn: {
    toRdata: (value) => {
      const [preference, exchange] = value.split(' ');
      return { preference: Number(preference), exchange: exchange ?? '' };
    },
    fromRdata: (rdata) =>
      mx(
        Number(rdata.preference),
        parseAbsoluteHostname(withDot(String(rdata.exchange ?? '')), { root: true }),
        [],
      ),
  },
};

function mx(preference: number, exchange: ParseResult, path: string[]): ParseResult {
  if (!Number.isInteger(preference) || preference < 0 || preference > 65535)
    return refused('preference must be an integer between 0 and 65535', ['preference']);
  if (!exchange.ok) return { ok: false, problems: exchange.problems.map((p) => ({ ...p, path })) };
  return parsed(`${preference} ${exchange.value}`);
}
