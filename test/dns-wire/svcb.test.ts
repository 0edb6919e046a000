import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from '../../src/dns-wire/index.js';
import { decodeSvcb, encodeSvcb } from '../../src/dns-wire/svcb.js';
import { requireRecordType } from '../../src/model/record-types/index.js';

/**
 * RFC 9460 Appendix D: each presentation vector with its wire octets (written here as the RFC prints them, field by
 * field), read by the record type into its canonical value, encoded to exactly those octets and decoded back.
 */
const VECTORS: { figure: string; type: string; text: string; wire: string[] }[] = [
  {
    figure: 'D.1 Figure 2, AliasMode',
    type: 'HTTPS',
    text: '0 foo.example.com.',
    wire: ['0000', '03666f6f076578616d706c6503636f6d00'],
  },
  { figure: 'D.2 Figure 3, the target "."', type: 'SVCB', text: '1 .', wire: ['0001', '00'] },
  {
    figure: 'D.2 Figure 4, port',
    type: 'SVCB',
    text: '16 foo.example.com. port=53',
    wire: ['0010', '03666f6f076578616d706c6503636f6d00', '0003', '0002', '0035'],
  },
  {
    figure: 'D.2 Figure 5, a generic key and value',
    type: 'SVCB',
    text: '1 foo.example.com. key667=hello',
    wire: ['0001', '03666f6f076578616d706c6503636f6d00', '029b', '0005', '68656c6c6f'],
  },
  {
    figure: 'D.2 Figure 6, a quoted generic value with a decimal escape',
    type: 'SVCB',
    text: '1 foo.example.com. key667="hello\\210qoo"',
    wire: ['0001', '03666f6f076578616d706c6503636f6d00', '029b', '0009', '68656c6c6fd2716f6f'],
  },
  {
    figure: 'D.2 Figure 7, two quoted IPv6 hints',
    type: 'SVCB',
    text: '1 foo.example.com. ipv6hint="2001:db8::1,2001:db8::53:1"',
    wire: [
      ...['0001', '03666f6f076578616d706c6503636f6d00', '0006', '0020'],
      ...['20010db8000000000000000000000001', '20010db8000000000000000000530001'],
    ],
  },
  {
    figure: 'D.2 Figure 8, an IPv6 hint in embedded IPv4 syntax',
    type: 'SVCB',
    text: '1 example.com. ipv6hint="2001:db8:122:344::192.0.2.33"',
    wire: ['0001', '076578616d706c6503636f6d00', '0006', '0010', '20010db80122034400000000c0000221'],
  },
  {
    figure: 'D.2 Figure 9, keys in another order in presentation than on the wire',
    type: 'SVCB',
    text: '16 foo.example.org. alpn=h2,h3-19 mandatory=ipv4hint,alpn ipv4hint=192.0.2.1',
    wire: [
      ...['0010', '03666f6f076578616d706c65036f726700'],
      ...['0000', '0004', '0001', '0004'],
      ...['0001', '0009', '02', '6832', '05', '68332d3139'],
      ...['0004', '0004', 'c0000201'],
    ],
  },
  {
    figure: 'D.2 Figure 10, an escaped comma and backslash in alpn',
    type: 'SVCB',
    text: '16 foo.example.org. alpn="f\\\\\\\\oo\\\\,bar,h2"',
    wire: [
      '0010',
      '03666f6f076578616d706c65036f726700',
      '0001',
      '000c',
      '08',
      '665c6f6f2c626172',
      '02',
      '6832',
    ],
  },
  {
    figure: 'D.2 Figure 10, its second presentation',
    type: 'SVCB',
    text: '16 foo.example.org. alpn=f\\\\\\092oo\\092,bar,h2',
    wire: [
      '0010',
      '03666f6f076578616d706c65036f726700',
      '0001',
      '000c',
      '08',
      '665c6f6f2c626172',
      '02',
      '6832',
    ],
  },
];

describe('SVCB and HTTPS RDATA (RFC 9460 §2.2)', () => {
  it.each(VECTORS)('Appendix $figure: $text', ({ type, text, wire }) => {
    const parsed = requireRecordType(type).parsePresentation(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const octets = Buffer.from(wire.join(''), 'hex');
    expect(encodeSvcb(type, parsed.value).toString('hex')).toBe(octets.toString('hex'));
    expect(decodeSvcb(type, octets)).toEqual({ ok: true, value: parsed.value });
  });

  const malformed = (hex: string) => decodeSvcb('SVCB', Buffer.from(hex, 'hex'));
  const message = (why: string) => ({
    ok: false,
    problems: [{ path: [], message: `malformed SVCB RDATA: ${why}` }],
  });

  it('refuses keys out of order or twice on the wire (RFC 9460 §2.2: strictly increasing)', () => {
    expect(malformed('0001' + '00' + '0003' + '0002' + '0035' + '0001' + '0002' + '0268')).toEqual(
      message('SvcParamKeys are not in strictly increasing order (RFC 9460 §2.2)'),
    );
    expect(malformed('0001' + '00' + '0003' + '0002' + '0035' + '0003' + '0002' + '0036')).toEqual(
      message('SvcParamKeys are not in strictly increasing order (RFC 9460 §2.2)'),
    );
  });

  it('refuses RDATA cut short, and values their key does not take', () => {
    expect(malformed('0001')).toEqual(message('shorter than a priority and a name'));
    expect(malformed('000105666f6f')).toEqual(message('the target name is cut short'));
    expect(malformed('000103666f6f')).toEqual(message('the target name has no end'));
    expect(malformed('0001c00c')).toEqual(
      message('the target name is compressed or has a label longer than 63 octets'),
    );
    expect(malformed('0001' + '00' + '0003')).toEqual(message('a SvcParam is cut short'));
    expect(malformed('0001' + '00' + '0003' + '0004' + '0035')).toEqual(
      message('the value of key 3 runs past the RDATA'),
    );
    expect(malformed('0001' + '00' + '0003' + '0001' + '35')).toEqual(message('port has 1 octets, not 2'));
    expect(malformed('0001' + '00' + '0000' + '0004' + '00040001' + '0001' + '0003' + '026832')).toEqual(
      message('mandatory keys are not in strictly increasing order (RFC 9460 §8)'),
    );
    expect(malformed('0001' + '00' + '0004' + '0003' + 'c00002')).toEqual(
      message('ipv4hint has 3 octets, not a multiple of 4'),
    );
    expect(malformed('0001' + '00' + '0001' + '0003' + '056832')).toEqual(
      message('alpn: a protocol id runs past the value'),
    );
    expect(malformed('0000' + '00' + '0003' + '0002' + '0035')).toEqual(
      message(
        'priority 0 is AliasMode, which takes no params (RFC 9460 §2.4.2): give a priority of 1 or more',
      ),
    );
    expect(malformed('0001' + '00' + 'ffff' + '0000')).toEqual(
      message('key 65535 is reserved (RFC 9460 §14.3.2)'),
    );
    expect(malformed('0001' + '00' + '0002' + '0000')).toEqual(
      message('no-default-alpn needs alpn beside it (RFC 9460 §7.1.1)'),
    );
  });

  it('asks and answers by type codes 64 and 65 (RFC 9460 §14.1), which dns-packet does not name', () => {
    const answer = { name: 'example.com', type: 'HTTPS', ttl: 300, value: '1 . alpn=h2' };
    const octets = encodeMessage({
      ...{ id: 1, response: true, opcode: 0, authoritative: true, truncated: false, recursionDesired: false },
      ...{ rcode: 0, question: { name: 'example.com', type: 'HTTPS' }, answers: [answer] },
      ...{ authorities: [], additionals: [] },
    });
    // The question's type, after the 12-octet header and the name (13 octets): 0x0041.
    expect(octets.readUInt16BE(12 + 13)).toBe(65);
    const decoded = decodeMessage(octets);
    expect(decoded.question).toEqual({ name: 'example.com', type: 'HTTPS' });
    expect(decoded.answers).toEqual([answer]);
  });
});
