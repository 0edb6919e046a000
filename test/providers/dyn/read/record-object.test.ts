import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneRecords } from '../../../../src/providers/dyn/read/read-records.js';
import { isRecordObject, RecordObject } from '../../../../src/providers/dyn/read/record-object.js';
import { asAnswer, fieldOr, WRONG_COUNTS, wireCount } from '../../helpers/wire-arbitraries.js';

/**
 * `GET /AllRecord` items of a managed type are taken as they are when they have the expected shape
 * (isRecordObject) and only the others go through zod: whatever the check accepts, zod accepts unchanged.
 */

const item = fc.record(
  {
    fqdn: fieldOr(fc.string({ minLength: 1, maxLength: 12 }), '', 5, null),
    // Digit strings are valid too: zod converts them, so they are the check's to refuse.
    ttl: fieldOr(wireCount, '300', ...WRONG_COUNTS),
    rdata: fieldOr(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), [], null, 'x'),
    record_id: fieldOr(wireCount, '42', ...WRONG_COUNTS),
    zone: fc.constant('example.com'),
  },
  { requiredKeys: ['fqdn'] },
);

describe('isRecordObject: a Dyn record taken without a zod pass', () => {
  it('accepts only what RecordObject accepts unchanged, and everything it does', () => {
    fc.assert(
      fc.property(item, (generated) => {
        const answer = asAnswer(generated);
        const parsed = RecordObject.safeParse(answer);
        expect(isRecordObject(answer)).toBe(parsed.success && isDeepStrictEqual(parsed.data, answer));
      }),
      { numRuns: 400 },
    );
  });

  it('refuses a `__proto__` key in rdata, which zod leaves out', () => {
    const answer = JSON.parse(
      '{"fqdn":"a.example.com","ttl":60,"rdata":{"address":"192.0.2.1","__proto__":{}},"record_id":1}',
    );
    expect(isRecordObject(answer)).toBe(false);
    expect(isRecordObject({ ...answer, rdata: { address: '192.0.2.1' } })).toBe(true);
  });

  it('reads digit-string TTLs and ids through zod into the same records as numbers', () => {
    const detail = (ttl: number | string, id: number | string) => ({
      a_records: [{ fqdn: 'www.example.com', ttl, rdata: { address: '192.0.2.1' }, record_id: id }],
    });
    const supported = new Set(['A']);
    const read = (ttl: number | string, id: number | string) =>
      zoneRecords('example.com', detail(ttl, id), 'zone example.com', supported);
    expect(read('60', '7')).toEqual(read(60, 7));
    expect(read(60, 7).records).toEqual([
      { fqdn: 'www.example.com', type: 'A', records: [{ value: '192.0.2.1', ttl: 60, ref: '7' }] },
    ]);
  });
});
