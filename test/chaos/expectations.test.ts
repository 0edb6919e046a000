/** The chaos checks themselves can fail: a partial publish, a lost record and an unconverged zone are caught. */
import { describe, expect, it } from 'vitest';
import type { EmulatorSeed, PublishEntry } from '../../src/emulator/index.js';
import { type Scenario, targetLines } from './chaos-scenario.js';
import { lostRecords, partialPublishes, unconverged } from './expectations.js';

const scenario: Scenario = {
  zoneNames: ['a.test'],
  live: {
    'a.test': [
      { label: 'www', type: 'A', ttl: 60, rdata: { address: '192.0.2.1' } },
      { label: 'www', type: 'KX', ttl: 300, rdata: { preference: 10, exchange: 'kx.a.test.' } },
      { label: 'mail', type: 'CNAME', ttl: 300, rdata: { cname: 'mx.example.net.' } },
    ],
  },
  desired: {
    'a.test': {
      unmanaged: true,
      names: {
        www: { ttl: 60, a: ['192.0.2.2'], mx: [{ preference: 10, exchange: 'mx' }], txt: ['v=spf1 -all'] },
        api: { cname: 'web.example.net.' },
      },
    },
  },
};

type Rec = PublishEntry['records'][number];
let id = 0;
const rec = (fqdn: string, type: string, ttl: number, rdata: Rec['rdata']): Rec => ({
  id: ++id,
  fqdn,
  type,
  ttl,
  rdata,
});
/** The target as the service may spell it: names in capitals without the dot, TXT quoted. */
const complete = (): Rec[] => [
  rec('www.a.test', 'A', 60, { address: '192.0.2.2' }),
  rec('www.a.test', 'MX', 60, { preference: 10, exchange: 'MX.A.test' }),
  rec('www.a.test', 'TXT', 60, { txtdata: '"v=spf1 -all"' }),
  rec('api.a.test', 'CNAME', 3600, { cname: 'web.example.net' }),
];
const kx = rec('www.a.test', 'KX', 300, { preference: 10, exchange: 'kx.a.test.' });
const mail = rec('mail.a.test', 'CNAME', 300, { cname: 'mx.example.net.' });
const entry = (records: Rec[]): PublishEntry => ({ zone: 'a.test', serial: 8, atMs: 0, records });
const snapshot = (records: Rec[]): EmulatorSeed => ({ dns: { zones: { 'a.test': { records } } } });

describe('chaos expectations', () => {
  it('the target holds every managed type of the desired names, names absolute, TTLs resolved', () => {
    expect(targetLines(scenario, 'a.test')).toEqual([
      'api.a.test CNAME 3600 web.example.net',
      'www.a.test A 60 192.0.2.2',
      'www.a.test MX 60 10 mx.a.test',
      'www.a.test TXT 60 v=spf1 -all',
    ]);
  });

  it('a publish with all of the zone’s changes passes; one with part of them, of any type, is reported', () => {
    expect(partialPublishes(scenario, [entry([...complete(), kx, mail])])).toEqual([]);
    const withoutTxt = complete().filter((r) => r.type !== 'TXT');
    expect(partialPublishes(scenario, [entry(withoutTxt)])).toHaveLength(1);
    const oldA = [...complete(), rec('www.a.test', 'A', 60, { address: '192.0.2.1' })];
    expect(partialPublishes(scenario, [entry(oldA)])).toHaveLength(1);
    const otherTtl = complete().map((r) => (r.type === 'MX' ? { ...r, ttl: 300 } : r));
    expect(partialPublishes(scenario, [entry(otherTtl)])).toHaveLength(1);
    expect(partialPublishes(scenario, [{ ...entry([]), zone: 'other.test' }])).toHaveLength(1);
  });

  it('a record outside the plan (a type edgeplan does not manage, an unmanaged name) that changes is reported', () => {
    const before = snapshot([rec('www.a.test', 'A', 60, { address: '192.0.2.1' }), kx, mail]);
    expect(lostRecords(scenario, before, before)).toEqual([]);
    expect(lostRecords(scenario, before, snapshot([...complete(), kx, mail]))).toEqual([]);
    expect(lostRecords(scenario, before, snapshot([kx]))).toHaveLength(1);
    expect(lostRecords(scenario, before, snapshot([{ ...kx, ttl: 60 }, mail]))).toHaveLength(2);
    expect(lostRecords(scenario, before, snapshot([kx, { ...mail, id: 99 }]))).toHaveLength(2);
  });

  it('a listed zone whose live records are not the desired ones is not converged', () => {
    expect(unconverged(scenario, snapshot([...complete(), kx, mail]))).toEqual([]);
    const leftover = rec('www.a.test', 'AAAA', 60, { address: '2001:db8::1' });
    expect(unconverged(scenario, snapshot([...complete(), leftover]))).toHaveLength(1);
    expect(unconverged(scenario, snapshot(complete().slice(1)))).toHaveLength(1);
  });
});
