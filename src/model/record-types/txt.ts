import { z } from 'zod';
import { canonicalText, quoteChunks, unquoteAll } from './character-strings.js';
import { parsed, type RecordType } from './record-type.js';

/**
 * TXT: text, written in YAML as it is served (no quotes, no escapes: `v=spf1 -all`). Text longer than 255 octets
 * is split into 255-octet strings, as RFC 1035 requires; where a live value was split elsewhere, its strings are
 * joined and split again, so only the text itself is compared (what SPF and DKIM readers see).
 */
export const TXT: RecordType = {
  type: 'TXT',
  key: 'txt',
  yaml: z.string({ error: 'must be a string of text' }),
  parse: (input) => parsed(quoteChunks(String(input))),
  parsePresentation: canonicalText,
  toYaml: (value) => textOf(value),
  dyn: {
    toRdata: (value) => ({ txtdata: textOf(value) }),
    fromRdata: (rdata) => parsed(quoteChunks(String(rdata.txtdata ?? ''))),
  },
};

/** The text of a canonical value: its strings unquoted and joined. */
export function textOf(value: string): string {
  const result = unquoteAll(value);
  return result.ok ? result.strings.join('') : value;
}
