import { describe, expect, it } from 'vitest';
import type { GeoChange } from '../../../src/model/change.js';
import type { DesiredState } from '../../../src/model/dns.js';
import type { GeoGroup, GeoRecords, GeoService } from '../../../src/model/geo.js';
import { computePlan, isChangeOf, PlanProblemsError, renderPlanText } from '../../../src/plan/index.js';
import { dynCompiler } from '../../../src/providers/dyn/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

const AT = { file: 'geo.yaml', line: 2, col: 3 };
const records = (extra: Partial<GeoRecords> = {}): GeoRecords => ({
  type: 'A',
  values: ['192.0.2.1', '192.0.2.2'],
  ...extra,
});
const group = (extra: Partial<GeoRecords> = {}): GeoGroup => ({
  name: 'Europe',
  countries: ['DE'],
  records: [records(extra)],
});
/** A live service as the Dyn reader gives it: every option the service shows. */
const live = (extra: Partial<GeoService> = {}, options: Partial<GeoRecords> = {}): GeoService => ({
  name: 'Global Web',
  groups: [group({ weights: [1, 1], labels: ['', ''], ...options })],
  nodes: [],
  ttl: 30,
  active: true,
  ...extra,
});
/** A desired service that manages none of the options unless told. */
const want = (extra: Partial<GeoService> = {}, options: Partial<GeoRecords> = {}): GeoService => ({
  name: 'Global Web',
  groups: [group(options)],
  nodes: [],
  at: AT,
  ...extra,
});

function plan(desired: GeoService[], services: GeoService[], manage: DesiredState['manage'] = undefined) {
  return computePlan(
    oneProviderDesired({ zones: [], geoServices: desired, ...(manage ? { manage } : {}) }),
    oneProviderLive({ zones: {}, geoServices: services }),
    fakeProviders(),
  );
}

function onlyChange(desired: GeoService[], services: GeoService[]): GeoChange {
  const changes = plan(desired, services).changes;
  expect(changes).toHaveLength(1);
  const [change] = changes;
  if (!change || !isChangeOf(change, 'geo')) throw new Error('expected one geo change');
  return change;
}

const text = (desired: GeoService[], services: GeoService[]) =>
  renderPlanText(plan(desired, services), { color: false });

describe('geo service options in the diff', () => {
  it('plans nothing for options the desired state does not give, and carries the live ones into a write', () => {
    expect(plan([want()], [live({}, { serveCount: 1, ttl: 60 })]).changes).toEqual([]);
    // A change of the values replaces the groups: the live weights, labels, serve count and TTL go with them.
    const change = onlyChange(
      [want({}, { values: ['192.0.2.1', '192.0.2.3'] })],
      [live({}, { weights: [4, 2], labels: ['one', 'two'], serveCount: 1, ttl: 60 })],
    );
    expect(change.after?.groups[0]?.records[0]).toEqual({
      type: 'A',
      values: ['192.0.2.1', '192.0.2.3'],
      weights: [4, 1],
      labels: ['one', ''],
      serveCount: 1,
      ttl: 60,
    });
    expect(change.after).toMatchObject({ ttl: 30, active: true });
  });

  it('keeps a live serve count the desired values can still fill, and drops one they cannot', () => {
    const three = {
      values: ['192.0.2.1', '192.0.2.2', '192.0.2.3'],
      weights: [1, 1, 1],
      labels: ['', '', ''],
    };
    const fewer = (serveCount: number) =>
      onlyChange([want({}, { values: ['192.0.2.1', '192.0.2.2'] })], [live({}, { ...three, serveCount })])
        .after?.groups[0]?.records[0];
    expect(fewer(2)).toMatchObject({ values: ['192.0.2.1', '192.0.2.2'], serveCount: 2 });
    expect(fewer(3)).toStrictEqual({
      type: 'A',
      values: ['192.0.2.1', '192.0.2.2'],
      weights: [1, 1],
      labels: ['', ''],
    });
  });

  it.each([
    ['a weight', { weights: [1, 3] }, '~ group Europe: A 192.0.2.2 weight 1→3'],
    ['a label', { labels: ['', 'eu-2'] }, '~ group Europe: A 192.0.2.2 label ""→"eu-2"'],
    ['a serve count', { serveCount: 1 }, '~ group Europe: A serve_count (none)→1'],
    ['a group TTL', { ttl: 60 }, '~ group Europe: A ttl (none)→60'],
  ])('changing only %s is an update of its group, shown as such', (_, options, line) => {
    const change = onlyChange([want({}, options)], [live()]);
    expect(change.action).toBe('update');
    expect(dynCompiler.compileGeo(change, 'all')).toEqual([
      { kind: 'update-geo', name: 'Global Web', groups: change.after?.groups },
    ]);
    expect(text([want({}, options)], [live()])).toContain(line);
  });

  it('changing only the service TTL or its active state is an update with its own call', () => {
    const ttl = onlyChange([want({ ttl: 90 })], [live()]);
    expect(dynCompiler.compileGeo(ttl, 'all')).toEqual([{ kind: 'update-geo', name: 'Global Web', ttl: 90 }]);
    expect(text([want({ ttl: 90 })], [live()])).toContain('~ service: ttl 30→90');
    const inactive = onlyChange([want({ active: false })], [live()]);
    expect(dynCompiler.compileGeo(inactive, 'all')).toEqual([
      { kind: 'activate-geo', name: 'Global Web', active: false },
    ]);
    expect(text([want({ active: false })], [live()])).toContain('~ service: active yes→no');
  });

  it('a create sends the options it is given, and its active state after it', () => {
    const change = onlyChange([want({ ttl: 45, active: true }, { weights: [2, 1] })], []);
    expect(change.action).toBe('create');
    expect(dynCompiler.compileGeo(change, 'all')).toEqual([
      { kind: 'create-geo', name: 'Global Web', groups: [group({ weights: [2, 1] })], nodes: [], ttl: 45 },
      { kind: 'activate-geo', name: 'Global Web', active: true },
    ]);
  });
});

describe('renaming a geo service', () => {
  const renamed = (extra: Partial<GeoService> = {}) =>
    want({ name: 'World Web', renamedFrom: 'Global Web', ...extra });

  it('is one update of the live service under its old name: rename first, then the rest under the new name', () => {
    const change = onlyChange([renamed({ ttl: 60 })], [live()]);
    expect(change).toMatchObject({
      address: { kind: 'geo', name: 'World Web' },
      action: 'update',
      before: { name: 'Global Web', ttl: 30 },
      after: { ttl: 60 },
    });
    expect(dynCompiler.compileGeo(change, 'all')).toEqual([
      { kind: 'rename-geo', name: 'Global Web', newName: 'World Web' },
      { kind: 'update-geo', name: 'World Web', ttl: 60 },
    ]);
    const shown = text([renamed({ ttl: 60 })], [live()]);
    expect(shown).toContain('~ "World Web" (1 API call)');
    expect(shown).toContain('~ service: renamed from "Global Web"; ttl 30→60');
    expect(shown).toContain('Plan: 0 to create, 1 to update, 0 to delete in 1 geo service.');
  });

  it('a rename alone is a change; once made, it plans nothing', () => {
    const change = onlyChange([renamed()], [live()]);
    expect(dynCompiler.compileGeo(change, 'all')).toEqual([
      { kind: 'rename-geo', name: 'Global Web', newName: 'World Web' },
    ]);
    expect(plan([renamed()], [live({ name: 'World Web' })]).changes).toEqual([]);
  });

  it('under manage: all, the renamed live service is not deleted', () => {
    const all = { geoServices: 'all', secondaryZones: 'listed' } as const;
    expect(plan([renamed()], [live()], all).changes.map((c) => [c.action, c.address])).toEqual([
      ['update', { kind: 'geo', name: 'World Web' }],
    ]);
  });

  it('is refused when a live service already has the new name, naming the YAML place', () => {
    const error = (() => {
      try {
        plan([renamed()], [live(), live({ name: 'World Web' })]);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(PlanProblemsError);
    expect(error).toMatchObject({
      diagnostics: [
        {
          ...AT,
          message: 'geo service "Global Web" cannot be renamed to "World Web": a live service has that name',
        },
      ],
    });
  });

  it('is refused at the desired state as a whole when the service was built in code (no YAML place)', () => {
    const error = (() => {
      try {
        return plan([{ ...renamed(), at: undefined }], [live(), live({ name: 'World Web' })]);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PlanProblemsError);
    expect(error).toMatchObject({
      diagnostics: [
        {
          file: '<desired state>',
          line: 0,
          col: 0,
          message: 'geo service "Global Web" cannot be renamed to "World Web": a live service has that name',
        },
      ],
    });
  });
});

describe('a renamed service unlinking a node', () => {
  it('lets the plan put records at the node it unlinks, found under its old live name', () => {
    const node = { zone: 'example.com', fqdn: 'geo.example.com' };
    const result = computePlan(
      oneProviderDesired({
        zones: [desiredZone('example.com', { 'geo.example.com': [['192.0.2.9']] })],
        geoServices: [want({ name: 'World Web', renamedFrom: 'Global Web' })],
      }),
      oneProviderLive({
        zones: { 'example.com': liveZone('example.com', 1, {}) },
        geoServices: [live({ nodes: [node] })],
      }),
      fakeProviders(),
    );
    expect(result.steps.map((step) => `${step.id} <- ${step.after.join(', ')}`)).toEqual([
      'geo:World Web <- ',
      'zone:example.com <- geo:World Web',
    ]);
  });
});
