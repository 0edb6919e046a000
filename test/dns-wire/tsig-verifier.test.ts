/**
 * Checking the answers to a signed request (src/dns-wire/tsig-verifier.ts, tsig-record.ts), on messages written here
 * octet by octet where the encoder would not write them (compressed names, a pointer loop, a name of 128 labels, a
 * TSIG error), and signed as a server signs them (tsig-signer.ts). RFC 8945 §5.3.1: every answer signed or covered
 * by the next signature, the first and the last signed; §4.2: the TSIG record is the last additional record.
 */
import { describe, expect, it } from 'vitest';
import { encodeMessage } from '../../src/dns-wire/message.js';
import { appendTsig, nameOctets, signMessage, TsigError, type TsigKey } from '../../src/dns-wire/tsig.js';
import { TsigVerifier } from '../../src/dns-wire/tsig-verifier.js';
import { AnswerSigner } from './tsig-signer.js';

const KEY: TsigKey = { algorithm: 'hmac-sha256', name: 'edgeplan-test', secret: Buffer.alloc(32, 7) };
const NOW = 1_750_000_000_000;

/** A query for www.example.com A, signed with `key`. */
function request(key = KEY) {
  return signMessage(
    encodeMessage({
      ...{
        id: 4242,
        response: false,
        opcode: 0,
        authoritative: false,
        truncated: false,
        recursionDesired: false,
      },
      ...{
        rcode: 0,
        question: { name: 'www.example.com', type: 'A' },
        answers: [],
        authorities: [],
        additionals: [],
      },
    }),
    key,
    NOW,
  );
}

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const pointer = (offset: number) => u16(0xc000 | offset);

/** A record: its name's octets (plain or compressed), type, class IN, TTL 300, its RDATA. */
function record(name: Buffer, type: number, rdata: Buffer): Buffer {
  return Buffer.concat([name, u16(type), u16(1), Buffer.from([0, 0, 1, 44]), u16(rdata.length), rdata]);
}

/** A response with id 4242 and these counts (question, answer, authority, additional), then `body`. */
function answer(counts: [number, number, number, number], body: Buffer): Buffer {
  return Buffer.concat([u16(4242), u16(0x8400), ...counts.map(u16), body]);
}

const QUESTION = Buffer.concat([nameOctets('www.example.com'), u16(1), u16(1)]);
/** Where `example.com` starts inside the question's name (the header is 12 octets, `www` 4). */
const EXAMPLE_COM = 12 + 4;

/**
 * An answer whose names are compressed the way servers write them: two A records at a pointer to the question's
 * name, an NS record at `example.com` (a pointer into it) whose target is `y` then a pointer, and an A record at
 * `x` then a pointer to that target: a name of two pointers.
 */
function compressed(): Buffer {
  const a1 = record(pointer(12), 1, Buffer.from([192, 0, 2, 1]));
  const a2 = record(pointer(12), 1, Buffer.from([192, 0, 2, 2]));
  const nsAt = 12 + QUESTION.length + a1.length + a2.length;
  const target = nsAt + 2 + 10; // the NS record's RDATA: after its name (a pointer) and its fixed part
  const ns = record(pointer(EXAMPLE_COM), 2, Buffer.concat([Buffer.from([1, 0x79]), pointer(12)]));
  const glue = record(
    Buffer.concat([Buffer.from([1, 0x78]), pointer(target)]),
    1,
    Buffer.from([192, 0, 2, 3]),
  );
  return answer([1, 2, 1, 1], Buffer.concat([QUESTION, a1, a2, ns, glue]));
}

describe('reading the TSIG record of a signed answer', () => {
  it('walks compressed names, pointers to pointers included, to find the record', () => {
    const asked = request();
    const signer = new AnswerSigner(KEY, asked.octets, NOW / 1000);
    expect(() => new TsigVerifier(KEY, asked).accept(signer.signed(compressed()))).not.toThrow();
  });

  it('reads a time signed past 2106 whole (48 bits, RFC 8945 §4.2)', () => {
    const asked = request();
    const signer = new AnswerSigner(KEY, asked.octets, 2 ** 32 + 7);
    expect(() => new TsigVerifier(KEY, asked).accept(signer.signed(compressed()))).not.toThrow();
  });

  it('takes a key named with upper case, a trailing dot, or several labels, as its canonical name', () => {
    for (const name of ['Edgeplan-Test.', 'key.example']) {
      const key = { ...KEY, name };
      const asked = request(key);
      const signer = new AnswerSigner({ ...key, name: name.toLowerCase().replace(/\.$/, '') }, asked.octets);
      expect(() => new TsigVerifier(key, asked).accept(signer.signed(compressed()))).not.toThrow();
    }
  });

  it('finds no signature when the last additional record is not a TSIG (an EDNS OPT)', () => {
    const withOpt = encodeMessage({
      ...{
        id: 4242,
        response: true,
        opcode: 0,
        authoritative: true,
        truncated: false,
        recursionDesired: false,
      },
      ...{ rcode: 0, answers: [], authorities: [], additionals: [], udpSize: 1232 },
    });
    expect(() => new TsigVerifier(KEY, request()).accept(withOpt)).toThrow('the answer is not signed');
  });

  it('refuses octets cut short, or whose names loop or run past 127 labels, as a TsigError saying which', () => {
    const asked = request();
    const signed = new AnswerSigner(KEY, asked.octets).signed(compressed());
    const check = (octets: Buffer) => () => new TsigVerifier(KEY, asked).accept(octets);
    for (const cut of [3, 20, 60]) {
      expect(check(signed.subarray(0, signed.length - cut))).toThrow(TsigError);
      expect(check(signed.subarray(0, signed.length - cut))).toThrow('the answer is cut short or malformed');
    }
    const loop = answer([0, 0, 0, 1], record(pointer(12), 250, Buffer.alloc(0)));
    expect(check(loop)).toThrow('a name in the answer loops, or is longer than 127 labels');
    const labels = (n: number) =>
      Buffer.concat([...Array.from({ length: n }, () => Buffer.from([1, 0x61])), u16(0).subarray(1)]);
    expect(check(answer([0, 0, 0, 1], record(labels(128), 1, Buffer.alloc(4))))).toThrow(
      'a name in the answer loops, or is longer than 127 labels',
    );
    expect(check(answer([0, 0, 0, 1], record(labels(127), 1, Buffer.alloc(4))))).toThrow(
      'the answer is not signed',
    );
  });
});

describe('the signature of an answer', () => {
  it('refuses an answer that carries a TSIG error, by its name (RFC 8945 §5.3.2)', () => {
    for (const [code, name] of [
      [16, 'BADSIG'],
      [17, 'BADKEY'],
      [18, 'BADTIME'],
      [22, 'BADTRUNC'],
      [99, '99'],
    ] as const) {
      const asked = request();
      const signed = new AnswerSigner(KEY, asked.octets).signed(compressed());
      signed.writeUInt16BE(code, signed.length - 4);
      expect(() => new TsigVerifier(KEY, asked).accept(signed)).toThrow(
        `the server refused the key edgeplan-test for this request (TSIG error ${name})`,
      );
    }
  });

  it('refuses a TSIG record without a MAC, and one whose MAC has another length, as not the key’s', () => {
    const asked = request();
    const timeSigned = NOW / 1000;
    const empty = appendTsig(compressed(), KEY, timeSigned, Buffer.alloc(0));
    expect(() => new TsigVerifier(KEY, asked).accept(empty)).toThrow(
      'the server refused the key edgeplan-test',
    );
    const short = appendTsig(compressed(), KEY, timeSigned, Buffer.alloc(16, 1));
    expect(() => new TsigVerifier(KEY, asked).accept(short)).toThrow(TsigError);
    expect(() => new TsigVerifier(KEY, asked).accept(short)).toThrow(
      "the answer's signature is not the key edgeplan-test's",
    );
  });

  it('ends only signed: never an answer at all, nor one left unsigned at the end', () => {
    expect(() => new TsigVerifier(KEY, request()).finish()).toThrow('no answer is signed');
    const asked = request();
    const signer = new AnswerSigner(KEY, asked.octets);
    const verifier = new TsigVerifier(KEY, asked);
    verifier.accept(signer.signed(compressed()));
    verifier.finish();
    verifier.accept(signer.unsigned(compressed()));
    expect(() => verifier.finish()).toThrow('the last answer is not signed: no signature covers it');
    verifier.accept(signer.signed(compressed()));
    expect(() => verifier.finish()).not.toThrow();
  });
});
