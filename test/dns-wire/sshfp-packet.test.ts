/**
 * SSHFP on the wire (sshfp-packet.ts): the fingerprint is the whole rest of the RDATA (RFC 4255 §3.1), of any length,
 * and a message holding one is read to its end; an RDATA too short for its two fixed fields is a malformed message.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeMessage,
  encodeMessage,
  MalformedMessageError,
  type WireMessage,
} from '../../src/dns-wire/index.js';

const message = (answers: WireMessage['answers']): WireMessage => ({
  ...{ id: 7, response: true, opcode: 0, authoritative: true, truncated: false, recursionDesired: false },
  ...{ rcode: 0, answers, authorities: [], additionals: [] },
});

describe('SSHFP records in a message', () => {
  it('keep a fingerprint of any length, and the records after it', () => {
    const answers = [
      { name: 'h.example.com', type: 'SSHFP', ttl: 300, value: '200 9 abcd' },
      { name: 'h.example.com', type: 'SSHFP', ttl: 300, value: `4 3 ${'ab'.repeat(48)}` },
      { name: 'h.example.com', type: 'A', ttl: 300, value: '192.0.2.1' },
    ];
    const octets = encodeMessage(message(answers));
    // The RDATA as RFC 4255 §3.1 lays it out: algorithm, type, then the fingerprint's octets, no more.
    expect(octets.includes(Buffer.from([0x00, 0x04, 200, 9, 0xab, 0xcd]))).toBe(true);
    expect(decodeMessage(octets).answers).toEqual(answers);
    // Exactly as long as its records: a header, and per record its name (15), 10 octets of fields, its RDATA.
    expect(octets.length).toBe(12 + (25 + 4) + (25 + 50) + (25 + 4));
  });

  it('reads an empty fingerprint: the RDATA is the two fields alone', () => {
    const octets = encodeMessage(message([{ name: 'h', type: 'SSHFP', ttl: 1, value: '1 2 ab' }]));
    const empty = Buffer.concat([
      octets.subarray(0, octets.length - 5),
      Buffer.from([0x00, 0x02, 0x01, 0x02]),
    ]);
    expect(decodeMessage(empty).answers).toEqual([{ name: 'h', type: 'SSHFP', ttl: 1, value: '1 2 ' }]);
  });

  it('is malformed when its RDATA is shorter than the algorithm and the type', () => {
    const octets = encodeMessage(message([{ name: 'h', type: 'SSHFP', ttl: 1, value: '1 2 ab' }]));
    // Cut the RDATA to one octet: RDLENGTH 1, then the algorithm alone.
    const short = Buffer.concat([octets.subarray(0, octets.length - 5), Buffer.from([0x00, 0x01, 0x01])]);
    expect(() => decodeMessage(short)).toThrow(MalformedMessageError);
    expect(() => decodeMessage(short)).toThrow(
      'an SSHFP record of 1 octets: it needs at least 2, within the message',
    );
    // An RDLENGTH past the end of the message: 9 octets said, 3 there.
    const long = Buffer.concat([
      octets.subarray(0, octets.length - 5),
      Buffer.from([0x00, 0x09, 0x01, 0x02, 0xab]),
    ]);
    expect(() => decodeMessage(long)).toThrow(
      'an SSHFP record of 9 octets: it needs at least 2, within the message',
    );
  });
});
