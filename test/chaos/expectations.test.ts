/** The chaos checks themselves can fail: a partial publish and a lost record are caught. */
import { describe, expect, it } from 'vitest';
import type { EmulatorSeed, PublishEntry } from '../../src/emulator/index.js';
import type { Scenario } from '../integration/scenario.js';
import { lostRecords, partialPublishes, targetA } from './expectations.js';

const scenario: Scenario = {
  zoneNames: ['a.test'],
  live: { 'a.test': { records: [{ label: 'www', address: '192.0.2.1', ttl: 60 }], txt: ['www'] } },
  desired: { 'a.test': { unmanaged: false, sets: { www: { a: ['192.0.2.2', '192.0.2.3'], ttl: 60 } } } },
};
const a = (id: number, address: string) => ({
  id,
  fqdn: 'www.a.test',
  type: 'A',
  ttl: 60,
  rdata: { address },
});
const entry = (records: PublishEntry['records']): PublishEntry => ({
  zone: 'a.test',
  serial: 8,
  atMs: 0,
  records,
});

describe('chaos expectations', () => {
  it('a publish with all of the zone’s changes passes; one with part of them is reported', () => {
    expect(targetA(scenario, 'a.test')).toEqual(['www.a.test 60 192.0.2.2', 'www.a.test 60 192.0.2.3']);
    expect(partialPublishes(scenario, [entry([a(2, '192.0.2.2'), a(3, '192.0.2.3')])])).toEqual([]);
    expect(partialPublishes(scenario, [entry([a(1, '192.0.2.1'), a(2, '192.0.2.2')])])).toHaveLength(1);
    expect(partialPublishes(scenario, [{ ...entry([]), zone: 'other.test' }])).toHaveLength(1);
  });

  it('a record outside the plan that disappears or changes is reported', () => {
    const txt = { id: 9, fqdn: 'www.a.test', type: 'TXT', ttl: 300, rdata: { txtdata: 'keep www' } };
    const before: EmulatorSeed = { dns: { zones: { 'a.test': { records: [a(1, '192.0.2.1'), txt] } } } };
    const gone: EmulatorSeed = { dns: { zones: { 'a.test': { records: [a(1, '192.0.2.1')] } } } };
    const changed: EmulatorSeed = { dns: { zones: { 'a.test': { records: [{ ...txt, ttl: 60 }] } } } };
    expect(lostRecords(scenario, before, before)).toEqual([]);
    expect(lostRecords(scenario, before, gone)).toHaveLength(1);
    expect(lostRecords(scenario, before, changed)).toHaveLength(2);
  });
});
