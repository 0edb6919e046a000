import * as z from '../zod.js';
import { textField } from './fields.js';
import { locText, readLoc } from './loc-text.js';
import { type ParseResult, parsed, type RecordType, refused } from './record-type.js';

/**
 * LOC (RFC 1876): where a host is, as its presentation text (§3): latitude, longitude, altitude, and optionally size,
 * horizontal and vertical precision (defaults 1m, 10000m, 10m). YAML: `loc: ["52 22 23.000 N 4 53 32.000 E -2m"]`;
 * canonical: every field written, as RFC 1876 §3 and BIND write them: `52 22 23.000 N 4 53 32.000 E -2.00m 1m
 * 10000m 10m`. A size or precision the RDATA cannot hold (one digit times a power of ten centimetres) is refused,
 * not rounded.
 */
export const LOC: RecordType = {
  type: 'LOC',
  key: 'loc',
  yaml: z.lazy(() =>
    z
      .string({ error: 'must be LOC text such as "52 22 23.000 N 4 53 32.000 E -2.00m"' })
      .check(z.minLength(1)),
  ),
  parse: (input) => loc(String(input)),
  parsePresentation: loc,
  toYaml: (value) => value,
  fields: (value) => {
    const words = value.split(' ');
    return {
      latitude: words.slice(0, 4).join(' '),
      longitude: words.slice(4, 8).join(' '),
      altitude: words[8] ?? '',
      size: words[9] ?? '',
      horiz_pre: words[10] ?? '',
      vert_pre: words[11] ?? '',
    };
  },
  fromFields: (fields) => {
    const names = ['latitude', 'longitude', 'altitude', 'size', 'horiz_pre', 'vert_pre'];
    const missing = names.slice(0, 3).filter((name) => textField(fields[name]) === '');
    if (missing.length > 0) return refused(`the LOC value has no ${missing.join(', ')}`);
    return loc(
      names
        .map((name) => textField(fields[name]))
        .filter((text) => text !== '')
        .join(' '),
    );
  },
};

function loc(text: string): ParseResult {
  const read = readLoc(text);
  return read.ok ? parsed(locText(read.numbers)) : refused(`"${text}" is not a LOC value: ${read.problem}`);
}
