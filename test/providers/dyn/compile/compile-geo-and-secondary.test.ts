import { describe, expect, it } from 'vitest';
import type { GeoChange, GeoServiceValue, SecondaryChange } from '../../../../src/model/change.js';
import type { GeoGroup } from '../../../../src/model/geo.js';
import { dynCompiler } from '../../../../src/providers/dyn/index.js';

/**
 * The Dyn compiler's decisions that earlier tests let through: a geo update that only drops nodes, or swaps one
 * node for another, must still send the nodes (or the service keeps answering for the old ones), and a secondary
 * zone's op carries no key the desired state leaves unset (`apply --plan` compares steps read back from JSON,
 * where an undefined key does not exist).
 */

const GROUP: GeoGroup = { name: 'World', countries: ['DE'], records: [{ type: 'A', values: ['192.0.2.9'] }] };
const name = 'Global Web';
const service = (nodes: string[]): GeoServiceValue => ({
  groups: [GROUP],
  nodes: nodes.map((fqdn) => ({ zone: 'a.test', fqdn })),
});
const update = (before: GeoServiceValue, after: GeoServiceValue): GeoChange => ({
  address: { kind: 'geo', name },
  action: 'update',
  before,
  after,
});

describe('compileGeo in one step', () => {
  it('sends the nodes when the update only drops one', () => {
    const ops = dynCompiler.compileGeo(
      update(service(['a.a.test', 'b.a.test']), service(['a.a.test'])),
      'all',
    );
    expect(ops).toEqual([{ kind: 'update-geo', name, nodes: [{ zone: 'a.test', fqdn: 'a.a.test' }] }]);
  });

  it('sends the nodes when one node is swapped for another (same count)', () => {
    const ops = dynCompiler.compileGeo(
      update(service(['a.a.test', 'b.a.test']), service(['a.a.test', 'c.a.test'])),
      'all',
    );
    expect(ops).toEqual([
      {
        kind: 'update-geo',
        name,
        nodes: [
          { zone: 'a.test', fqdn: 'a.a.test' },
          { zone: 'a.test', fqdn: 'c.a.test' },
        ],
      },
    ]);
  });

  it('sends nothing when the same nodes come in another order', () => {
    expect(
      dynCompiler.compileGeo(
        update(service(['a.a.test', 'b.a.test']), service(['b.a.test', 'a.a.test'])),
        'all',
      ),
    ).toEqual([]);
  });
});

describe('compileSecondary', () => {
  it('puts no contact or TSIG key key in the op when the zone has none', () => {
    const change: SecondaryChange = {
      address: { kind: 'secondary', zone: 'p.test', provider: 'dyn' },
      action: 'create',
      before: null,
      after: { masters: ['192.0.2.1'] },
    };
    const [op] = dynCompiler.compileSecondary(change);
    expect(op).toStrictEqual({ kind: 'create-secondary', zone: 'p.test', masters: ['192.0.2.1'] });
    expect(Object.keys(op ?? {})).toEqual(['kind', 'zone', 'masters']);
  });
});
