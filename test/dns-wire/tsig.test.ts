/**
 * TSIG signing against fixed bytes from two other implementations: each vector is a whole signed query captured
 * as it left the program (a UDP listener on loopback printed it in hex), with a known key. The test strips the TSIG
 * record, signs what is left with the same key at the same time signed, and must produce the captured message byte
 * for byte: the MAC, and the record around it (names, class ANY, TTL 0, fudge 300, original id, no error).
 *
 * - BIND 9.18.49's dig (libdns): `dig +noedns +nocookie -y hmac-sha256:edgeplan-test:<secret> example.com SOA`.
 * - Knot 3.2.6's kdig (libknot): `kdig +noedns -y hmac-sha512:Edgeplan-Test.:<secret> www.example.org AAAA` (a key
 *   name with upper case and a trailing dot, which the MAC covers in canonical form: lower case).
 *
 * The secret of both is the base64 of the ASCII digits "12345678901234567890123456789012".
 */
import { describe, expect, it } from 'vitest';
import { signMessage, type TsigKey } from '../../src/dns-wire/tsig.js';
import { TsigVerifier } from '../../src/dns-wire/tsig-verifier.js';

const SECRET = Buffer.from('MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTI=', 'base64');

interface Vector {
  source: string;
  key: TsigKey;
  /** The query as sent, TSIG record last. */
  signed: string;
  /** Where the TSIG record starts (the query's own octets end). */
  tsigAt: number;
  /** The time signed the program used, in seconds since the epoch. */
  timeSigned: number;
  mac: string;
}

const VECTORS: Vector[] = [
  {
    source: 'BIND 9.18 dig, hmac-sha256',
    key: { algorithm: 'hmac-sha256', name: 'edgeplan-test', secret: SECRET },
    signed:
      '95a001200001000000000001076578616d706c6503636f6d0000060001' +
      '0d65646765706c616e2d746573740000fa00ff00000000003d0b686d61632d7368613235360000006b0ac350012c0020' +
      '81a289be0925ea85ca77d980ee361e22a239d3a548a8d449000a53085cdda0b995a000000000',
    tsigAt: 29,
    timeSigned: 0x6b0ac350,
    mac: '81a289be0925ea85ca77d980ee361e22a239d3a548a8d449000a53085cdda0b9',
  },
  {
    source: 'Knot 3.2 kdig, hmac-sha512',
    key: { algorithm: 'hmac-sha512', name: 'edgeplan-test', secret: SECRET },
    signed:
      '49e00120000100000000000103777777076578616d706c65036f726700001c0001' +
      '0d65646765706c616e2d746573740000fa00ff00000000005d0b686d61632d7368613531320000006b0ac5b4012c0040' +
      'd2d22a5b067646f5bb04b0561940ba95a4ecd6fe56419dc40cc6beb3e36805fd4483b24e55bac6fd786e00d3e1a88cca' +
      '4b9d7957ce84eaa42687843cc5199e1d49e000000000',
    tsigAt: 33,
    timeSigned: 0x6b0ac5b4,
    mac:
      'd2d22a5b067646f5bb04b0561940ba95a4ecd6fe56419dc40cc6beb3e36805fd' +
      '4483b24e55bac6fd786e00d3e1a88cca4b9d7957ce84eaa42687843cc5199e1d',
  },
];

/** The query as it was before signing: without its TSIG record, one additional record fewer. */
function unsigned(vector: Vector): Buffer {
  const message = Buffer.from(Buffer.from(vector.signed, 'hex').subarray(0, vector.tsigAt));
  message.writeUInt16BE(message.readUInt16BE(10) - 1, 10);
  return message;
}

describe('TSIG signing matches other implementations byte for byte', () => {
  for (const vector of VECTORS) {
    it(`${vector.source}: the same MAC and the same signed message`, () => {
      const signed = signMessage(unsigned(vector), vector.key, vector.timeSigned * 1000 + 999);
      expect(signed.mac.toString('hex')).toBe(vector.mac);
      expect(signed.octets.toString('hex')).toBe(vector.signed);
    });
  }

  it('a key name given with upper case and a trailing dot signs as its canonical form', () => {
    const [, knot] = VECTORS;
    if (!knot) throw new Error('no vector');
    const key = { ...knot.key, name: 'Edgeplan-Test.' };
    expect(signMessage(unsigned(knot), key, knot.timeSigned * 1000).mac.toString('hex')).toBe(knot.mac);
  });

  it('another second, secret or algorithm gives another MAC', () => {
    const [bind] = VECTORS;
    if (!bind) throw new Error('no vector');
    const mac = (key: TsigKey, seconds: number) =>
      signMessage(unsigned(bind), key, seconds * 1000).mac.toString('hex');
    expect(mac(bind.key, bind.timeSigned + 1)).not.toBe(bind.mac);
    expect(mac({ ...bind.key, secret: Buffer.alloc(32, 1) }, bind.timeSigned)).not.toBe(bind.mac);
    expect(mac({ ...bind.key, algorithm: 'hmac-sha384' }, bind.timeSigned)).toHaveLength(96);
    expect(mac({ ...bind.key, algorithm: 'hmac-sha1' }, bind.timeSigned)).toHaveLength(40);
  });
});

describe('checking an answer', () => {
  it("refuses an unsigned first answer, and one signed with another key's secret", () => {
    const [bind] = VECTORS;
    if (!bind) throw new Error('no vector');
    const request = signMessage(unsigned(bind), bind.key, bind.timeSigned * 1000);
    expect(() => new TsigVerifier(bind.key, request).accept(unsigned(bind))).toThrow(
      'the answer is not signed',
    );
    const forged = signMessage(unsigned(bind), { ...bind.key, secret: Buffer.alloc(32, 2) }, 0);
    expect(() => new TsigVerifier(bind.key, request).accept(forged.octets)).toThrow(
      "the answer's signature is not the key edgeplan-test's",
    );
  });
});
