import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveZone } from '../../../src/model/dns.js';
import { dnsParts } from '../../../src/model/dns-providers.js';
import type { LiveState } from '../../../src/model/live.js';
import { apexNsNotes } from '../../../src/plan/diff/apex-ns-notes.js';
import { computePlan } from '../../../src/plan/index.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'example.com';
const WWW = { fqdn: `www.${ZONE}`, type: 'A', ttl: 300, values: ['192.0.2.1'] };

/** example.com on `a` and `b`, its www A in sync on both. */
const DESIRED: DesiredState = {
  zones: [{ zone: ZONE, defaultTtl: 3600, records: [WWW], unmanaged: [], providers: ['a', 'b'] }],
  secondaryZones: [],
  geoServices: [],
  manage: { secondaryZones: 'listed', geoServices: 'listed' },
  dnsProviders: [
    { name: 'a', type: 'powerdns', options: {} },
    { name: 'b', type: 'powerdns', options: {} },
  ],
};

/** The zone live with this apex NS set (none: the provider does not read it). */
function live(servers?: string[]): LiveZone {
  return {
    zone: ZONE,
    serial: 1,
    serialStyle: 'increment',
    records: [{ fqdn: WWW.fqdn, type: 'A', records: [{ value: '192.0.2.1', ttl: 300 }] }],
    unsupported: [],
    ...(servers
      ? { apexNs: { fqdn: ZONE, type: 'NS', records: servers.map((value) => ({ value, ttl: 3600 })) } }
      : {}),
  };
}

function notes(a?: string[], b?: string[]): string[] {
  const state: LiveState = {
    dns: { a: { zones: { [ZONE]: live(a) } }, b: { zones: { [ZONE]: live(b) } } },
  };
  return computePlan(DESIRED, state, fakeProviders()).notes ?? [];
}

// RFC 1034 §4.2.2: the parent's delegation names the servers; each answers with its own apex NS set.
describe('apex NS sets that differ between the providers of a zone', () => {
  it('are named in a note, each provider with the servers it serves', () => {
    expect(notes(['ns1.a.net.', 'ns1.b.net.'], ['ns1.b.net.'])).toEqual([
      'zone example.com: the apex NS sets of its providers differ (a serves ns1.a.net., ns1.b.net.; b serves ' +
        "ns1.b.net.); each provider's set should name every provider's servers, as the parent zone's delegation does",
    ]);
  });

  it('give no note when they are the same, or when a provider does not read its own', () => {
    expect(notes(['ns1.a.net.', 'ns1.b.net.'], ['ns1.a.net.', 'ns1.b.net.'])).toEqual([]);
    expect(notes(['ns1.a.net.'], undefined)).toEqual([]);
    // A zone the plan creates on a provider has nothing live to compare.
    const absent: LiveState = {
      dns: { a: { zones: { [ZONE]: live(['ns1.a.net.']) } }, b: { zones: { [ZONE]: null } } },
    };
    expect(apexNsNotes(dnsParts(DESIRED), absent)).toEqual([]);
  });
});
