/**
 * SSHFP on the wire (sshfp-records.ts, rdata-octets.ts): the fingerprint is the whole rest of the RDATA (RFC 4255
 * §3.1), of any length, both ways, without dns-packet's SSHFP codec; a message holding one is read to its end. An
 * RDATA without a fingerprint is no SSHFP value (BIND refuses it): it reads as RFC 3597's generic form.
 */
import dnsPacket from 'dns-packet';
import { describe, expect, it } from 'vitest';
import {
  decodeMessage,
  encodeMessage,
  MalformedMessageError,
  type WireMessage,
} from '../../src/dns-wire/index.js';
import { hideSshfp } from '../../src/dns-wire/sshfp-records.js';
import { recordType } from '../../src/model/record-types/registry.js';

const message = (answers: WireMessage['answers'], more: Partial<WireMessage> = {}): WireMessage => ({
  ...{ id: 7, response: true, opcode: 0, authoritative: true, truncated: false, recursionDesired: false },
  ...{ rcode: 0, answers, authorities: [], additionals: [] },
  ...more,
});

/** A message of one SSHFP record at `h` whose RDATA is `rdata` (RDLENGTH `length`, default its length). */
function withRdata(rdata: number[], length = rdata.length): Buffer {
  const octets = encodeMessage(message([{ name: 'h', type: 'SSHFP', ttl: 1, value: '1 2 ab' }]));
  return Buffer.concat([octets.subarray(0, octets.length - 5), Buffer.from([0, length, ...rdata])]);
}

describe('SSHFP records in a message', () => {
  it('keep a fingerprint of any length, and the records after it', () => {
    const answers = [
      { name: 'h.example.com', type: 'SSHFP', ttl: 300, value: '200 9 abcd' },
      { name: 'h.example.com', type: 'SSHFP', ttl: 300, value: `4 3 ${'ab'.repeat(48)}` },
      { name: 'h.example.com', type: 'A', ttl: 300, value: '192.0.2.1' },
    ];
    const octets = encodeMessage(message(answers));
    // The RDATA as RFC 4255 §3.1 lays it out: type 44, then algorithm, type, the fingerprint's octets, no more.
    expect(octets.includes(Buffer.from([0x00, 0x2c, 0x00, 0x01]))).toBe(true);
    expect(octets.includes(Buffer.from([0x00, 0x04, 200, 9, 0xab, 0xcd]))).toBe(true);
    expect(decodeMessage(octets).answers).toEqual(answers);
    // Exactly as long as its records: a header, and per record its name (15), 10 octets of fields, its RDATA.
    expect(octets.length).toBe(12 + (25 + 4) + (25 + 50) + (25 + 4));
  });

  it('are read in every section, behind a question', () => {
    const sshfp = { name: 'h.example.com', type: 'SSHFP', ttl: 60, value: '1 1 0123' };
    const sent = message([{ ...sshfp, value: '3 2 ff' }], {
      question: { name: 'h.example.com', type: 'SSHFP' },
      authorities: [{ name: 'example.com', type: 'NS', ttl: 60, value: 'ns.example.com.' }, sshfp],
      additionals: [{ name: 'ns.example.com', type: 'A', ttl: 60, value: '192.0.2.53' }, sshfp],
    });
    const read = decodeMessage(encodeMessage(sent));
    expect(read.question).toEqual({ name: 'h.example.com', type: 'SSHFP' });
    expect([read.answers, read.authorities, read.additionals]).toEqual([
      sent.answers,
      sent.authorities,
      sent.additionals,
    ]);
  });

  it('are read at a compressed name (RFC 1035 §4.1.4), the walk going on after the pointer', () => {
    const sshfp = { name: 'h.example.com', type: 'SSHFP', ttl: 60, value: '1 1 0123' };
    const octets = encodeMessage(
      message([sshfp, { ...sshfp, type: 'A', value: '192.0.2.1' }], {
        question: { name: 'h.example.com', type: 'SSHFP' },
      }),
    );
    // Each answer's name (15 octets) made a pointer to the question's, at offset 12; answers follow the question.
    const name = 15;
    const first = 12 + name + 4;
    const second = first + name + 10 + 4;
    const pointer = Buffer.from([0xc0, 12]);
    const compressed = Buffer.concat([
      octets.subarray(0, first),
      pointer,
      octets.subarray(first + name, second),
      pointer,
      octets.subarray(second + name),
    ]);
    expect(hideSshfp(compressed).sections[0]).toEqual(new Set([0]));
    expect(decodeMessage(compressed).answers).toEqual([sshfp, { ...sshfp, type: 'A', value: '192.0.2.1' }]);
  });

  it('never reach dns-packet as SSHFP, whose codec would lose its place in the message', () => {
    const octets = encodeMessage(
      message([
        { name: 'h', type: 'SSHFP', ttl: 1, value: '1 9 abcd' },
        { name: 'h', type: 'A', ttl: 1, value: '192.0.2.1' },
      ]),
    );
    // dns-packet alone reads no fingerprint (type 9 has no length it knows), then the rest of it as the A record.
    const alone = dnsPacket.decode(octets).answers ?? [];
    expect(alone[0]).toMatchObject({ type: 'SSHFP', data: { algorithm: 1, hash: 9, fingerprint: '' } });
    expect(alone[1]?.type).not.toBe('A');
    const hidden = hideSshfp(octets);
    expect(hidden.sections.map((positions) => [...positions])).toEqual([[0], [], []]);
    expect(hidden.octets).not.toBe(octets);
    expect(dnsPacket.decode(hidden.octets).answers?.map((a) => a.type)).toEqual(['UNKNOWN_0', 'A']);
    // The message given is not changed (its TYPE after the header and the 3 octets of `h`): TSIG checks it as it came.
    expect(octets.readUInt16BE(12 + 3)).toBe(44);
  });

  it('leaves a message without SSHFP as it is, and a real type 0 record a type 0 record', () => {
    const plain = encodeMessage(message([{ name: 'h', type: 'A', ttl: 1, value: '192.0.2.1' }]));
    expect(hideSshfp(plain).octets).toBe(plain);
    const zero = encodeMessage(message([{ name: 'h', type: 'TYPE0', ttl: 1, value: '\\# 2 0102' }]));
    expect(decodeMessage(zero).answers).toEqual([{ name: 'h', type: 'TYPE0', ttl: 1, value: '\\# 2 0102' }]);
  });

  it('reads an RDATA without a fingerprint, or shorter, as generic RDATA, which SSHFP values refuse', () => {
    const read = (rdata: number[]) => decodeMessage(withRdata(rdata)).answers;
    expect(read([1, 2])).toEqual([{ name: 'h', type: 'SSHFP', ttl: 1, value: '\\# 2 0102' }]);
    expect(read([1])).toEqual([{ name: 'h', type: 'SSHFP', ttl: 1, value: '\\# 1 01' }]);
    expect(read([])).toEqual([{ name: 'h', type: 'SSHFP', ttl: 1, value: '\\# 0' }]);
    expect(read([1, 2, 0xab])).toEqual([{ name: 'h', type: 'SSHFP', ttl: 1, value: '1 2 ab' }]);
    // RFC 4255 §3.2: the fingerprint is hexadecimal digits; edgeplan's SSHFP takes none of these three.
    const sshfp = recordType('SSHFP');
    for (const value of ['\\# 2 0102', '1 2', '1 2 '])
      expect(sshfp?.parsePresentation(value).ok, value).toBe(false);
  });

  it('is malformed when an SSHFP RDATA runs past the end of the message', () => {
    // RDLENGTH 9, three octets there.
    const long = withRdata([1, 2, 0xab], 9);
    expect(() => decodeMessage(long)).toThrow(MalformedMessageError);
    expect(() => decodeMessage(long)).toThrow('an SSHFP record of 9 octets runs past the end of the message');
  });

  it('leaves a message the walk cannot follow to dns-packet, which refuses it', () => {
    const octets = encodeMessage(message([{ name: 'h', type: 'SSHFP', ttl: 1, value: '1 2 ab' }]));
    // A label length with the top bits 01 (RFC 6891 §5 retired extended labels): no name.
    const bad = Buffer.from(octets);
    bad.writeUInt8(0x41, 12);
    expect(hideSshfp(bad)).toEqual({ octets: bad, sections: [new Set(), new Set(), new Set()] });
    expect(() => decodeMessage(bad)).toThrow(MalformedMessageError);
    // Not walked as a label of 0x41 octets: past those lies what would read as an SSHFP record at the root.
    const astray = Buffer.concat([bad.subarray(0, 13), Buffer.alloc(0x41, 0x61), octets.subarray(14)]);
    expect(hideSshfp(astray)).toEqual({ octets: astray, sections: [new Set(), new Set(), new Set()] });
    // Cut inside the record's fields; and a header alone that promises a record.
    const cut = octets.subarray(0, 12 + 3 + 6);
    expect(hideSshfp(cut).octets).toBe(cut);
    expect(() => decodeMessage(cut)).toThrow(MalformedMessageError);
    expect(hideSshfp(octets.subarray(0, 11)).octets).toHaveLength(11);
    // Shorter than the counts it needs; a name cut after its first label, at the very end.
    expect(hideSshfp(octets.subarray(0, 5)).octets).toHaveLength(5);
    expect(hideSshfp(octets.subarray(0, 12 + 2)).octets).toHaveLength(14);
    expect(() => decodeMessage(octets.subarray(0, 11))).toThrow(MalformedMessageError);
  });
});
