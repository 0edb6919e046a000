import { parseAbsoluteHostname } from '../model/record-types/hostname.js';
import type { ParseResult } from '../model/record-types/record-type.js';
import { fromParts, presentationParts, wireParams } from '../model/record-types/svcb-value.js';

/**
 * SVCB and HTTPS RDATA on the wire (RFC 9460 §2.2), which dns-packet has no codec for: SvcPriority (2 octets),
 * TargetName (uncompressed labels), then each SvcParam as key (2 octets), length (2 octets) and value, keys in
 * strictly increasing order. The values' own forms are the model's (record-types/svcb-params.ts), so a value read
 * from the wire is checked and written exactly as one read from a zone file.
 */

/** DNS type codes dns-packet does not name (RFC 9460 §14.1). */
export const SVCB_TYPE_CODES: Readonly<Record<string, number>> = { SVCB: 64, HTTPS: 65 };

/** A canonical SVCB or HTTPS value → its RDATA; throws for a value that is not one (a canonical one always is). */
export function encodeSvcb(type: string, value: string): Buffer {
  const parts = presentationParts(value, type);
  if (typeof parts === 'string' || !parts.target.ok || 'message' in (parts.params[0] ?? {}))
    throw new Error(`"${value}" is not a canonical ${type} value`);
  const head = Buffer.alloc(2);
  head.writeUInt16BE(Number(parts.priority));
  const params = [...parts.params]
    .flatMap((param) => ('key' in param ? [param] : []))
    .sort((a, b) => a.key.number - b.key.number)
    .map(({ key, wire }) => {
      const header = Buffer.alloc(4);
      header.writeUInt16BE(key.number, 0);
      header.writeUInt16BE(wire.length, 2);
      return Buffer.concat([header, wire]);
    });
  return Buffer.concat([head, nameOctets(parts.target.value), ...params]);
}

/** RDATA → the canonical value, or why it is malformed (cut short, keys out of order, a value its key refuses). */
export function decodeSvcb(type: string, data: Buffer): ParseResult {
  const malformed = (why: string): ParseResult => ({
    ok: false,
    problems: [{ path: [], message: `malformed ${type} RDATA: ${why}` }],
  });
  if (data.length < 3) return malformed('shorter than a priority and a name');
  const target = readName(data, 2);
  if (typeof target === 'string') return malformed(target);
  const params: { number: number; wire: Buffer }[] = [];
  for (let at = target.end; at < data.length; ) {
    if (at + 4 > data.length) return malformed('a SvcParam is cut short');
    const number = data.readUInt16BE(at);
    const length = data.readUInt16BE(at + 2);
    if (at + 4 + length > data.length) return malformed(`the value of key ${number} runs past the RDATA`);
    const previous = params.at(-1);
    if (previous && number <= previous.number)
      return malformed('SvcParamKeys are not in strictly increasing order (RFC 9460 §2.2)');
    params.push({ number, wire: data.subarray(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  const parts = {
    priority: data.readUInt16BE(0),
    target: parseAbsoluteHostname(target.name, { root: true }),
  };
  const result = fromParts({ ...parts, params: wireParams(params) }, () => ['params']);
  return result.ok ? result : malformed(result.problems.map((problem) => problem.message).join('; '));
}

/** `foo.example.com.` → its labels, each a length octet and its octets, then the root's zero. */
function nameOctets(name: string): Buffer {
  const labels = name === '.' ? [] : name.slice(0, -1).split('.');
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Uint8Array.of(label.length), Buffer.from(label, 'latin1')])),
    Uint8Array.of(0),
  ]);
}

/** An uncompressed name at `start` (RFC 9460 §2.2: TargetName is never compressed) → lower case, absolute. */
function readName(data: Buffer, start: number): { name: string; end: number } | string {
  const labels: string[] = [];
  for (let at = start; at < data.length; ) {
    const length = data[at] ?? 0;
    if (length === 0) return { name: labels.length === 0 ? '.' : `${labels.join('.')}.`, end: at + 1 };
    if (length > 63) return 'the target name is compressed or has a label longer than 63 octets';
    if (at + 1 + length > data.length) return 'the target name is cut short';
    labels.push(
      data
        .subarray(at + 1, at + 1 + length)
        .toString('latin1')
        .toLowerCase(),
    );
    at += 1 + length;
  }
  return 'the target name has no end';
}
