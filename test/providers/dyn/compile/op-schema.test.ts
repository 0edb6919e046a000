import { describe, expect, it } from 'vitest';
import {
  DYN_CAPABILITIES,
  DYN_OP_SCHEMA,
  type DynOp,
  DynOpError,
  dynCompiler,
  labelDynOp,
  parseDynOp,
} from '../../../../src/providers/dyn/index.js';
import { testProvider } from '../../helpers/dyn-fixtures.js';

const z = { zone: 'a.test' };
const node = { ...z, fqdn: 'www.a.test' };
const group = { name: 'Europe', countries: ['DE'], records: [{ type: 'A', values: ['192.0.2.1'] }] };

/** One op of every kind, as the compiler writes them. */
const EVERY_OP: DynOp[] = [
  { kind: 'create-zone', ...z, rname: 'hostmaster@a.test', ttl: 3600, serialStyle: 'increment' },
  { kind: 'add-record', ...node, type: 'MX', value: '10 mail.a.test.', ttl: 300 },
  { kind: 'update-record', ...node, type: 'TXT', ref: '42', value: '"v=spf1 -all"', ttl: 60 },
  { kind: 'delete-record', ...node, type: 'CNAME', ref: '7' },
  { kind: 'replace-records', ...node, type: 'A', values: ['192.0.2.1', '192.0.2.2'], ttl: 300 },
  { kind: 'delete-records', ...node, type: 'A' },
  { kind: 'publish', ...z },
  { kind: 'create-secondary', zone: 'p.test', masters: ['198.51.100.1'], contactNickname: 'ops' },
  { kind: 'update-secondary', zone: 'p.test', masters: ['198.51.100.2'], tsigKeyName: 'k' },
  { kind: 'delete-secondary', zone: 'p.test' },
  {
    kind: 'create-geo',
    name: 'Global Web',
    groups: [group],
    nodes: [{ zone: 'a.test', fqdn: 'geo.a.test' }],
  },
  { kind: 'update-geo', name: 'Global Web', nodes: [] },
  { kind: 'delete-geo', name: 'Global Web' },
  {
    kind: 'update-geo',
    name: 'Global Web',
    ttl: 60,
    groups: [
      {
        ...group,
        records: [{ type: 'A', values: ['192.0.2.1'], weights: [3], labels: ['x'], serveCount: 1, ttl: 30 }],
      },
    ],
  },
  { kind: 'rename-geo', name: 'Global Web', newName: 'World Web' },
  { kind: 'activate-geo', name: 'World Web', active: false },
];

describe('DYN_OP_SCHEMA', () => {
  it('reads every op kind back exactly as written', () => {
    for (const op of EVERY_OP) expect(parseDynOp(JSON.parse(JSON.stringify(op)))).toEqual(op);
  });

  it('refuses what the writer must never send', () => {
    const bad: [string, unknown][] = [
      ['unknown kind', { kind: 'delete-zone', zone: 'a.test' }],
      ['extra field', { ...EVERY_OP[1], address: '192.0.2.1' }],
      [
        'type the provider does not manage',
        { ...EVERY_OP[1], type: 'LOC', value: '52 22 23 N 4 53 32 E 0m' },
      ],
      ['lower-case type', { ...EVERY_OP[5], type: 'a' }],
      ['value not canonical for its type', { ...EVERY_OP[1], value: '10 MAIL.a.test' }],
      ['one value of a set not canonical', { ...EVERY_OP[4], values: ['192.0.2.1', '192.0.2.010'] }],
      ['record id that is not one', { ...EVERY_OP[3], ref: '7/../../Zone' }],
      ['missing ttl', { kind: 'add-record', ...node, type: 'A', value: '192.0.2.1' }],
      [
        'geo group of an unmanaged type',
        { ...EVERY_OP[10], groups: [{ ...group, records: [{ type: 'MX', values: ['10 mx.a.test.'] }] }] },
      ],
      [
        'geo value not canonical',
        { ...EVERY_OP[10], groups: [{ ...group, records: [{ type: 'A', values: ['1.2.3'] }] }] },
      ],
      ['bad serial style', { ...EVERY_OP[0], serialStyle: 'hourly' }],
      [
        'geo weight out of range',
        {
          ...EVERY_OP[10],
          groups: [{ ...group, records: [{ type: 'A', values: ['192.0.2.1'], weights: [16] }] }],
        },
      ],
      ['rename without its new name', { kind: 'rename-geo', name: 'Global Web' }],
    ];
    for (const [why, op] of bad) expect(DYN_OP_SCHEMA.safeParse(op).success, why).toBe(false);
    expect(() => parseDynOp(bad[4]?.[1])).toThrow(/not a Dyn op: value: not a canonical MX value/);
    expect(() => parseDynOp(bad[4]?.[1])).toThrow(DynOpError);
  });

  it('accepts every op the compiler makes', () => {
    const ops = dynCompiler.compileZone({
      zone: 'a.test',
      create: { rname: 'hostmaster@a.test', ttl: 300, serialStyle: 'day' },
      sets: [
        {
          change: {
            address: { kind: 'record-set', zone: 'a.test', fqdn: 'a.test', type: 'MX', provider: 'dyn' },
            action: 'create',
            before: null,
            after: { ttl: 300, values: ['10 a.a.test.', '20 b.a.test.'] },
          },
          live: [],
        },
      ],
    });
    for (const op of ops) expect(DYN_OP_SCHEMA.safeParse(op).success).toBe(true);
  });
});

describe('labelDynOp', () => {
  it('gives each op kind one line naming the record type', () => {
    expect(EVERY_OP.map(labelDynOp)).toEqual([
      'create zone a.test',
      'add www.a.test MX 10 mail.a.test. ttl 300',
      'update www.a.test TXT #42 → "v=spf1 -all" ttl 60',
      'delete www.a.test CNAME #7',
      'replace www.a.test A with 192.0.2.1, 192.0.2.2 ttl 300',
      'delete every www.a.test A',
      'publish a.test',
      'create secondary zone p.test (masters 198.51.100.1)',
      'update secondary zone p.test (masters 198.51.100.2)',
      'delete secondary zone p.test',
      'create geo service "Global Web"',
      'update geo service "Global Web" (nodes)',
      'delete geo service "Global Web"',
      'update geo service "Global Web" (groups, ttl)',
      'rename geo service "Global Web" to "World Web"',
      'deactivate geo service "World Web"',
    ]);
  });
});

describe('the Dyn provider', () => {
  it('declares its name and capabilities and compiles as the standalone compiler does', () => {
    const { provider } = testProvider();
    expect(provider.name).toBe('dyn');
    expect(provider.capabilities).toBe(DYN_CAPABILITIES);
    const work = { zone: 'a.test', create: null, sets: [] };
    expect(provider.compileZone(work)).toEqual(dynCompiler.compileZone(work));
  });
});
