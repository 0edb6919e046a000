import { describe, expect, it } from 'vitest';
import type { SecondaryChange } from '../../../src/model/change.js';
import type { DnsCompiler } from '../../../src/model/provider.js';
import { parsePdnsOp, pdnsCompiler } from '../../../src/providers/pdns/index.js';
import { setWork } from '../helpers/compile-input.js';

const compiler = pdnsCompiler();

describe('PowerDNS compileZone: one request per zone, whatever changes', () => {
  it('puts every change of a zone in ONE patch-zone: deletes first, then whole-set replacements, by name and type', () => {
    const ops = compiler.compileZone({
      zone: 'a.test',
      create: null,
      sets: [
        setWork('www.a.test', 'CNAME', [['web.example.net.'], 300]),
        setWork('www.a.test', 'A', null, [['1', '192.0.2.1', 300]]),
        setWork(
          'a.test',
          'MX',
          [['10 mail.a.test.', '20 mx.example.net.'], 3600],
          [['2', '10 mail.a.test.', 60]],
        ),
        setWork('old.a.test', 'TXT', null, [['3', '"x"', 60]]),
      ],
    });
    expect(ops).toEqual([
      {
        kind: 'patch-zone',
        zone: 'a.test',
        delete: [
          { fqdn: 'old.a.test', type: 'TXT' },
          { fqdn: 'www.a.test', type: 'A' },
        ],
        replace: [
          { fqdn: 'a.test', type: 'MX', ttl: 3600, values: ['10 mail.a.test.', '20 mx.example.net.'] },
          { fqdn: 'www.a.test', type: 'CNAME', ttl: 300, values: ['web.example.net.'] },
        ],
      },
    ]);
    expect(ops.map(parsePdnsOp)).toEqual(ops);
  });

  it('creates a zone with every record set it starts with in ONE create-zone, set up as the provider says', () => {
    const custom = pdnsCompiler({
      zoneKind: 'Master',
      nameservers: ['ns1.example.net.'],
      soaEditApi: 'INCREASE',
    });
    const ops = custom.compileZone({
      zone: 'new.test',
      create: { rname: 'hostmaster@new.test', ttl: 3600, serialStyle: 'increment' },
      sets: [setWork('www.new.test', 'A', [['192.0.2.1'], 60], [], 'new.test')],
    });
    expect(ops).toEqual([
      {
        kind: 'create-zone',
        zone: 'new.test',
        zoneKind: 'Master',
        nameservers: ['ns1.example.net.'],
        soaEditApi: 'INCREASE',
        replace: [{ fqdn: 'www.new.test', type: 'A', ttl: 60, values: ['192.0.2.1'] }],
      },
    ]);
    const empty = {
      zone: 'e.test',
      create: { rname: 'h@e.test', ttl: 1, serialStyle: 'day' as const },
      sets: [],
    };
    expect(pdnsCompiler().compileZone(empty)).toEqual([
      {
        kind: 'create-zone',
        zone: 'e.test',
        zoneKind: 'Native',
        nameservers: [],
        soaEditApi: 'DEFAULT',
        replace: [],
      },
    ]);
  });

  it("shows a new zone's nameservers separated by spaces, and 'none' when the provider sets none", () => {
    const two = pdnsCompiler({
      zoneKind: 'Master',
      nameservers: ['ns1.example.net.', 'ns2.example.net.'],
      soaEditApi: 'INCREASE',
    });
    expect(two.zoneCreation().settings).toEqual([
      { name: 'kind', value: 'Master' },
      { name: 'nameservers', value: 'ns1.example.net. ns2.example.net.' },
      { name: 'soa_edit_api', value: 'INCREASE' },
    ]);
    expect(pdnsCompiler().zoneCreation().settings).toContainEqual({ name: 'nameservers', value: 'none' });
  });

  it('makes a secondary zone a Slave zone: create, update and delete, one request each', () => {
    const change = (before: string[] | null, after: string[] | null): SecondaryChange => ({
      address: { kind: 'secondary', zone: 'p.test', provider: 'pdns' },
      action: before === null ? 'create' : after === null ? 'delete' : 'update',
      before: before && { masters: before },
      after: after && { masters: after },
    });
    expect(compiler.compileSecondary(change(null, ['192.0.2.1']))).toEqual([
      { kind: 'create-secondary', zone: 'p.test', masters: ['192.0.2.1'] },
    ]);
    expect(compiler.compileSecondary(change(['192.0.2.1'], ['192.0.2.2']))).toEqual([
      { kind: 'update-secondary', zone: 'p.test', masters: ['192.0.2.2'] },
    ]);
    expect(compiler.compileSecondary(change(['192.0.2.1'], null))).toEqual([
      { kind: 'delete-secondary', zone: 'p.test' },
    ]);
  });

  it('has no geo services: no geo compiler, an optional capability absent', () => {
    const dns: DnsCompiler = compiler;
    expect(dns.compileGeo).toBeUndefined();
  });
});

describe('PowerDNS op schema: nothing unchecked is sent', () => {
  const patch = { kind: 'patch-zone', zone: 'a.test', delete: [], replace: [] };
  it.each([
    [
      'a value that is not canonical',
      { ...patch, replace: [{ fqdn: 'a.test', type: 'AAAA', ttl: 60, values: ['2001:DB8::1'] }] },
      'not a canonical AAAA value',
    ],
    [
      'a type edgeplan does not manage',
      { ...patch, delete: [{ fqdn: 'a.test', type: 'LUA' }] },
      'not a record type',
    ],
    [
      'an empty replacement (that is a delete)',
      { ...patch, replace: [{ fqdn: 'a.test', type: 'A', ttl: 60, values: [] }] },
      'replace.0.values',
    ],
    ['a Dyn op', { kind: 'publish', zone: 'a.test' }, 'kind'],
    ['an unknown field', { ...patch, extra: 1 }, 'extra'],
    [
      'a zone kind PowerDNS users do not create',
      {
        kind: 'create-zone',
        zone: 'a.test',
        zoneKind: 'Slave',
        nameservers: [],
        soaEditApi: 'DEFAULT',
        replace: [],
      },
      'zoneKind',
    ],
  ])('refuses %s', (_what, op, text) => {
    expect(() => parsePdnsOp(op)).toThrow(text);
  });
});
