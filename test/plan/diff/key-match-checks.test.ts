/**
 * The plan-time half of CDS/CDNSKEY's `matches` rule (key-match-checks.ts): a CDS or CDNSKEY the plan writes needs
 * a DNSKEY of its algorithm live after the apply, where the desired state declares no DNSKEY set (a server keeps
 * it). Measured: BIND 9.18 refuses such an UPDATE (REFUSED) and such a zone file (named-checkzone: "CDS/CDNSKEY
 * consistency checks failed"); RFC 7344 §4.1 and RFC 8078 §4 (the delete forms, which need no key).
 */
import { describe, expect, it } from 'vitest';
import type { DesiredState, DesiredZone, LiveZone } from '../../../src/model/dns.js';
import type { RecordSet } from '../../../src/model/record-set.js';
import type { UnmanagedEntry } from '../../../src/model/unmanaged.js';
import { computePlan, PlanProblemsError } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'a.test';
const CDS13 = '37157 13 2 a331027f0d2e507e1960032a580753456a2c9bbaecb8856ca5aecc57174388f1';
const CDS8 = '60485 8 1 2bb183af5f22588179a53b0a98631fad1a292118';
const KEY13 =
  '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==';
const WHY =
  '(RFC 7344 §4.1: it names a key of the zone; BIND refuses to load or update a zone whose CDS or CDNSKEY has an ' +
  'algorithm no DNSKEY has)';

function zone(records: Record<string, [string[]]>, unmanaged?: UnmanagedEntry[]): DesiredZone {
  const built = desiredZone(ZONE, records, unmanaged ? { unmanaged } : {});
  return {
    ...built,
    records: built.records.map(
      (set, i): RecordSet => ({ ...set, at: { file: 'z.yaml', line: 10 + i, col: 7 } }),
    ),
  };
}

function problems(desired: DesiredZone, live: LiveZone | null): string[] {
  const state: DesiredState = oneProviderDesired({ zones: [desired] });
  try {
    computePlan(state, oneProviderLive({ zones: { [ZONE]: live } }), fakeProviders());
  } catch (error) {
    if (error instanceof PlanProblemsError) return error.message.split('\n');
    throw error;
  }
  return [];
}

/** The live zone with DNSKEY records read as foreign records (a server keeps them: RFC 2136's reader). */
function withForeignKeys(keys: string[]): LiveZone {
  return {
    ...liveZone(ZONE, 1, {}, keys.length > 0 ? [`${ZONE} DNSKEY`] : []),
    foreign: keys.map((rdata) => ({ fqdn: ZONE, type: 'DNSKEY', ttl: 300, rdata })),
  };
}

describe('a CDS or CDNSKEY the plan writes, against the DNSKEY set live after it', () => {
  it('is refused when no live DNSKEY has its algorithm, naming each value and the keys there are', () => {
    expect(
      problems(zone({ 'a.test CDS': [[CDS13, CDS8]] }), withForeignKeys([KEY13.replace(' 13 ', ' 13  ')])),
    ).toEqual([
      `z.yaml:10:7: EP1699 a.test CDS: "${CDS8}" needs a DNSKEY of its algorithm ${WHY}, and DNSKEY records at the ` +
        `name: the live ones are "${KEY13}"; publish the key first, or write the delete form`,
    ]);
    expect(problems(zone({ 'a.test CDNSKEY': [[KEY13]] }), withForeignKeys([]))).toEqual([
      `z.yaml:10:7: EP1699 a.test CDNSKEY: "${KEY13}" needs a DNSKEY of its algorithm ${WHY}, and DNSKEY records ` +
        'at the name: none will be live; publish the key first, or write the delete form',
    ]);
  });

  it('passes a value whose algorithm a live key has, and the delete forms, which need no key (RFC 8078 §4)', () => {
    expect(problems(zone({ 'a.test CDS': [[CDS13]] }), withForeignKeys([KEY13]))).toEqual([]);
    expect(
      problems(zone({ 'a.test CDS': [['0 0 0 00']], 'a.test CDNSKEY': [['0 3 0 AA==']] }), null),
    ).toEqual([]);
  });

  it('counts a managed live DNSKEY set as gone (the plan deletes it), and one the plan keeps as live', () => {
    const live = liveZone(ZONE, 1, { 'a.test DNSKEY': [[1, KEY13, 300]] });
    expect(problems(zone({ 'a.test CDS': [[CDS13]] }), live)).toEqual([
      expect.stringContaining('EP1699 a.test CDS: "37157 13 2 a3310'),
    ]);
    expect(problems(zone({ 'a.test CDS': [[CDS13]] }, [{ name: '@', types: ['DNSKEY'] }]), live)).toEqual([]);
  });

  it('looks only at its own name and type, live and foreign, and lists every value and key it weighed', () => {
    const live: LiveZone = {
      ...liveZone(ZONE, 1, {
        'a.test CDS': [[1, CDS8, 300]],
        'a.test TXT': [[1, '"x"', 300]],
        'sub.a.test DNSKEY': [[1, KEY13, 300]],
      }),
      foreign: [
        { fqdn: 'sub.a.test', type: 'DNSKEY', ttl: 300, rdata: KEY13 },
        { fqdn: ZONE, type: 'TYPE65534', ttl: 300, rdata: KEY13 },
        { fqdn: ZONE, type: 'DNSKEY', ttl: 300, rdata: '\\# 3 010203' },
        { fqdn: ZONE, type: 'DNSKEY', ttl: 300, rdata: KEY13.replace(' 13 ', ' 5 ') },
        { fqdn: ZONE, type: 'DNSKEY', ttl: 300, rdata: KEY13.replace(' 13 ', ' 7 ') },
      ],
    };
    const cds5 = CDS8.replace(' 8 ', ' 9 ');
    // The live CDS set holds CDS8 only: a set of CDS8 and more is a change, so it is checked.
    const [line = ''] = problems(
      zone({ 'a.test CDS': [[CDS8, cds5, CDS13]], 'a.test TXT': [['"x"']] }),
      live,
    );
    // (A plan's problem is shortened in its middle: its start and its end are what it says.)
    expect(line).toMatch(
      new RegExp(`^z\\.yaml:10:7: EP1699 a\\.test CDS: "${CDS13}", "${CDS8}", "${cds5}" needs`),
    );
    expect(line).toMatch(
      new RegExp(
        `the live ones are "${KEY13.replace(' 13 ', ' 5 ')}", "${KEY13.replace(' 13 ', ' 7 ')}"; publish`.replace(
          /[+/]/g,
          (c) => `\\${c}`,
        ),
      ),
    );
    // A live set of fewer values than desired, or other values, is a change too.
    const two = {
      'a.test CDS': [
        [1, CDS8, 300],
        [1, cds5, 300],
      ],
    } satisfies Record<string, [number, string, number][]>;
    expect(
      problems(zone({ 'a.test CDS': [[CDS8, CDS13]] }), {
        ...live,
        ...liveZone(ZONE, 1, two),
        foreign: live.foreign,
      }),
    ).toEqual([expect.stringContaining('EP1699 a.test CDS')]);
  });

  it('finds the live set of its own name and type among others, for what it holds and for the keys', () => {
    const sets = {
      'a.a.test CDS': [[1, CDS13, 300]],
      'a.a.test DNSKEY': [[1, KEY13.replace(' 13 ', ' 8 '), 300]],
      'a.test A': [[1, '192.0.2.1', 300]],
      'a.test CDS': [[1, CDS8, 300]],
    } satisfies Record<string, [number, string, number][]>;
    // Unchanged: the live a.test CDS holds just CDS8, whatever the sets before it hold.
    expect(problems(zone({ 'a.test CDS': [[CDS8]] }), liveZone(ZONE, 1, sets))).toEqual([]);
    // A live set holding more than desired is a change: checked, and no key has algorithm 8 at a.test.
    const more = {
      ...sets,
      'a.test CDS': [
        [1, CDS8, 300],
        [1, CDS13, 300],
      ],
    } satisfies typeof sets;
    expect(problems(zone({ 'a.test CDS': [[CDS8]] }), liveZone(ZONE, 1, more))).toEqual([
      expect.stringContaining('EP1699 a.test CDS: "60485 8 1'),
    ]);
    // The key a.test keeps (unmanaged) is its own DNSKEY set, not a.a.test's.
    const keys = { ...sets, 'a.test DNSKEY': [[1, KEY13, 300]] } satisfies Record<
      string,
      [number, string, number][]
    >;
    const unmanaged = [{ name: '@', types: ['DNSKEY'] }];
    expect(problems(zone({ 'a.test CDS': [[CDS13]] }, unmanaged), liveZone(ZONE, 1, keys))).toEqual([]);
  });

  it('leaves alone a set the plan does not write, a name that declares its DNSKEY set, and keys kept apart', () => {
    const cds = { 'a.test CDS': [[1, CDS8, 3600]] } satisfies Record<string, [number, string, number][]>;
    expect(problems(zone({ 'a.test CDS': [[CDS8]] }), liveZone(ZONE, 1, cds))).toEqual([]);
    // Declared: validation's to check (config/rules/type-rules.ts), not the plan's.
    expect(
      problems(zone({ 'a.test CDS': [[CDS8]], 'a.test DNSKEY': [[KEY13]] }), withForeignKeys([])),
    ).toEqual([]);
    expect(problems(zone({ 'a.test CDS': [[CDS8]] }), { ...withForeignKeys([]), keysApart: true })).toEqual(
      [],
    );
  });
});
