import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import { DEFAULT_SAFETY } from '../../../src/model/safety.js';
import { computePlan, planApprovals } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

type Sets = Record<string, [number | string, string, number][]>;

/** The apex NS set of example.com as it is live, beside a record that no change touches. */
const LIVE: Sets = {
  'example.com NS': [
    ['ns1', 'ns1.example.net.', 3600],
    ['ns2', 'ns2.example.net.', 3600],
  ],
  'www.example.com': [['www', '192.0.2.80', 3600]],
};
const WWW = { 'www.example.com': [['192.0.2.80'], 3600] } satisfies Record<string, [string[], number]>;

/** The approvals of the plan from LIVE to `desired` in zone example.com, as text. */
function approvals(desired: Record<string, [string[], number?]>, safety = DEFAULT_SAFETY): string[] {
  const state = { zones: { 'example.com': liveZone('example.com', 1, LIVE) } };
  const want: DesiredState = oneProviderDesired({
    zones: [desiredZone('example.com', { ...WWW, ...desired })],
    safety,
  });
  return planApprovals(
    computePlan(want, oneProviderLive(state), fakeProviders()),
    want,
    oneProviderLive(state),
  ).map((a) => `${a.target.kind}:${a.target.name} ${a.rule}: ${a.message}`);
}

const PARENT = "the parent zone's delegation must name the same servers";

// RFC 1034 §4.2.2: the parent's delegation names the zone's servers, so changing the apex NS set changes who
// answers for the zone: held for approval like a large delete.
describe('apex-ns safety rule', () => {
  it('holds a plan that replaces a server of the apex NS set, naming what is added and removed', () => {
    expect(approvals({ 'example.com NS': [['ns1.example.net.', 'ns3.example.net.'], 3600] })).toEqual([
      `zone:example.com apex-ns: changes the apex NS set of example.com (adds ns3.example.net. and removes ` +
        `ns2.example.net.): ${PARENT}`,
    ]);
  });

  it('holds an addition alone, and a change of TTL alone', () => {
    expect(
      approvals({ 'example.com NS': [['ns1.example.net.', 'ns2.example.net.', 'ns3.example.net.'], 3600] }),
    ).toEqual([
      `zone:example.com apex-ns: changes the apex NS set of example.com (adds ns3.example.net.): ${PARENT}`,
    ]);
    expect(approvals({ 'example.com NS': [['ns1.example.net.', 'ns2.example.net.'], 60] })).toEqual([
      `zone:example.com apex-ns: changes the apex NS set of example.com (changes its TTL): ${PARENT}`,
    ]);
  });

  it('holds a set created where none was read, and one deleted, naming every server', () => {
    const want: DesiredState = oneProviderDesired({
      zones: [desiredZone('example.com', { 'example.com NS': [['ns3.example.net.', 'ns4.example.net.']] })],
    });
    const none = { zones: { 'example.com': liveZone('example.com', 1, {}) } };
    expect(
      planApprovals(
        computePlan(want, oneProviderLive(none), fakeProviders()),
        want,
        oneProviderLive(none),
      ).map((a) => a.message),
    ).toEqual([
      `changes the apex NS set of example.com (adds ns3.example.net., ns4.example.net.): ${PARENT}`,
    ]);
    // No plan of edgeplan deletes it (validation keeps it from empty), but the rule would hold one that did.
    expect(approvals({})).toEqual([
      `zone:example.com apex-ns: changes the apex NS set of example.com (removes ns1.example.net., ` +
        `ns2.example.net.): ${PARENT}`,
    ]);
  });

  it('holds nothing when the desired apex NS set is what is live, nor for a delegation below the apex', () => {
    expect(approvals({ 'example.com NS': [['ns2.example.net.', 'ns1.example.net.'], 3600] })).toEqual([]);
    const kept = { 'example.com NS': [['ns1.example.net.', 'ns2.example.net.'], 3600] } satisfies Record<
      string,
      [string[], number]
    >;
    expect(approvals({ ...kept, 'lab.example.com NS': [['ns1.example.net.']] })).toEqual([]);
    // Another type at the apex is no apex NS change.
    expect(approvals({ ...kept, 'example.com MX': [['10 mail.example.net.']] })).toEqual([]);
  });

  it('holds nothing in a zone the plan creates: zone-create guards the creation', () => {
    const want: DesiredState = oneProviderDesired({
      zones: [
        {
          ...desiredZone('new.example', { 'new.example NS': [['ns1.example.net.']] }),
          create: { contact: 'dns@example.net' },
        },
      ],
    });
    const live = { zones: { 'new.example': null } };
    expect(
      planApprovals(computePlan(want, oneProviderLive(live), fakeProviders()), want, oneProviderLive(live)),
    ).toEqual([]);
  });

  it('is on by default and can be turned off', () => {
    expect(DEFAULT_SAFETY.apexNs).toBe(true);
    const change = { 'example.com NS': [['ns3.example.net.'], 3600] } satisfies Record<
      string,
      [string[], number]
    >;
    expect(approvals(change, { ...DEFAULT_SAFETY, apexNs: false })).toEqual([]);
  });
});
