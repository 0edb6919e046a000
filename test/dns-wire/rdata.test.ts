import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeMessage,
  encodeMessage,
  MalformedMessageError,
  rcodeName,
  type WireMessage,
  type WireRecord,
} from '../../src/dns-wire/index.js';
import { RECORD_TYPES, type RecordType } from '../../src/model/record-types/index.js';
import { ORIGINS, YAML_VALUES } from '../model/record-types/values.js';

const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 100) };

const RRSIG = {
  typeCovered: 'A',
  algorithm: 13,
  labels: 3,
  originalTTL: 5,
  expiration: 2,
  inception: 1,
  keyTag: 7,
  signersName: 'example.com',
  signature: Buffer.from([1, 2]),
} as const;

function message(records: WireRecord[]): WireMessage {
  return {
    ...{ id: 7, response: true, opcode: 0, authoritative: true, truncated: false, recursionDesired: false },
    ...{
      rcode: 0,
      question: { name: 'example.com', type: 'A' },
      answers: records,
      authorities: [],
      additionals: [],
    },
  };
}

/** A canonical value of `type` through a DNS message and back, read again by the registry. */
function throughTheWire(type: RecordType, value: string): string {
  const [back] = decodeMessage(
    encodeMessage(message([{ name: 'x.example.com', type: type.type, ttl: 300, value }])),
  ).answers;
  const result = type.parsePresentation(back?.value ?? '');
  if (!result.ok) throw new Error(`${back?.value} refused: ${JSON.stringify(result.problems)}`);
  return result.value;
}

// ALIAS has no type on the wire: a server answers it with the target's addresses. An SOA's canonical value leaves
// the serial out (and may leave fields to the provider): the wire carries all seven fields, written by
// src/providers/rfc2136/soa-entry.ts and read back by test/integration/soa-rfc2136.test.ts.
const WIRE_TYPES = RECORD_TYPES.filter((type) => type.type !== 'ALIAS' && type.type !== 'SOA');

describe.each(WIRE_TYPES.map((type) => [type.type, type] as const))('%s on the wire', (_name, type) => {
  it('comes back as the same canonical value', () => {
    const yaml = YAML_VALUES.get(type.key);
    if (!yaml) throw new Error(`no value generator for ${type.key}`);
    const values = fc.tuple(yaml, fc.constantFrom(...ORIGINS)).map(([input, origin]) => {
      const result = type.parse(input, origin);
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      return result.value;
    });
    fc.assert(
      fc.property(values, (value) => {
        expect(throughTheWire(type, value)).toBe(value);
      }),
      RUNS,
    );
  });
});

describe('DNS messages', () => {
  it('keep the header, the question, the sections, TTLs and the EDNS payload size', () => {
    const sent: WireMessage = {
      ...message([{ name: 'www.example.com', type: 'A', ttl: 60, value: '192.0.2.1' }]),
      rcode: 3,
      truncated: true,
      recursionDesired: true,
      authorities: [
        {
          name: 'example.com',
          type: 'SOA',
          ttl: 3600,
          value: 'ns1.example.net. admin.example.com. 7 3600 600 604800 1800',
        },
      ],
      additionals: [{ name: 'ns1.example.com', type: 'AAAA', ttl: 5, value: '2001:db8::1' }],
      udpSize: 1232,
    };
    expect(decodeMessage(encodeMessage(sent))).toEqual(sent);
    // A query of another opcode (UPDATE, 5), its flags off, no EDNS: each field read back as it was, none added.
    const query: WireMessage = {
      ...message([]),
      ...{ id: 0xfffe, response: false, opcode: 5, authoritative: false, rcode: 15 },
    };
    expect(decodeMessage(encodeMessage(query))).toEqual(query);
  });

  it('reads names in any case as lower case, and types without a codec as RFC 3597 text', () => {
    const octets = encodeMessage(
      message([{ name: 'WWW.Example.COM', type: 'A', ttl: 1, value: '192.0.2.1' }]),
    );
    expect(decodeMessage(octets).answers[0]?.name).toBe('www.example.com');
    // An RR of type 65280 (private use) with three octets of RDATA, appended by hand.
    const header = Buffer.from(octets);
    header.writeUInt16BE(2, 6);
    const rr = Buffer.from([0, 0xff, 0x00, 0, 1, 0, 0, 0, 9, 0, 3, 1, 2, 3]);
    const decoded = decodeMessage(Buffer.concat([header, rr]));
    // RFC 3597 §5: a type without a mnemonic is named TYPE<n>.
    expect(decoded.answers[1]).toEqual({ name: '.', type: 'TYPE65280', ttl: 9, value: '\\# 3 010203' });
  });

  it('never leaves out a record: types dns-packet reads as objects come back as RFC 3597 text', () => {
    // An NSEC (RFC 4034 §4.1) and an NSEC3PARAM, which edgeplan does not manage, as a transfer holds them.
    const packet = dnsPacket.encode({
      type: 'response',
      answers: [
        {
          name: 'a.example.com',
          type: 'NSEC',
          ttl: 5,
          data: { nextDomain: 'b.example.com', rrtypes: ['A'] },
        },
        { name: 'example.com', type: 'RRSIG', ttl: 5, data: RRSIG },
      ],
    });
    const answers = decodeMessage(Buffer.from(packet)).answers;
    expect(answers.map((answer) => answer.type)).toEqual(['NSEC', 'RRSIG']);
    // next domain b.example.com. uncompressed, then the type bitmap of window 0 holding A (RFC 4034 §4.1.2).
    expect(answers[0]?.value).toBe('\\# 18 0162076578616d706c6503636f6d00000140');
    // type covered 1, algorithm 13, 3 labels, TTL 5, expiration 2, inception 1, key tag 7, signer, signature.
    expect(answers[1]?.value).toBe(
      '\\# 33 00010d030000000500000002000000010007076578616d706c6503636f6d000102',
    );
  });

  it('writes and reads the generic form of a type by number (RFC 3597 §5)', () => {
    const record = { name: 'x.example.com', type: 'TYPE65534', ttl: 60, value: '\\# 3 010203' };
    expect(decodeMessage(encodeMessage(message([record]))).answers).toEqual([record]);
    const empty = { ...record, value: '\\# 0' };
    expect(decodeMessage(encodeMessage(message([empty]))).answers).toEqual([empty]);
  });

  it('names the response codes it tells apart, and shows the others by number', () => {
    expect([0, 1, 2, 3, 4, 5, 9, 6, 16].map(rcodeName)).toEqual([
      ...['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED', 'NOTAUTH'],
      ...['RCODE 6', 'RCODE 16'],
    ]);
  });

  it('asks in the class a question names, IN unless it says otherwise', () => {
    const asked = (question: WireMessage['question']) =>
      decodeMessage(encodeMessage({ ...message([]), question })).question;
    const chaos = { name: 'version.bind', type: 'TXT', class: 'CH' } as const;
    expect(asked(chaos)).toEqual(chaos);
    expect(asked({ name: 'Example.COM', type: 'SOA' })).toEqual({ name: 'example.com', type: 'SOA' });
    expect(asked({ name: 'example.com', type: 'SOA', class: 'IN' })).toEqual({
      name: 'example.com',
      type: 'SOA',
    });
  });

  it('refuses octets that are not a message, with the reason', () => {
    const error = (() => {
      try {
        decodeMessage(Buffer.from([1, 2, 3]));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MalformedMessageError);
    expect(error).toMatchObject({ name: 'MalformedMessageError', code: 'EP2602' });
    expect((error as Error).message).toMatch(/Header must be 12 bytes/);
  });

  it('refuses to write a type it has no codec for', () => {
    expect(() =>
      encodeMessage(message([{ name: 'a.example.com', type: 'ALIAS', ttl: 1, value: 'b.example.com.' }])),
    ).toThrow('no DNS wire codec for ALIAS records');
  });
});
