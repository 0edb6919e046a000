import { describe, expect, it } from 'vitest';
import type { GeoChange, GeoServiceValue, SecondaryChange } from '../../../../src/model/change.js';
import type { GeoGroup } from '../../../../src/model/geo.js';
import { dynCompiler } from '../../../../src/providers/dyn/index.js';

const secondary = (before: SecondaryChange['before'], after: SecondaryChange['after']): SecondaryChange => ({
  address: { kind: 'secondary', zone: 'p.test', provider: 'dyn' },
  action: after === null ? 'delete' : before === null ? 'create' : 'update',
  before,
  after,
});

describe('compileSecondary', () => {
  it('creates, updates (full masters, only the managed values) and deletes in one request each', () => {
    expect(
      dynCompiler.compileSecondary(secondary(null, { masters: ['198.51.100.1'], tsigKeyName: 'k' })),
    ).toEqual([{ kind: 'create-secondary', zone: 'p.test', masters: ['198.51.100.1'], tsigKeyName: 'k' }]);
    const update = secondary(
      { masters: ['198.51.100.1'], contactNickname: 'ops' },
      { masters: ['198.51.100.1', '198.51.100.2'], contactNickname: 'noc' },
    );
    expect(dynCompiler.compileSecondary(update)).toEqual([
      {
        kind: 'update-secondary',
        zone: 'p.test',
        masters: ['198.51.100.1', '198.51.100.2'],
        contactNickname: 'noc',
      },
    ]);
    expect(dynCompiler.compileSecondary(secondary({ masters: ['198.51.100.1'] }, null))).toEqual([
      { kind: 'delete-secondary', zone: 'p.test' },
    ]);
  });
});

const EUROPE: GeoGroup = {
  name: 'Europe',
  countries: ['DE', 'FR'],
  records: [
    { type: 'A', values: ['192.0.2.9', '192.0.2.50'] },
    { type: 'CNAME', values: ['eu.example.net.'] },
  ],
};
const node = (fqdn: string) => ({ zone: 'a.test', fqdn });
const service = (groups: GeoGroup[], nodes: string[]): GeoServiceValue => ({
  groups,
  nodes: nodes.map(node),
});
const geo = (before: GeoServiceValue | null, after: GeoServiceValue | null): GeoChange => ({
  address: { kind: 'geo', name: 'Global Web' },
  action: after === null ? 'delete' : before === null ? 'create' : 'update',
  before,
  after,
});
const name = 'Global Web';

describe('compileGeo', () => {
  it('creates with groups (records by type) and nodes, and deletes, in one request', () => {
    const created = service([EUROPE], ['geo.a.test']);
    expect(dynCompiler.compileGeo(geo(null, created), 'all')).toEqual([
      { kind: 'create-geo', name, groups: [EUROPE], nodes: [node('geo.a.test')] },
    ]);
    expect(dynCompiler.compileGeo(geo(created, null), 'all')).toEqual([{ kind: 'delete-geo', name }]);
  });

  it('updates only the fields that change', () => {
    const live = service([EUROPE], ['a.a.test']);
    const moreRecords = {
      ...EUROPE,
      records: [{ type: 'A', values: ['192.0.2.9'] }, ...EUROPE.records.slice(1)],
    };
    expect(dynCompiler.compileGeo(geo(live, service([moreRecords], ['a.a.test'])), 'all')).toEqual([
      { kind: 'update-geo', name, groups: [moreRecords] },
    ]);
    expect(dynCompiler.compileGeo(geo(live, service([EUROPE], ['a.a.test', 'b.a.test'])), 'all')).toEqual([
      { kind: 'update-geo', name, nodes: [node('a.a.test'), node('b.a.test')] },
    ]);
    expect(dynCompiler.compileGeo(geo(live, service([], ['b.a.test'])), 'all')).toEqual([
      { kind: 'update-geo', name, groups: [], nodes: [node('b.a.test')] },
    ]);
    expect(dynCompiler.compileGeo(geo(live, live), 'all')).toEqual([]);
  });

  it('splits a change in two: first unlink the dropped nodes, then the rest against that state', () => {
    const live = service([EUROPE], ['a.a.test', 'b.a.test']);
    const moved = service([], ['b.a.test', 'c.a.test']);
    expect(dynCompiler.compileGeo(geo(live, moved), 'unlink')).toEqual([
      { kind: 'update-geo', name, nodes: [node('b.a.test')] },
    ]);
    expect(dynCompiler.compileGeo(geo(live, moved), 'rest')).toEqual([
      { kind: 'update-geo', name, groups: [], nodes: [node('b.a.test'), node('c.a.test')] },
    ]);
    // Only unlinks: nothing is left for the second step.
    const fewer = service([EUROPE], ['b.a.test']);
    expect(dynCompiler.compileGeo(geo(live, fewer), 'rest')).toEqual([]);
    // Nothing to unlink: the first step sends nothing.
    expect(dynCompiler.compileGeo(geo(fewer, live), 'unlink')).toEqual([]);
  });

  it('renames in the first step of a split only: the second already finds the new name', () => {
    const live = { ...service([EUROPE], ['a.a.test', 'b.a.test']), name: 'Old Web' };
    const moved = service([], ['b.a.test']);
    expect(dynCompiler.compileGeo(geo(live, moved), 'unlink')).toEqual([
      { kind: 'rename-geo', name: 'Old Web', newName: name },
      { kind: 'update-geo', name, nodes: [node('b.a.test')] },
    ]);
    expect(dynCompiler.compileGeo(geo(live, moved), 'rest')).toEqual([
      { kind: 'update-geo', name, groups: [] },
    ]);
  });

  it('leaves a TTL or active state the desired state does not manage alone, and sends no ttl key for none', () => {
    const live = { ...service([EUROPE], ['a.a.test']), ttl: 300, active: true };
    expect(dynCompiler.compileGeo(geo(live, service([], ['a.a.test'])), 'all')).toStrictEqual([
      { kind: 'update-geo', name, groups: [] },
    ]);
    expect(
      dynCompiler.compileGeo(geo(live, { ...service([EUROPE], ['a.a.test']), active: false }), 'all'),
    ).toEqual([{ kind: 'activate-geo', name, active: false }]);
    expect(dynCompiler.compileGeo(geo(null, service([EUROPE], ['a.a.test'])), 'all')).toStrictEqual([
      { kind: 'create-geo', name, groups: [EUROPE], nodes: [node('a.a.test')] },
    ]);
  });

  it('unlinks a service that goes away by deleting it, and creates a new one only in its second step', () => {
    const live = service([EUROPE], ['a.a.test']);
    expect(dynCompiler.compileGeo(geo(live, null), 'unlink')).toEqual([{ kind: 'delete-geo', name }]);
    expect(dynCompiler.compileGeo(geo(live, null), 'rest')).toEqual([]);
    expect(dynCompiler.compileGeo(geo(null, live), 'unlink')).toEqual([]);
    expect(dynCompiler.compileGeo(geo(null, live), 'rest')).toEqual([
      { kind: 'create-geo', name, groups: [EUROPE], nodes: [node('a.a.test')] },
    ]);
  });
});
