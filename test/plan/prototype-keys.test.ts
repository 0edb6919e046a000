import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../src/model/dns.js';
import type { LiveState } from '../../src/model/live.js';
import type { LiveWebapp } from '../../src/model/waf.js';
import {
  driftReport,
  parsePlanFile,
  parseTargets,
  planFingerprints,
  renderDriftText,
  renderPlanJson,
  renderPlanMarkdown,
  renderPlanText,
  scopeDesired,
  scopeLive,
} from '../../src/plan/index.js';
import { shownPlan } from '../../src/plan/shown-plan.js';
import { DYN, oneProviderDesired, oneProviderLive } from '../support/one-provider.js';
import { desiredZone, liveZone } from './helpers/builders.js';
import { FAKE_OP_SCHEMAS } from './helpers/fake-providers.js';
import { reviewPlan } from './helpers/review-fixture.js';

/** Names that are properties of every plain object: each must be data, never a prototype's member. */
const KEYS = ['__proto__', 'constructor', 'toString'] as const;
const at = { file: 'waf.yaml', line: 1, col: 1 };
const webapp = (name: string, i: number): LiveWebapp => ({
  id: String(i).repeat(32),
  name,
  bots: [
    { id: 'b'.repeat(32), name: '__proto__', enabled: false },
    { id: 'c'.repeat(32), name: 'constructor', enabled: true },
  ],
});

function state(): { desired: DesiredState; live: LiveState } {
  const desired: DesiredState = oneProviderDesired({
    zones: [
      desiredZone('example.com', {
        '__proto__.example.com': [['192.0.2.1']],
        'constructor.example.com TXT': [['"x"']],
        'tostring.example.com MX': [['10 mail.example.com.']],
      }),
    ],
    secondaryZones: [
      { zone: '__proto__.example.net', masters: ['198.51.100.1'], contactNickname: null, tsigKeyName: null },
    ],
    geoServices: KEYS.map((name) => ({
      name,
      groups: KEYS.map((group) => ({
        name: group,
        countries: [group === '__proto__' ? 'DE' : group === 'constructor' ? 'FR' : '@@'],
        records: [{ type: 'A', values: ['192.0.2.50'] }],
      })),
      nodes: [{ zone: 'example.com', fqdn: `${name.toLowerCase()}.geo.example.com` }],
    })),
    manage: { secondaryZones: 'all', geoServices: 'all' },
    waf: { webapps: KEYS.map((ref) => ({ ref, at, mode: 'exact', allow: [{ ref: '__proto__', at }] })) },
  });
  const live: LiveState = oneProviderLive({
    zones: Object.fromEntries([
      [
        'example.com',
        liveZone('example.com', 1, { 'constructor.example.com': [[1, '192.0.2.9', 60]] }, [
          '__proto__.example.com LOC',
        ]),
      ],
    ]),
    secondaryZones: [
      {
        zone: 'constructor.example.net',
        masters: ['198.51.100.2'],
        contactNickname: '',
        tsigKeyName: '',
        active: 'Y',
      },
    ],
    geoServices: [{ name: 'hasOwnProperty', groups: [], nodes: [] }],
    waf: {
      webapps: Object.fromEntries(KEYS.map((ref, i) => [ref, webapp(ref, i + 1)])),
      accountWebapps: [...KEYS],
      readRequests: 1,
      rateLimit: null,
    },
  });
  return { desired, live };
}

describe('names that are properties of every object', () => {
  it('are planned as data: record sets, secondary zones, geo services and groups, webapps and bots', () => {
    const { desired, live } = state();
    const plan = reviewPlan(desired, live);
    expect(plan.steps.map((s) => s.id)).toEqual([
      'geo:__proto__',
      'geo:constructor',
      'geo:hasOwnProperty',
      'geo:toString',
      'secondary:__proto__.example.net',
      'secondary:constructor.example.net',
      'webapp:__proto__',
      'webapp:constructor',
      'webapp:toString',
      'zone:example.com',
    ]);
    expect(
      plan.changes.filter((c) => c.address.kind === 'record-set').map((c) => [c.action, c.address]),
    ).toEqual([
      [
        'create',
        { kind: 'record-set', zone: 'example.com', provider: DYN, fqdn: '__proto__.example.com', type: 'A' },
      ],
      [
        'delete',
        {
          kind: 'record-set',
          zone: 'example.com',
          provider: DYN,
          fqdn: 'constructor.example.com',
          type: 'A',
        },
      ],
      [
        'create',
        {
          kind: 'record-set',
          zone: 'example.com',
          provider: DYN,
          fqdn: 'constructor.example.com',
          type: 'TXT',
        },
      ],
      [
        'create',
        { kind: 'record-set', zone: 'example.com', provider: DYN, fqdn: 'tostring.example.com', type: 'MX' },
      ],
    ]);
    expect(plan.needsApproval?.map((a) => `${a.target.kind}:${a.target.name} ${a.rule}`)).toEqual([
      'secondary:constructor.example.net secondary-zone-delete',
      'geo:hasOwnProperty geo-service-delete',
    ]);
  });

  it('never read a prototype member as live state: a webapp not read is an error, a missing one is absent', () => {
    const { desired, live } = state();
    if (!live.waf) throw new Error('fixture');
    const unread: LiveState = { ...live, waf: { ...live.waf, webapps: {} } };
    expect(() => reviewPlan(desired, unread)).toThrow(/no entry for webapp __proto__/);
    const plan = reviewPlan(desired, live);
    const fingerprints = planFingerprints(plan, desired, unread);
    expect(
      fingerprints.targets.filter((t) => t.target.kind === 'webapp').map((t) => [t.target.name, t.live]),
    ).toEqual([
      ['__proto__', null],
      ['constructor', null],
      ['toString', null],
    ]);
    expect(
      planFingerprints(plan, desired, live)
        .targets.filter((t) => t.target.kind === 'webapp')
        .every((t) => t.live),
    ).toBe(true);
  });

  it('are scoped, acknowledged, rendered and saved like any name', () => {
    const { desired, live } = state();
    const scope = parseTargets(['webapp:__proto__', 'geo:constructor', 'secondary:__proto__*']);
    const scoped = scopeDesired(desired, scope);
    expect(scoped.waf?.webapps.map((w) => w.ref)).toEqual(['__proto__']);
    expect(scoped.geoServices?.map((s) => s.name)).toEqual(['constructor']);
    expect(scopeLive(live, scope, scoped).dns[DYN]?.geoServices).toEqual([]);
    const plan = reviewPlan(desired, live);
    const report = driftReport(
      plan,
      [{ target: 'webapp:__proto__', owner: 'ops', reason: 'x', expires: '2999-01-01' }],
      0,
    );
    expect(
      report.targets.find((t) => t.target.name === '__proto__' && t.target.kind === 'webapp')?.status,
    ).toBe('acknowledged');
    expect(renderDriftText(report)).toContain(
      '  webapp:constructor\n      bot __proto__: live disabled → desired enabled [sha256:',
    );
    const text = renderPlanText(plan, { color: false });
    expect(text).toContain('  + __proto__.example.com A ttl 3600 192.0.2.1\n');
    expect(text).toContain('      + group constructor: countries FR; A 192.0.2.50\n');
    expect(text).toContain('webapp toString (3333333333333333333333333333333');
    expect(renderPlanMarkdown(plan)).toContain('| `webapp:__proto__` (exact, id 1111');
    const json = renderPlanJson(plan);
    expect(JSON.parse(json)).toEqual(shownPlan(plan));
    expect(parsePlanFile(json, 'plan.json', FAKE_OP_SCHEMAS).steps).toEqual(plan.steps);
  });
});
