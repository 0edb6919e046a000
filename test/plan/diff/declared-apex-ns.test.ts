import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveZone } from '../../../src/model/dns.js';
import { changesOf } from '../../../src/plan/diff/change-kinds.js';
import { computePlan } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

/** example.com live: one A set, and its apex NS set read apart, as a provider that writes it reads it. */
function live(): LiveZone {
  const zone = liveZone('example.com', 1, {
    'example.com NS': [
      ['ns1', 'ns1.example.net.', 3600],
      ['ns2', 'ns2.example.net.', 3600],
    ],
    'www.example.com': [['www', '192.0.2.80', 3600]],
  });
  const [apexNs, ...records] = zone.records;
  return { ...zone, records, ...(apexNs ? { apexNs } : {}) };
}

const WWW = { 'www.example.com': [['192.0.2.80'], 3600] } satisfies Record<string, [string[], number]>;

/** The plan's changes from live() to `records`, as `<action> <fqdn> <TYPE> <values>`. */
function changes(records: Record<string, [string[], number?]>, manage?: 'declared'): string[] {
  const zone = desiredZone('example.com', records);
  const want: DesiredState = oneProviderDesired({ zones: [manage ? { ...zone, manage } : zone] });
  const plan = computePlan(want, oneProviderLive({ zones: { 'example.com': live() } }), fakeProviders());
  return changesOf(plan.changes, 'record-set').map(
    ({ action, address, after }) =>
      `${action} ${address.fqdn} ${address.type} ${after?.values.join(',') ?? '-'}`,
  );
}

describe('the apex NS set in the diff', () => {
  it('is left alone where the desired zone does not declare it, in a zone that manages all', () => {
    expect(changes(WWW)).toEqual([]);
    expect(changes({ 'www.example.com': [['192.0.2.81'], 3600] })).toEqual([
      'update www.example.com A 192.0.2.81',
    ]);
    // Neither another type at the apex nor an NS set below it declares the apex NS set.
    const others: Record<string, [string[]]> = {
      'example.com MX': [['10 mail.example.net.']],
      'lab.example.com NS': [['ns1.example.net.']],
    };
    expect(changes({ ...WWW, ...others })).toEqual([
      'create example.com MX 10 mail.example.net.',
      'create lab.example.com NS ns1.example.net.',
    ]);
  });

  it('is compared with the live set where the desired zone declares it', () => {
    const same = { 'example.com NS': [['ns2.example.net.', 'ns1.example.net.'], 3600] } satisfies Record<
      string,
      [string[], number]
    >;
    expect(changes({ ...WWW, ...same })).toEqual([]);
    expect(changes({ ...WWW, 'example.com NS': [['ns1.example.net.', 'ns3.example.net.'], 3600] })).toEqual([
      'update example.com NS ns1.example.net.,ns3.example.net.',
    ]);
    // In a `manage: declared` zone alike: declaring the apex NS set is what manages it.
    expect(changes({ 'example.com NS': [['ns3.example.net.'], 3600] }, 'declared')).toEqual([
      'update example.com NS ns3.example.net.',
    ]);
  });
});
