import { describe, expect, it } from 'vitest';
import { encodeUpdate, entryLength } from '../../src/dns-wire/update.js';

/** `example.com.` as a DNS name: 7 example 3 com 0. */
const NAME = Buffer.from([7, ...Buffer.from('example'), 3, ...Buffer.from('com'), 0]);
/** `ns1.example.net.` as a DNS name. */
const TARGET = Buffer.from([
  3,
  ...Buffer.from('ns1'),
  7,
  ...Buffer.from('example'),
  3,
  ...Buffer.from('net'),
  0,
]);

describe('UPDATE entries', () => {
  // RFC 2136 §2.5.4: "Delete An RR From An RRset": CLASS NONE, TTL zero, the RR's own TYPE, RDLENGTH and RDATA.
  it('writes the deletion of one record with class NONE and TTL 0, its RDATA kept', () => {
    const entry = {
      kind: 'delete-record' as const,
      record: { name: 'example.com', type: 'NS', ttl: 3600, value: 'ns1.example.net.' },
    };
    const message = encodeUpdate({ id: 1, zone: 'example.com', prerequisites: [], updates: [entry] });
    const section = message.subarray(message.length - entryLength(entry));
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(2, 0); // NS
    fixed.writeUInt16BE(254, 2); // NONE
    fixed.writeUInt32BE(0, 4);
    fixed.writeUInt16BE(TARGET.length, 8);
    expect(section).toEqual(Buffer.concat([NAME, fixed, TARGET]));
    expect(message.readUInt16BE(8)).toBe(1);
  });
});
