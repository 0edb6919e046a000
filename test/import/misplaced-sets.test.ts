import { describe, expect, it } from 'vitest';
import { misplacedSets } from '../../src/import/misplaced-sets.js';
import { zoneDocument } from '../../src/import/zone-document.js';
import type { LiveRecordSet } from '../../src/model/record-set.js';

const ZONE = 'example.com';
const set = (fqdn: string, type: string, value: string): LiveRecordSet => ({
  fqdn,
  type,
  records: [{ value, ttl: 300 }],
});
const DS = '60485 5 1 2bb183af5f22588179a53b0a98631fad1a292118';

describe('misplacedSets', () => {
  it('names a DS at the apex, a DS beside no NS and an ALIAS off the apex, and nothing placed right', () => {
    const sets = [
      set(ZONE, 'DS', DS),
      set(ZONE, 'A', '192.0.2.1'),
      set(`lone.${ZONE}`, 'DS', DS),
      set(`child.${ZONE}`, 'NS', 'ns1.example.net.'),
      set(`child.${ZONE}`, 'DS', DS),
      set(`www.${ZONE}`, 'ALIAS', 'lb.example.net.'),
      set(ZONE, 'ALIAS', 'lb.example.net.'),
    ];
    expect(misplacedSets(ZONE, sets)).toEqual([
      {
        fqdn: ZONE,
        type: 'DS',
        why: `${ZONE} DS is at the zone apex, where DS never is (validation refuses it)`,
      },
      {
        fqdn: `lone.${ZONE}`,
        type: 'DS',
        why: `lone.${ZONE} DS has no NS beside it, which DS needs (validation refuses it)`,
      },
      {
        fqdn: `www.${ZONE}`,
        type: 'ALIAS',
        why: `www.${ZONE} ALIAS is not at the zone apex, where ALIAS only is (validation refuses it)`,
      },
    ]);
  });
});

describe('misplacedSets with a sole value beside others', () => {
  it('names a set that mixes SVCB modes (RFC 9460 §2.4.1) or holds a null MX beside an MX (RFC 7505 §3)', () => {
    const values = (fqdn: string, type: string, ...all: string[]): LiveRecordSet => ({
      fqdn,
      type,
      records: all.map((value) => ({ value, ttl: 300 })),
    });
    const sets = [
      values(ZONE, 'HTTPS', '0 cdn.example.net.', '1 . alpn=h2'),
      values(`www.${ZONE}`, 'HTTPS', '0 cdn.example.net.'),
      values(`svc.${ZONE}`, 'SVCB', '1 a.example.net.', '2 b.example.net.'),
      values(`two.${ZONE}`, 'SVCB', '0 a.example.net.', '0 b.example.net.'),
      values(`mail.${ZONE}`, 'MX', '0 .', '10 mx.example.net.'),
      values(`nomail.${ZONE}`, 'MX', '0 .'),
      values(ZONE, 'TXT', '"a"', '"b"'),
      values(`www.${ZONE}`, 'TXT', '"a"', '"b"'),
    ];
    const why = (value: string) =>
      `holds "${value}" beside other values, where it is the only one of its set (validation refuses it)`;
    expect(misplacedSets(ZONE, sets)).toEqual([
      { fqdn: ZONE, type: 'HTTPS', why: `${ZONE} HTTPS ${why('0 cdn.example.net.')}` },
      { fqdn: `two.${ZONE}`, type: 'SVCB', why: `two.${ZONE} SVCB ${why('0 a.example.net.')}` },
      { fqdn: `mail.${ZONE}`, type: 'MX', why: `mail.${ZONE} MX ${why('0 .')}` },
    ]);
  });
});

describe('zoneDocument with misplaced sets', () => {
  it('writes them under unmanaged by name and type, keeps the name’s other sets, and notes each', () => {
    const { document, notes } = zoneDocument({
      zone: ZONE,
      records: [set(ZONE, 'DS', DS), set(ZONE, 'A', '192.0.2.1'), set(`lone.${ZONE}`, 'DS', DS)],
      unsupported: [],
    });
    expect(document.records).toEqual({ '@': { a: ['192.0.2.1'] } });
    expect(document.unmanaged).toEqual([
      { name: '\\@', types: ['DS'] },
      { name: 'lone', types: ['DS'] },
    ]);
    expect(notes.filter((note) => note.includes('written under unmanaged by type'))).toHaveLength(2);
  });
});
