import { describe, expect, it } from 'vitest';
import { setEntries } from '../../../src/providers/rfc2136/compile.js';
import { soaEntries } from '../../../src/providers/rfc2136/soa-entry.js';

const FIELDS = 'ns1.example.net. hostmaster.example.com. 7200 600 1209600 300';

describe('the SOA in an UPDATE', () => {
  // RFC 2136 §3.4.2.2: an SOA whose serial is not greater than the zone's is ignored; RFC 1035 §3.3.13: the serial
  // is the third field.
  it('is written whole with the serial after the one the message finds', () => {
    expect(soaEntries('example.com', { ttl: 600, values: [FIELDS] }, 41)).toEqual([
      {
        kind: 'record',
        record: {
          name: 'example.com',
          type: 'SOA',
          ttl: 600,
          value: 'ns1.example.net. hostmaster.example.com. 42 7200 600 1209600 300',
        },
      },
    ]);
  });

  it('wraps the serial at 2^32 (RFC 1982 §3.1)', () => {
    const [entry] = soaEntries('example.com', { ttl: 600, values: [FIELDS] }, 2 ** 32 - 1);
    expect(entry?.kind === 'record' && entry.record.value.split(' ')[2]).toBe('0');
  });

  it('deletes nothing: a server ignores the deletion of the SOA (RFC 2136 §3.4.2.4)', () => {
    expect(soaEntries('example.com', null, 7)).toEqual([]);
  });

  it('is what the compiler writes for an SOA set, forward and back, with the serial given', () => {
    const set = {
      fqdn: 'example.com',
      type: 'SOA',
      before: { ttl: 300, values: ['ns1.example.net. hostmaster.example.com. 3600 600 86400 300'] },
      after: { ttl: 600, values: [FIELDS] },
    };
    expect(setEntries(set, 'forward', 'example.com', 9)).toEqual(soaEntries('example.com', set.after, 9));
    expect(setEntries(set, 'back', 'example.com', 10)).toEqual(soaEntries('example.com', set.before, 10));
  });
});
