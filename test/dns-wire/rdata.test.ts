import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, type WireMessage, type WireRecord } from '../../src/dns-wire/index.js';
import { RECORD_TYPES, type RecordType } from '../../src/model/record-types/index.js';
import { ORIGINS, YAML_VALUES } from '../model/record-types/values.js';

const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 100) };

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

// ALIAS has no type on the wire: a server answers it with the target's addresses.
const WIRE_TYPES = RECORD_TYPES.filter((type) => type.type !== 'ALIAS');

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
        // dns-packet writes and reads SSHFP fingerprints of the assigned types only (1 SHA-1, 2 SHA-256).
        fc.pre(type.type !== 'SSHFP' || ['1', '2'].includes(value.split(' ')[1] ?? ''));
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
    expect(decoded.answers[1]).toEqual({ name: '.', type: 'UNKNOWN_65280', ttl: 9, value: '\\# 3 010203' });
  });

  it('refuses octets that are not a message, with the reason', () => {
    expect(() => decodeMessage(Buffer.from([1, 2, 3]))).toThrow(/Header must be 12 bytes/);
  });

  it('refuses to write a type it has no codec for', () => {
    expect(() =>
      encodeMessage(message([{ name: 'a.example.com', type: 'ALIAS', ttl: 1, value: 'b.example.com.' }])),
    ).toThrow('no DNS wire codec for ALIAS records');
  });
});
