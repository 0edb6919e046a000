/**
 * The plan-time rule for live data a plan keeps beside what it writes (kept-checks.ts): a CNAME must stand alone at its
 * name (RFC 1034 §3.6.2, RFC 2181 §10.1), and a server that takes a CNAME beside other data, or data beside a CNAME,
 * by dynamic update answers NOERROR and drops it (RFC 2136 §3.4.2.2). Every way a plan keeps live data: a type the
 * provider does not read, an `unmanaged` entry, a set a `manage: declared` zone does not declare, values kept by a
 * value glob. The same rule on each provider's reader: kept-checks-providers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DesiredState, DesiredZone, LiveZone } from '../../../src/model/dns.js';
import type { RecordSet } from '../../../src/model/record-set.js';
import type { UnmanagedEntry } from '../../../src/model/unmanaged.js';
import { computePlan, PlanProblemsError } from '../../../src/plan/index.js';
import { DYN, oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'a.test';
const F = 'zones.yaml';
const RFCS = '(RFC 1034 §3.6.2, RFC 2181 §10.1)';
const DROPS = 'drops it without a word (RFC 2136 §3.4.2.2)';

/** The zone's desired sets, each at its own line of `zones.yaml`. */
function zone(
  records: Record<string, [string[], number?]>,
  extra: { unmanaged?: (string | UnmanagedEntry)[]; manage?: 'declared' } = {},
): DesiredZone {
  const built = desiredZone(ZONE, records, extra.unmanaged ? { unmanaged: extra.unmanaged } : {});
  return {
    ...built,
    ...(extra.manage ? { providers: [DYN], manage: extra.manage } : { providers: [DYN] }),
    records: built.records.map((set, i): RecordSet => ({ ...set, at: { file: F, line: 10 + i, col: 7 } })),
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

const CNAME = { 'www.a.test CNAME': [['web.example.net.']] } satisfies Record<string, [string[]]>;
const TXT_AT_WWW = { 'www.a.test TXT': [[1, '"site-verification=abc"', 300]] } satisfies Record<
  string,
  [number, string, number][]
>;

describe('a CNAME beside live data the plan keeps', () => {
  it('kept by an unmanaged entry: refused at the CNAME, naming the data, why it is kept, and the RFCs', () => {
    const desired = zone(CNAME, { unmanaged: [{ name: 'www', types: ['TXT'] }] });
    expect(problems(desired, liveZone(ZONE, 1, TXT_AT_WWW))).toEqual([
      `${F}:10:7: EP1602 www.a.test CNAME: the name keeps live TXT (an unmanaged entry covers it), which this plan leaves ` +
        `alone; a CNAME must stand alone at its name ${RFCS}: a service refuses the write, or a server takes it by ` +
        `dynamic update and ${DROPS}, so the apply would not converge: delete or manage that data first, or leave ` +
        'the CNAME out',
    ]);
    // Managed, the TXT is deleted by the same plan: nothing is kept beside the CNAME.
    expect(problems(zone(CNAME), liveZone(ZONE, 1, TXT_AT_WWW))).toEqual([]);
  });

  it('kept because a manage: declared zone does not declare it', () => {
    expect(problems(zone(CNAME, { manage: 'declared' }), liveZone(ZONE, 1, TXT_AT_WWW))).toEqual([
      expect.stringContaining(
        'www.a.test CNAME: the name keeps live TXT (not declared in this manage: declared zone), which this plan',
      ),
    ]);
  });

  it('kept by a value glob: the values stay, so the type stays at the name', () => {
    const desired = zone(CNAME, {
      unmanaged: [{ name: 'www', types: ['TXT'], value: 'site-verification=*' }],
    });
    expect(problems(desired, liveZone(ZONE, 1, TXT_AT_WWW))).toEqual([
      expect.stringContaining('the name keeps live TXT (values an unmanaged value glob keeps), which'),
    ]);
    const other = { 'www.a.test TXT': [[1, '"v=spf1 -all"', 300]] } satisfies Record<
      string,
      [number, string, number][]
    >;
    expect(problems(desired, liveZone(ZONE, 1, other))).toEqual([]);
  });

  it('of a type the provider does not read; every kept type in one problem', () => {
    const desired = zone(CNAME, { unmanaged: [{ name: 'www', types: ['TXT'] }] });
    expect(problems(desired, liveZone(ZONE, 1, TXT_AT_WWW, ['www.a.test LOC']))).toEqual([
      expect.stringContaining(
        'the name keeps live TXT (an unmanaged entry covers it), LOC (records edgeplan does not read), which',
      ),
    ]);
  });

  it('in a manage: declared zone, a set an unmanaged entry covers is named as such', () => {
    const desired = zone(CNAME, { manage: 'declared', unmanaged: [{ name: 'www', types: ['TXT'] }] });
    expect(problems(desired, liveZone(ZONE, 1, TXT_AT_WWW))).toEqual([
      expect.stringContaining('the name keeps live TXT (an unmanaged entry covers it), which'),
    ]);
  });

  it('a live set without records is no data', () => {
    const desired = zone(CNAME, { unmanaged: [{ name: 'www', types: ['TXT'] }] });
    expect(problems(desired, liveZone(ZONE, 1, { 'www.a.test TXT': [] }))).toEqual([]);
  });

  it('one value of a set kept by a glob keeps the type, even when the plan deletes the others', () => {
    const desired = zone(CNAME, {
      unmanaged: [{ name: 'www', types: ['TXT'], value: 'site-verification=*' }],
    });
    const two = {
      'www.a.test TXT': [
        [1, '"site-verification=abc"', 300],
        [2, '"v=spf1 -all"', 300],
      ],
    } satisfies Record<string, [number, string, number][]>;
    expect(problems(desired, liveZone(ZONE, 1, two))).toEqual([
      expect.stringContaining('the name keeps live TXT (values an unmanaged value glob keeps), which'),
    ]);
  });

  it('a CNAME value a glob keeps beside the desired one: two CNAMEs cannot stand either', () => {
    const desired = zone(CNAME, { unmanaged: [{ name: 'www', types: ['CNAME'], value: '*.other.net.' }] });
    const kept = { 'www.a.test CNAME': [[1, 'lb.other.net.', 300]] } satisfies Record<
      string,
      [number, string, number][]
    >;
    expect(problems(desired, liveZone(ZONE, 1, kept))).toEqual([
      expect.stringContaining(
        'www.a.test CNAME: the name keeps live CNAME (values an unmanaged value glob keeps), which this plan',
      ),
    ]);
  });

  it("DNSSEC's own records beside a CNAME are no problem (RFC 4035 §2.5, RFC 2181 §10.1)", () => {
    const dnssec = [
      'www.a.test RRSIG',
      'www.a.test NSEC',
      'www.a.test KEY',
      'www.a.test SIG',
      'www.a.test NXT',
    ];
    expect(problems(zone(CNAME), liveZone(ZONE, 1, {}, dnssec))).toEqual([]);
    expect(problems(zone(CNAME), liveZone(ZONE, 1, {}, [...dnssec, 'www.a.test NSEC3']))).toEqual([
      expect.stringContaining('the name keeps live NSEC3 (records edgeplan does not read), which'),
    ]);
  });

  it('a DNAME kept beside a CNAME is refused (RFC 6672 §2.4), beside other data it is not', () => {
    expect(problems(zone(CNAME), liveZone(ZONE, 1, {}, ['www.a.test DNAME']))).toHaveLength(1);
    const txt = zone({ 'www.a.test TXT': [['"x"']] });
    expect(problems(txt, liveZone(ZONE, 1, {}, ['www.a.test DNAME']))).toEqual([]);
  });

  it('kept data at other names, and a zone the plan creates, are no problem', () => {
    const desired = zone(CNAME, { unmanaged: ['other'] });
    const other = { 'other.a.test TXT': [[1, '"x"', 300]] } satisfies Record<
      string,
      [number, string, number][]
    >;
    expect(problems(desired, liveZone(ZONE, 1, other, ['else.a.test LOC']))).toEqual([]);
    expect(problems(desired, null)).toEqual([]);
  });
});

describe('data beside a CNAME the plan keeps', () => {
  const ALIAS = { 'alias.a.test CNAME': [[1, 'web.example.net.', 300]] } satisfies Record<
    string,
    [number, string, number][]
  >;

  it('kept by an unmanaged entry: refused at the set beside it, naming the CNAME and why it is kept', () => {
    const desired = zone(
      { 'alias.a.test TXT': [['"x"']] },
      { unmanaged: [{ name: 'alias', types: ['CNAME'] }] },
    );
    expect(problems(desired, liveZone(ZONE, 1, ALIAS))).toEqual([
      `${F}:10:7: EP1602 alias.a.test TXT: the name keeps a live CNAME (an unmanaged entry covers it), which this plan ` +
        `leaves alone; a CNAME must stand alone at its name ${RFCS}: a service refuses the write, or a server takes ` +
        `it by dynamic update and ${DROPS}, so the apply would not converge: delete or manage the CNAME first, or ` +
        'leave the TXT out',
    ]);
  });

  it('kept by manage: declared, or unreadable: refused the same way', () => {
    const txt = { 'alias.a.test A': [['192.0.2.1']] } satisfies Record<string, [string[]]>;
    expect(problems(zone(txt, { manage: 'declared' }), liveZone(ZONE, 1, ALIAS))).toEqual([
      expect.stringContaining(
        'alias.a.test A: the name keeps a live CNAME (not declared in this manage: declared zone), which',
      ),
    ]);
    expect(problems(zone(txt), liveZone(ZONE, 1, {}, ['alias.a.test CNAME']))).toEqual([
      expect.stringContaining('alias.a.test A: the name keeps a live CNAME (records edgeplan does not read)'),
    ]);
  });

  it('a managed CNAME is replaced by the plan, and a desired CNAME beside a kept CNAME is the same set', () => {
    expect(problems(zone({ 'alias.a.test TXT': [['"x"']] }), liveZone(ZONE, 1, ALIAS))).toEqual([]);
    const cname = zone({ 'alias.a.test CNAME': [['other.example.net.']] });
    expect(problems(cname, liveZone(ZONE, 1, {}, ['alias.a.test RRSIG']))).toEqual([]);
  });

  it('sets edgeplan does not manage are not looked at', () => {
    const desired = zone(
      { 'alias.a.test TXT': [['"x"']] },
      { unmanaged: [{ name: 'alias', types: ['CNAME', 'TXT'] }] },
    );
    expect(problems(desired, liveZone(ZONE, 1, ALIAS))).toEqual([]);
  });
});
