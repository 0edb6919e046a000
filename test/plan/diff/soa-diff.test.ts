/**
 * The SOA in the diff (RFC 1035 §3.3.13): compared only where the desired zone declares `soa`, by the fields it
 * names; the serial never (it is the provider's: the live record's ref); the TTL only when `soa.ttl` names one.
 */
import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveZone } from '../../../src/model/dns.js';
import { dnsParts } from '../../../src/model/dns-providers.js';
import { PROVIDER_TTL } from '../../../src/model/record-set.js';
import { changesOf } from '../../../src/plan/diff/change-kinds.js';
import { soaNotes } from '../../../src/plan/diff/soa-notes.js';
import { computePlan, renderPlanText } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const LIVE_SOA = 'ns1.example.net. hostmaster.example.com. 10800 3600 604800 3600';

/** example.com live: one A set, and its SOA read apart (serial 7 as its ref), as a provider that writes it reads it. */
function live(soa = LIVE_SOA): LiveZone {
  const zone = liveZone('example.com', 7, { 'www.example.com': [['www', '192.0.2.80', 3600]] });
  return {
    ...zone,
    soa: { fqdn: 'example.com', type: 'SOA', records: [{ value: soa, ttl: 3600, ref: '7' }] },
  };
}

const WWW = { 'www.example.com': [['192.0.2.80'], 3600] } satisfies Record<string, [string[], number]>;

function planOf(records: Record<string, [string[], number?]>, zone: LiveZone | null = live()) {
  const want: DesiredState = oneProviderDesired({ zones: [desiredZone('example.com', records)] });
  return computePlan(want, oneProviderLive({ zones: { 'example.com': zone } }), fakeProviders());
}

/** The plan's record-set changes, as `<action> <fqdn> <TYPE> ttl <ttl> <values>`. */
function changes(records: Record<string, [string[], number?]>, zone: LiveZone | null = live()): string[] {
  return changesOf(planOf(records, zone).changes, 'record-set').map(
    ({ action, address, after }) =>
      `${action} ${address.fqdn} ${address.type} ttl ${after?.ttl} ${after?.values.join(',') ?? '-'}`,
  );
}

describe('the SOA in the diff', () => {
  it('is left alone where the desired zone does not declare it', () => {
    expect(changes(WWW)).toEqual([]);
  });

  it('is met by a live SOA that has every field it names, whatever the rest and the serial', () => {
    expect(changes({ ...WWW, 'example.com SOA': [['- - 10800 - - 3600'], PROVIDER_TTL] })).toEqual([]);
    expect(changes({ ...WWW, 'example.com SOA': [['- hostmaster.example.com. - - - -'], 3600] })).toEqual([]);
  });

  it('changes only the fields it names, the others and the TTL as they are live', () => {
    expect(changes({ ...WWW, 'example.com SOA': [['- - 3600 - - 300'], PROVIDER_TTL] })).toEqual([
      'update example.com SOA ttl 3600 ns1.example.net. hostmaster.example.com. 3600 3600 604800 300',
    ]);
    // A TTL `soa.ttl` names is compared and written like any set's.
    expect(changes({ ...WWW, 'example.com SOA': [['- - 10800 - - -'], 600] })).toEqual([
      'update example.com SOA ttl 600 ns1.example.net. hostmaster.example.com. 10800 3600 604800 3600',
    ]);
  });

  it('shows only the fields that change, never the serial', () => {
    const text = renderPlanText(
      planOf({ ...WWW, 'example.com SOA': [['- dns.example.com. 3600 - - -'], 600] }),
      {
        color: false,
      },
    );
    expect(text).toContain(
      '~ example.com SOA ttl 3600→600, rname hostmaster.example.com.→dns.example.com., refresh 10800→3600\n',
    );
  });

  it('is never created in a zone that exists whose SOA was not read, and the plan says so', () => {
    const { soa: _, ...unread } = live();
    const declared = { ...WWW, 'example.com SOA': [['- - 3600 - - -'], PROVIDER_TTL] } satisfies Record<
      string,
      [string[], number]
    >;
    expect(changes(declared, unread)).toEqual([]);
    expect(planOf(declared, unread).notes).toEqual([
      'zone example.com: its SOA could not be read as one record with plain names, so the soa it declares is ' +
        'not planned; check the SOA the provider serves',
    ]);
    expect(planOf(declared).notes).toBeUndefined();
    expect(planOf(WWW, unread).notes).toBeUndefined();
    expect(planOf(declared, null).notes).toBeUndefined();
  });

  it('is created with a zone the plan creates, for its provider to complete', () => {
    expect(changes({ 'example.com SOA': [['- - 3600 - - -'], PROVIDER_TTL] }, null)).toEqual([
      'create example.com SOA ttl 0 - - 3600 - - -',
    ]);
  });
});

describe('notes on the SOA of a zone with several providers', () => {
  const desired: DesiredState = {
    zones: [{ ...desiredZone('example.com', WWW), providers: ['a', 'b'] }],
    secondaryZones: [],
    geoServices: [],
    manage: { secondaryZones: 'listed', geoServices: 'listed' },
    dnsProviders: [
      { name: 'a', type: 'powerdns', options: {} },
      { name: 'b', type: 'powerdns', options: {} },
    ],
  };
  const notes = (a: LiveZone | null, b: LiveZone | null) =>
    soaNotes(dnsParts(desired), {
      dns: { a: { zones: { 'example.com': a } }, b: { zones: { 'example.com': b } } },
    });

  it('name each field that differs, with each provider value, and never the serial', () => {
    const other = { ...live('ns2.example.org. hostmaster.example.com. 3600 3600 604800 300'), serial: 99 };
    expect(notes(live(), other)).toEqual([
      'zone example.com: the SOA of its providers differ (mname a ns1.example.net., b ns2.example.org.; refresh ' +
        'a 10800, b 3600; minimum a 3600, b 300); secondaries and resolvers follow the timers of whichever ' +
        'server they ask: set them alike with "@": { soa: {...} }',
    ]);
  });

  it('name the provider whose SOA was not read, where the zone declares one', () => {
    const declaring: DesiredState = {
      ...desired,
      zones: [
        {
          // As a serves it: nothing to change there.
          ...desiredZone('example.com', { ...WWW, 'example.com SOA': [['- - 10800 - - -'], PROVIDER_TTL] }),
          providers: ['a', 'b'],
        },
      ],
    };
    const { soa: _, ...unread } = live();
    const plan = computePlan(
      declaring,
      { dns: { a: { zones: { 'example.com': live() } }, b: { zones: { 'example.com': unread } } } },
      fakeProviders(),
    );
    expect(plan.notes).toEqual([
      'zone example.com on b: its SOA could not be read as one record with plain names, so the soa it declares ' +
        'is not planned; check the SOA the provider serves',
    ]);
  });

  it('say nothing where they agree, where a provider reads no SOA, or where the zone is absent', () => {
    const { soa: _, ...unread } = live('x. y. 1 2 3 4');
    expect(notes(live(), { ...live(), serial: 99 })).toEqual([]);
    expect(notes(live(), unread)).toEqual([]);
    expect(notes(live(), null)).toEqual([]);
    const empty = { ...live(), soa: { fqdn: 'example.com', type: 'SOA', records: [] } };
    expect(notes(live(), empty)).toEqual([]);
  });
});
