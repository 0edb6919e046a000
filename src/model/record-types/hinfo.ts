import * as z from '../zod.js';
import { canonicalStrings, decodeText, quote, scanStrings, tokenText } from './character-strings.js';
import { FieldChecks } from './fields.js';
import { type ParseResult, type RecordType, refused } from './record-type.js';

/**
 * HINFO (RFC 1035 §3.3.2): the host's CPU and operating system, two strings of at most 255 octets. RFC 8482 §4.2
 * gives it a second use: the answer to an ANY query (`cpu: RFC8482`, `os: ""`). YAML: `{ cpu: INTEL-386, os:
 * Linux }`; canonical: `"INTEL-386" "Linux"`.
 */
export const HINFO: RecordType = {
  type: 'HINFO',
  key: 'hinfo',
  yaml: z.lazy(() =>
    z.strictObject({
      cpu: z.string({ error: 'must be a string of text' }),
      os: z.string({ error: 'must be a string of text' }),
    }),
  ),
  parse: (input) => {
    const { cpu, os } = input as HinfoYaml;
    return hinfo(cpu, os);
  },
  parsePresentation: (text) => {
    const scanned = scanStrings(text);
    if (!scanned.ok) return refused(`"${text}" is not an HINFO value: ${scanned.problem}`);
    const [cpu, os, ...rest] = scanned.tokens;
    if (!cpu || !os || rest.length > 0) return refused(`"${text}" is not an HINFO value (cpu os)`);
    const [cpuText, osText] = [decodeText(cpu.octets), decodeText(os.octets)];
    if (cpuText === undefined || osText === undefined)
      return refused(`"${text}" is not an HINFO value edgeplan can write: its strings are not UTF-8 text`);
    return hinfo(cpuText, osText);
  },
  toYaml: fieldsOf,
  fields: fieldsOf,
  fromFields: (fields) => hinfo(fields.cpu, fields.os),
};

type HinfoYaml = { cpu: string; os: string };

function fieldsOf(value: string): HinfoYaml {
  const [cpu, os] = canonicalStrings(value);
  return { cpu: tokenText(cpu), os: tokenText(os) };
}

function hinfo(cpu: unknown, os: unknown): ParseResult {
  const checks = new FieldChecks();
  const fields = [checks.text('cpu', cpu, 255), checks.text('os', os, 255)];
  return checks.result(() => fields.map(quote).join(' '));
}
