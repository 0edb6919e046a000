import { describe, expect, it } from 'vitest';
import type { DesiredState, DesiredZone } from '../../../src/model/dns.js';
import type { LiveState } from '../../../src/model/live.js';
import {
  computePlan,
  type PlanProviders,
  renderPlanJson,
  renderPlanMarkdown,
  renderPlanText,
} from '../../../src/plan/index.js';
import { dynCompiler } from '../../../src/providers/dyn/index.js';
import { pdnsCompiler } from '../../../src/providers/pdns/index.js';
import { liveZone } from '../helpers/builders.js';

/** A new zone's line shows what its provider sets up: Dyn the contact and serial style, PowerDNS its own settings. */

const zone: DesiredZone = {
  zone: 'new.example',
  defaultTtl: 3600,
  records: [{ fqdn: 'www.new.example', type: 'A', ttl: 300, values: ['192.0.2.1'] }],
  unmanaged: [],
  create: { contact: 'dns@new.example', serialStyle: 'epoch' },
  providers: ['dyn', 'pdns'],
};

const desired: DesiredState = {
  zones: [zone],
  secondaryZones: [],
  geoServices: [],
  manage: { secondaryZones: 'listed', geoServices: 'listed' },
  dnsProviders: [
    { name: 'dyn', type: 'dyn', options: {} },
    { name: 'pdns', type: 'powerdns', options: { url_env: 'EDGEPLAN_U', api_key_env: 'EDGEPLAN_K' } },
  ],
};

const live: LiveState = {
  dns: { dyn: { zones: { 'new.example': null } }, pdns: { zones: { 'new.example': null } } },
};

function providers() {
  return {
    dns: {
      dyn: { ...dynCompiler, name: 'dyn' },
      pdns: {
        ...pdnsCompiler({ zoneKind: 'Master', nameservers: ['ns1.example.net.'], soaEditApi: 'INCREASE' }),
        name: 'pdns',
      },
    },
  } satisfies PlanProviders;
}

const plan = () => computePlan(desired, live, providers());

describe('the zone-creation line, per provider', () => {
  it('Dyn shows the contact and serial style; PowerDNS its kind, nameservers and soa_edit_api, not Dyn’s', () => {
    const text = renderPlanText(plan(), { color: false });
    expect(text).toContain('  + zone new.example default ttl 3600, contact dns@new.example, serial epoch\n');
    expect(text).toContain(
      '  + zone new.example kind Master, nameservers ns1.example.net., soa_edit_api INCREASE\n',
    );
    expect(text.match(/contact dns@new\.example/g)).toHaveLength(1);

    const markdown = renderPlanMarkdown(plan());
    expect(markdown).toContain(
      '| create | zone new.example |  | kind Master, nameservers ns1.example.net., soa\\_edit\\_api INCREASE |',
    );
    expect(markdown.match(/contact dns@new\.example/g)).toHaveLength(1);

    const json = JSON.parse(renderPlanJson(plan()));
    const creations = json.changes.filter((c: { address: { kind: string } }) => c.address.kind === 'zone');
    expect(creations.map((c: { after: unknown }) => c.after)).toEqual([
      { rname: 'dns@new.example', ttl: 3600, serialStyle: 'epoch' },
      {
        settings: [
          { name: 'kind', value: 'Master' },
          { name: 'nameservers', value: 'ns1.example.net.' },
          { name: 'soa_edit_api', value: 'INCREASE' },
        ],
      },
    ]);
  });

  it('the PowerDNS call is still compiled from the desired zone: one POST with its records', () => {
    const step = plan().steps.find((s) => s.provider === 'pdns');
    expect(step?.ops).toEqual([
      {
        kind: 'create-zone',
        zone: 'new.example',
        zoneKind: 'Master',
        nameservers: ['ns1.example.net.'],
        soaEditApi: 'INCREASE',
        replace: [{ fqdn: 'www.new.example', type: 'A', ttl: 300, values: ['192.0.2.1'] }],
      },
    ]);
  });

  it('replaces only the zone creation: record-set changes keep their values, deletes of an existing zone too', () => {
    const old: DesiredZone = {
      zone: 'old.example',
      defaultTtl: 3600,
      records: [{ fqdn: 'www.old.example', type: 'A', ttl: 300, values: ['192.0.2.1'] }],
      unmanaged: [],
      providers: ['pdns'],
    };
    const oldLive = liveZone('old.example', 7, {
      'www.old.example': [[1, '192.0.2.9', 300]],
      'gone.old.example': [[2, '192.0.2.8', 300]],
    });
    const both: DesiredState = { ...desired, zones: [zone, old] };
    const pdnsLive = { zones: { 'new.example': null, 'old.example': oldLive } };
    const withOld: LiveState = { ...live, dns: { ...live.dns, pdns: pdnsLive } };
    const pdns = computePlan(both, withOld, providers()).changes.filter(
      (change) => 'provider' in change.address && change.address.provider === 'pdns',
    );
    expect(pdns.map((change) => [change.address.kind, change.action, change.after])).toEqual([
      ['zone', 'create', { settings: expect.any(Array) }],
      ['record-set', 'create', { ttl: 300, values: ['192.0.2.1'] }],
      ['record-set', 'delete', null],
      ['record-set', 'update', { ttl: 300, values: ['192.0.2.1'] }],
    ]);
  });
});
