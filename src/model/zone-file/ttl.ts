import { MAX_TTL } from '../record-set.js';

const UNITS: Readonly<Record<string, number>> = { w: 604_800, d: 86_400, h: 3_600, m: 60, s: 1 };

/**
 * A TTL as zone files write it: seconds (`3600`), or BIND's units (`1w2d3h4m5s`, `8H`, case-insensitive); undefined
 * when it is neither, or above 2^31 - 1 (RFC 2181 §8). Also how SOA timers and `$TTL` are written.
 */
export function parseZoneFileTtl(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text) <= MAX_TTL ? Number(text) : undefined;
  if (!/^(\d+[wdhms])+$/i.test(text)) return undefined;
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)([wdhms])/gi))
    total += Number(n) * (UNITS[(unit ?? 's').toLowerCase()] ?? 1);
  return total <= MAX_TTL ? total : undefined;
}
