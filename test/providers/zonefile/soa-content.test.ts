/**
 * A replaced SOA in a zone file's content (RFC 1035 §3.3.13): the fields the set's value names, the others and the
 * serial as they were (nextVersion puts the serial up), its TTL unless the desired state leaves it to the file.
 */
import { describe, expect, it } from 'vitest';
import { PROVIDER_TTL } from '../../../src/model/record-set.js';
import { changedContent, newZoneContent } from '../../../src/providers/zonefile/change-content.js';
import type { ZonefileOp } from '../../../src/providers/zonefile/ops.js';

const NEW = {
  contact: 'hostmaster@example.com',
  ttl: 300,
  serialStyle: 'increment' as const,
  nameservers: [],
};

function op(value: string, ttl: number): ZonefileOp {
  const replace = [{ fqdn: 'example.com', type: 'SOA', ttl, values: [value] }];
  return { kind: 'write-zone', zone: 'example.com', file: 'x', digest: null, delete: [], replace };
}

describe('a replaced SOA in a zone file', () => {
  it('takes the fields named, keeps the others, the serial and (left to the file) the TTL', () => {
    const before = newZoneContent('example.com', NEW, 0);
    const after = changedContent(before, op('- dns.example.com. 7200 - - 60', PROVIDER_TTL));
    expect(after.soa).toEqual({
      ...before.soa,
      rname: 'dns.example.com.',
      refresh: 7200,
      minimum: 60,
    });
    expect(after.sets).toEqual([]);
  });

  it('takes a TTL and every field when the value names them', () => {
    const before = newZoneContent('example.com', NEW, 0);
    const after = changedContent(before, op('ns9.example.net. dns.example.com. 1 2 3 4', 900));
    expect(after.soa).toEqual({
      ttl: 900,
      mname: 'ns9.example.net.',
      rname: 'dns.example.com.',
      serial: before.soa.serial,
      refresh: 1,
      retry: 2,
      expire: 3,
      minimum: 4,
    });
  });
});
