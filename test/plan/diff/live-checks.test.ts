import { describe, expect, it } from 'vitest';
import type { DesiredState, LiveDnsState } from '../../../src/model/dns.js';
import type { GeoService } from '../../../src/model/geo.js';
import type { RecordSet } from '../../../src/model/record-set.js';
import { computePlan, PlanProblemsError } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const ZONE = 'a.test';
const F = 'zones.yaml';

/** The zone's desired sets, each written at its own line of `zones.yaml`. */
function placed(records: Record<string, [string[], number?]>): DesiredState['zones'][number] {
  const zone = desiredZone(ZONE, records);
  return {
    ...zone,
    records: zone.records.map((set, i): RecordSet => ({ ...set, at: { file: F, line: 10 + i, col: 7 } })),
  };
}

const geo = (name: string, fqdns: string[]): GeoService => ({
  name,
  groups: [{ name: 'All', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.50'] }] }],
  nodes: fqdns.map((fqdn) => ({ zone: ZONE, fqdn })),
});

function problems(desired: DesiredState, live: LiveDnsState): string[] {
  try {
    computePlan(desired, oneProviderLive(live), fakeProviders());
  } catch (error) {
    if (error instanceof PlanProblemsError) return error.message.split('\n');
    throw error;
  }
  return [];
}

describe('plan-time checks against live state', () => {
  it('are reported as PlanProblemsError, so named for a library caller who reads `name`', () => {
    const error = new PlanProblemsError([
      { file: F, line: 3, col: 5, code: 'EP1607', message: 'no such webapp' },
    ]);
    expect(error.name).toBe('PlanProblemsError');
    expect(error.message).toBe('zones.yaml:3:5: EP1607 no such webapp');
  });

  it('refuses records of the types a geo service answers for at a node it links, unless the plan unlinks it', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [
        placed({
          'geo.a.test': [['192.0.2.1']],
          'geo.a.test TXT': [['"x"']],
          'free.a.test': [['192.0.2.2']],
        }),
      ],
      geoServices: [],
    });
    const live: LiveDnsState = {
      zones: { [ZONE]: liveZone(ZONE, 1, {}) },
      geoServices: [geo('Other team', ['geo.a.test'])],
    };
    // A TXT stands beside the link (the service answers A, AAAA and CNAME there, not TXT).
    expect(problems(desired, live)).toEqual([
      `${F}:10:7: EP1603 geo.a.test A: the node is linked to the live geo service "Other team", which this plan does not unlink; the service refuses records at a node a geo service answers for`,
    ]);
    const unlinks: DesiredState = oneProviderDesired({ ...desired, geoServices: [geo('Other team', [])] });
    expect(problems(unlinks, live)).toEqual([]);
    const deletes: DesiredState = oneProviderDesired({
      ...desired,
      manage: { geoServices: 'all', secondaryZones: 'listed' },
    });
    expect(problems(deletes, live)).toEqual([]);
  });

  it('refuses an ALIAS at a node a live geo service links: the service does not combine the two', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [placed({ 'a.test ALIAS': [['lb.example.net.']] })],
      geoServices: [],
    });
    const live: LiveDnsState = {
      zones: { [ZONE]: liveZone(ZONE, 1, {}) },
      geoServices: [geo('Apex', ['a.test'])],
    };
    expect(problems(desired, live)).toEqual([
      `${F}:10:7: EP1603 a.test ALIAS: the node is linked to the live geo service "Apex", which this plan does not unlink; the service refuses records at a node a geo service answers for`,
    ]);
  });

  it('does not look at geo services that were not read, nor at names edgeplan does not manage', () => {
    const desired: DesiredState = oneProviderDesired({ zones: [placed({ 'geo.a.test': [['192.0.2.1']] })] });
    expect(problems(desired, { zones: { [ZONE]: liveZone(ZONE, 1, {}) } })).toEqual([]);
    const unmanaged = {
      ...desired,
      zones: desired.zones.map((z) => ({ ...z, unmanaged: [{ name: 'geo' }] })),
      geoServices: [],
    };
    expect(
      problems(unmanaged, {
        zones: { [ZONE]: liveZone(ZONE, 1, {}) },
        geoServices: [geo('S', ['geo.a.test'])],
      }),
    ).toEqual([]);
  });

  it('refuses a CNAME beside live data edgeplan does not read, and any record beside such a CNAME (kept-checks.test.ts)', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [
        placed({ 'www.a.test CNAME': [['web.example.net.']], 'ok.a.test CNAME': [['web.example.net.']] }),
      ],
    });
    const live = liveZone(ZONE, 1, { 'ok.a.test': [[1, '192.0.2.1', 60]] }, [
      'www.a.test HINFO',
      'www.a.test LOC',
    ]);
    expect(problems(desired, { zones: { [ZONE]: live } })).toEqual([
      expect.stringMatching(
        /^zones\.yaml:10:7: EP1602 www\.a\.test CNAME: the name keeps live HINFO \(records edgeplan does not read\), LOC \(records edgeplan does not read\), which this plan leaves alone; a CNAME must stand alone at its name /,
      ),
    ]);
    const beside: DesiredState = oneProviderDesired({ zones: [placed({ 'alias.a.test TXT': [['"x"']] })] });
    const exclusive = liveZone(ZONE, 1, {}, ['alias.a.test CNAME']);
    expect(problems(beside, { zones: { [ZONE]: exclusive } })).toEqual([
      expect.stringMatching(
        /^zones\.yaml:10:7: EP1602 alias\.a\.test TXT: the name keeps a live CNAME \(records edgeplan does not read\), which this plan leaves alone; a CNAME must stand alone at its name /,
      ),
    ]);
    const harmless: DesiredState = oneProviderDesired({ zones: [placed({ 'www.a.test TXT': [['"x"']] })] });
    expect(problems(harmless, { zones: { [ZONE]: live } })).toEqual([]);
  });

  it('refuses a set whose name and type hold live records the reader could not read (a CNAME to the root)', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [placed({ 'mx.a.test MX': [['10 mail.a.test.']] })],
    });
    const live = liveZone(ZONE, 1, {}, ['mx.a.test MX', 'other.a.test MX']);
    expect(problems(desired, { zones: { [ZONE]: live } })).toEqual([
      `${F}:10:7: EP1602 mx.a.test MX: the node holds live MX records edgeplan cannot read (listed by the plan, kept as they are); writing this set would replace them unseen: change them at the provider, or list the name under unmanaged`,
    ]);
    const elsewhere = liveZone(ZONE, 1, {}, ['other.a.test MX']);
    expect(problems(desired, { zones: { [ZONE]: elsewhere } })).toEqual([]);
  });

  it('collects every problem at once, WAF problems too', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [placed({ 'geo.a.test': [['192.0.2.1']], 'www.a.test CNAME': [['web.example.net.']] })],
      geoServices: [],
      waf: {
        webapps: [{ ref: 'shop', at: { file: 'waf.yaml', line: 3, col: 5 }, mode: 'exact', allow: [] }],
      },
    });
    const live: LiveDnsState & { waf: NonNullable<Parameters<typeof computePlan>[1]['waf']> } = {
      zones: { [ZONE]: liveZone(ZONE, 1, {}, ['www.a.test LOC']) },
      geoServices: [geo('S', ['geo.a.test'])],
      waf: { webapps: { shop: null }, accountWebapps: [], readRequests: 1, rateLimit: null },
    };
    expect(problems(desired, live).map((line) => line.slice(0, line.indexOf(': ')))).toEqual([
      'waf.yaml:3:5',
      `${F}:10:7`,
      `${F}:11:7`,
    ]);
  });

  it('reports a set built in code, without a position, at the desired state as a whole', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [desiredZone(ZONE, { 'www.a.test CNAME': [['web.example.net.']] })],
    });
    const live = liveZone(ZONE, 1, {}, ['www.a.test LOC']);
    expect(problems(desired, { zones: { [ZONE]: live } })[0]).toMatch(
      /^<desired state>:0:0: EP1602 www\.a\.test CNAME: /,
    );
  });
});
