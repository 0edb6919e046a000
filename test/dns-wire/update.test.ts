/**
 * UPDATE messages as written (RFC 2136 §2) with names compressed (RFC 1035 §4.1.4): what a record takes, which
 * names are compressed (owner names and the RDATA names of RFC 1035's types) and which never are (RDATA of later
 * types, RFC 3597 §4), pointers only where they reach (14 bits), and the counting that packs messages without writing
 * them.
 */
import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '../../src/dns-wire/index.js';
import {
  encodeUpdate,
  MAX_SOA_PREREQUISITE,
  type UpdateEntry,
  UpdateSizer,
  UpdateTooLargeError,
} from '../../src/dns-wire/update.js';
import { RECORD_TYPES, type RecordType } from '../../src/model/record-types/index.js';
import { ORIGINS, YAML_VALUES } from '../model/record-types/values.js';

const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 100) };
const ZONE = 'big.example';
const SOA = {
  kind: 'record' as const,
  record: {
    name: ZONE,
    type: 'SOA',
    ttl: 0,
    value: 'ns1.big.example. admin.big.example. 7 3600 600 604800 300',
  },
};

const add = (name: string, type: string, value: string, ttl = 300): UpdateEntry => ({
  kind: 'record',
  record: { name, type, ttl, value },
});

const encode = (updates: UpdateEntry[], prerequisites: UpdateEntry[] = []) =>
  encodeUpdate({ id: 1, zone: ZONE, prerequisites, updates });

/** What the entries add to a message of the zone, as written. */
const octetsOf = (updates: UpdateEntry[]) => encode(updates).length - encode([]).length;

function sized(updates: readonly UpdateEntry[]): number {
  const sizer = new UpdateSizer(ZONE);
  for (const entry of updates) sizer.add(entry);
  return sizer.octets;
}

/** Whether `name` is written in full, label by label, somewhere in the octets (no pointer for any of its suffixes). */
function inFull(octets: Buffer, name: string): boolean {
  const labels = name
    .split('.')
    .map((label) => Buffer.concat([Uint8Array.of(label.length), Buffer.from(label)]));
  return octets.includes(Buffer.concat([...labels, Uint8Array.of(0)]));
}

describe('UPDATE messages with names compressed (RFC 1035 §4.1.4)', () => {
  it('an A record of the zone takes 23 octets: a label and a pointer to the zone, not the name in full (38)', () => {
    expect(octetsOf([add('r00001.big.example', 'A', '10.0.0.1')])).toBe(23);
    // A second name at the same parent: its own label and a pointer again; a repeated name: a pointer alone.
    expect(
      octetsOf([add('r00001.big.example', 'A', '10.0.0.1'), add('r00002.big.example', 'A', '10.0.0.2')]),
    ).toBe(46);
    const again = octetsOf([
      add('r00001.big.example', 'A', '10.0.0.1'),
      { kind: 'delete-rrset', name: 'r00001.big.example', type: 'A' },
    ]);
    expect(again).toBe(23 + 2 + 10);
  });

  it('compresses the names in RDATA of RFC 1035 types (CNAME, NS, PTR, MX, SOA)', () => {
    const target = 'target.big.example.';
    for (const [type, value] of [
      ['CNAME', target],
      ['NS', target],
      ['PTR', target],
      ['MX', `10 ${target}`],
    ] as const) {
      const octets = encode([add('target.big.example', 'A', '10.0.0.9'), add('x.big.example', type, value)]);
      // The target was written as an owner name: the RDATA is a pointer to it (2 octets, MX 2 more).
      expect(octets.length - encode([add('target.big.example', 'A', '10.0.0.9')]).length).toBe(
        2 + 2 + 10 + (type === 'MX' ? 4 : 2),
      );
      const [, back] = decodeMessage(octets).authorities;
      expect(back?.value).toBe(value);
    }
    const withSoa = encode([], [SOA]);
    expect(decodeMessage(withSoa).answers[0]?.value).toBe(SOA.record.value);
    expect(inFull(withSoa, 'ns1.big.example')).toBe(false);
  });

  it('never compresses the names in RDATA of later types (SRV, NAPTR: RFC 3597 §4)', () => {
    const owner = add('target.big.example', 'A', '10.0.0.9');
    const srv = encode([owner, add('_sip._tcp.big.example', 'SRV', '1 2 5060 target.big.example.')]);
    expect(inFull(srv.subarray(encode([owner]).length), 'target.big.example')).toBe(true);
    const naptr = encode([owner, add('n.big.example', 'NAPTR', '1 2 "u" "E2U+sip" "" target.big.example.')]);
    expect(inFull(naptr.subarray(encode([owner]).length), 'target.big.example')).toBe(true);
    // Nor is anything later pointed into them.
    const after = encode([
      add('_sip._tcp.big.example', 'SRV', '1 2 5060 other.big.example.'),
      add('other.big.example', 'A', '10.0.0.1'),
    ]);
    expect(
      inFull(
        after.subarray(encode([add('_sip._tcp.big.example', 'SRV', '1 2 5060 other.big.example.')]).length),
        'other',
      ),
    ).toBe(false);
    expect(decodeMessage(after).authorities.map((r) => r.name)).toEqual([
      '_sip._tcp.big.example',
      'other.big.example',
    ]);
  });

  it('points only within the first 16 KiB (14-bit offsets): a large message reads back whole', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      add(`h${i}.s${i % 40}.big.example`, 'A', `10.0.${i >> 8}.${i & 255}`),
    );
    const octets = encode(many, [SOA]);
    expect(octets.length).toBeGreaterThan(0x4000 * 2);
    const decoded = dnsPacket.decode(octets);
    expect(decoded.authorities?.map((r) => r.name)).toEqual(
      many.map((e) => (e.kind === 'record' ? e.record.name : '')),
    );
  });

  it('writes an SSHFP fingerprint of any length as the rest of the RDATA (RFC 4255 §3.1), counted exactly', () => {
    const sshfp = [
      add('h.big.example', 'SSHFP', `4 3 ${'ab'.repeat(48)}`),
      add('h.big.example', 'SSHFP', '200 9 abcd'),
      add('h.big.example', 'SSHFP', `1 2 ${'0f'.repeat(32)}`),
    ];
    const message = encode(sshfp);
    // Per record: its owner (the first a label and a pointer to the zone, 4; the others a pointer to it, 2), 10
    // octets of fields, the algorithm and type (2), the fingerprint's octets.
    expect(message.length - encode([]).length).toBe(4 + 2 + 2 + 3 * (10 + 2) + 48 + 2 + 32);
    expect(message.includes(Buffer.from([0, 4, 200, 9, 0xab, 0xcd]))).toBe(true);
    expect(sized(sshfp)).toBeGreaterThanOrEqual(octetsOf(sshfp));
    expect(decodeMessage(message).authorities).toEqual(
      sshfp.map((entry) => 'record' in entry && entry.record),
    );
  });

  it('refuses a message over 65,535 octets, naming the zone', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      add(`h${i}.big.example`, 'TXT', `"${'x'.repeat(40)}"`),
    );
    expect(() => encode(many)).toThrow(UpdateTooLargeError);
    expect(() => encode(many)).toThrow(/the UPDATE of zone big\.example takes more than 65535 octets/);
  });

  describe.each(
    // An SOA's canonical value is not its wire form (the serial is left out): the SOA prerequisite and
    // test/providers/rfc2136/soa-entry.test.ts cover it.
    RECORD_TYPES.filter((type) => type.type !== 'ALIAS' && type.type !== 'SOA').map(
      (type) => [type.type, type] as const,
    ),
  )('%s records', (_name, type: RecordType) => {
    it('read back as sent, and are counted exactly as written', () => {
      const yaml = YAML_VALUES.get(type.key);
      if (!yaml) throw new Error(`no value generator for ${type.key}`);
      const values = fc.tuple(yaml, fc.constantFrom(...ORIGINS)).map(([input, origin]) => {
        const result = type.parse(input, origin);
        if (!result.ok) throw new Error(JSON.stringify(result.problems));
        return result.value;
      });
      fc.assert(
        fc.property(fc.array(values, { minLength: 1, maxLength: 4 }), (list) => {
          const updates = list.map((value, i) => add(`n${i}.big.example`, type.type, value));
          const octets = encode(updates);
          expect(sized(updates)).toBe(octets.length);
          const back = decodeMessage(octets).authorities.map((r) => {
            const parsed = type.parsePresentation(r.value);
            return parsed.ok ? parsed.value : r.value;
          });
          expect(back).toEqual(list);
        }),
        RUNS,
      );
    });
  });
});

describe('counting a message without writing it', () => {
  it('is never less than the message sent with its prerequisite, however far its names point', () => {
    const entries = fc.array(
      fc
        .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 60 }), fc.boolean())
        .map(
          ([i, parent, remove]): UpdateEntry =>
            remove
              ? { kind: 'delete-rrset', name: `h${i}.p${parent}.big.example`, type: 'A' }
              : add(`h${i}.p${parent}.big.example`, 'CNAME', `t${parent}.p${i % 60}.big.example.`),
        ),
      { minLength: 800, maxLength: 2500 },
    );
    fc.assert(
      fc.property(entries, (updates) => {
        expect(encode(updates, [SOA]).length).toBeLessThanOrEqual(sized(updates) + MAX_SOA_PREREQUISITE);
      }),
      { numRuns: 20 },
    );
  });

  it('takes an entry back whole: a rollback forgets the names it added', () => {
    const sizer = new UpdateSizer(ZONE);
    const start = sizer.octets;
    const mark = sizer.mark();
    sizer.add(add('a.b.big.example', 'A', '10.0.0.1'));
    sizer.rollback(mark);
    expect(sizer.octets).toBe(start);
    sizer.add(add('c.b.big.example', 'A', '10.0.0.1'));
    // b.big.example was forgotten: written again in full (2 labels), not pointed to.
    expect(sizer.octets - start).toBe(octetsOf([add('c.b.big.example', 'A', '10.0.0.1')]));
  });
});

describe('UPDATE entries that delete one record', () => {
  // RFC 2136 §2.5.4: "Delete An RR From An RRset": CLASS NONE, TTL zero, the RR's own TYPE, RDLENGTH and RDATA.
  it('writes the deletion of one record with class NONE and TTL 0, its RDATA kept', () => {
    const entry: UpdateEntry = {
      kind: 'delete-record',
      record: { name: 'example.com', type: 'NS', ttl: 3600, value: 'ns1.example.net.' },
    };
    const message = encodeUpdate({ id: 1, zone: 'example.com', prerequisites: [], updates: [entry] });
    // ns1.example.net. shares no suffix with the zone: written in full.
    const target = Buffer.from([
      3,
      ...Buffer.from('ns1'),
      7,
      ...Buffer.from('example'),
      3,
      ...Buffer.from('net'),
      0,
    ]);
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(2, 0); // NS
    fixed.writeUInt16BE(254, 2); // NONE
    fixed.writeUInt32BE(0, 4);
    fixed.writeUInt16BE(target.length, 8);
    // The owner is the zone's name: a pointer to the zone section's name, at offset 12.
    const owner = Buffer.from([0xc0, 12]);
    expect(message.subarray(message.length - 12 - target.length)).toEqual(
      Buffer.concat([owner, fixed, target]),
    );
    expect(message.readUInt16BE(8)).toBe(1);
    const sizer = new UpdateSizer('example.com');
    sizer.add(entry);
    expect(sizer.octets).toBeGreaterThanOrEqual(message.length);
  });
});

describe('UPDATE sections as RFC 2136 §2 lays them out', () => {
  it('carries the id, opcode 5, the zone as the one question of type SOA, and each section counted', () => {
    const prerequisite = add('a.big.example', 'A', '10.0.0.1');
    const octets = encodeUpdate({
      id: 0xbeef,
      zone: ZONE,
      prerequisites: [prerequisite],
      updates: [add('b.big.example', 'A', '10.0.0.2'), add('c.big.example', 'A', '10.0.0.3')],
    });
    const read = dnsPacket.decode(octets);
    expect([read.id, (octets.readUInt16BE(2) >> 11) & 0xf]).toEqual([0xbeef, 5]);
    expect(read.questions).toEqual([{ name: ZONE, type: 'SOA', class: 'IN' }]);
    expect([read.answers?.length, read.authorities?.length]).toEqual([1, 2]);
  });

  it('writes a prerequisite with TTL 0 (§2.4), an added record with its own TTL, class IN', () => {
    const read = dnsPacket.decode(
      encode([add('b.big.example', 'A', '10.0.0.2', 300)], [add(ZONE, 'A', '10.0.0.1', 300)]),
    );
    const fields = (records: dnsPacket.Answer[] = []) =>
      records.map((r) => (r.type === 'OPT' ? [] : [r.name, r.class, r.ttl]));
    expect(fields(read.answers)).toEqual([[ZONE, 'IN', 0]]);
    expect(fields(read.authorities)).toEqual([['b.big.example', 'IN', 300]]);
  });

  it('deletes a whole RRset with class ANY, TTL 0 and no RDATA (§2.5.2)', () => {
    const octets = encode([{ kind: 'delete-rrset', name: 'www.big.example', type: 'AAAA' }]);
    // A label and a pointer to the zone (4 + 2 octets), then type, class, TTL and RDLENGTH.
    expect(octets.subarray(encode([]).length)).toEqual(
      Buffer.from([3, ...Buffer.from('www'), 0xc0, 12, 0, 28, 0, 255, 0, 0, 0, 0, 0, 0]),
    );
  });

  it('says in its refusal which zone and how many octets, with its code', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      add(`h${i}.big.example`, 'TXT', `"${'x'.repeat(40)}"`),
    );
    const error = (() => {
      try {
        encode(many);
      } catch (e) {
        return e;
      }
    })();
    if (!(error instanceof UpdateTooLargeError)) throw new Error('not refused');
    expect([error.name, error.code, error.zone]).toEqual(['UpdateTooLargeError', 'EP2405', ZONE]);
    expect(error.octets).toBeGreaterThan(65_535);
    expect(error.message).toBe(
      `the UPDATE of zone ${ZONE} takes more than 65535 octets (${error.octets}); nothing was sent`,
    );
  });

  it('sends a message of exactly 65,535 octets, and refuses one entry more rather than leave it out', () => {
    // At the zone's name (a pointer, 2 octets), 10 octets of fields, then the RDATA: after the header and the zone
    // section (12 + 13 + 4 octets), 65,494 octets of RDATA make 65,535 in all.
    const generic = (octets: number) => add(ZONE, 'TYPE65534', `\\# ${octets} ${'ab'.repeat(octets)}`);
    expect(encode([generic(65_494)])).toHaveLength(65_535);
    expect(() => encode([generic(65_494), generic(1)])).toThrow(UpdateTooLargeError);
  });

  it('leaves room for the largest SOA prerequisite: its owner a pointer, two names of 255 octets', () => {
    // Four labels of 63, 63, 63 and 61 octets and the root: 255 octets, sharing no suffix with each other.
    const longest = (letter: string) => `${[63, 63, 63, 61].map((n) => letter.repeat(n)).join('.')}.`;
    const soa = {
      kind: 'record' as const,
      record: { ...SOA.record, value: `${longest('a')} ${longest('b')} 7 3600 600 604800 300` },
    };
    expect(encode([], [soa]).length - encode([]).length).toBe(MAX_SOA_PREREQUISITE);
  });
});
