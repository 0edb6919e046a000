import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { createPdnsProvider, PdnsWireError } from '../../../src/providers/pdns/index.js';
import { isZoneWire, ZoneWire } from '../../../src/providers/pdns/wire.js';
import { useNockGuard } from '../helpers/nock-guard.js';
import { asAnswer, fieldOr, WRONG_COUNTS, wireCount } from '../helpers/wire-arbitraries.js';

/**
 * A zone read takes an answer of the expected shape as it is (isZoneWire) and sends only the others through zod:
 * whatever the check accepts, zod accepts unchanged, and what it refuses still fails with zod's message.
 */

const BASE = 'http://pdns.test:8081';
const KEY = 'pdns-guard-key';
const ZONE = '/api/v1/servers/localhost/zones/example.com.';

useNockGuard();

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((provider) => provider.close()));
});

const nonEmpty = fc.string({ minLength: 1, maxLength: 12 });

const record = fc.record(
  {
    content: fieldOr(fc.string({ maxLength: 12 }), 7, null),
    disabled: fieldOr(fc.boolean(), 'false', 0, null),
  },
  { requiredKeys: ['content'] },
);
const rrset = fc.record({
  name: fieldOr(nonEmpty, '', 1),
  type: fieldOr(nonEmpty, '', null),
  ttl: fieldOr(wireCount, ...WRONG_COUNTS),
  records: fieldOr(fc.array(fieldOr(record, null, 'x', []), { maxLength: 3 }), {}, 'records'),
  comments: fc.constant([]),
});
const zone = fc.record(
  {
    name: fieldOr(nonEmpty, '', 3),
    kind: fieldOr(fc.constantFrom('Native', 'Master', 'Slave'), 1, null),
    serial: fieldOr(wireCount, ...WRONG_COUNTS),
    soa_edit_api: fieldOr(fc.constantFrom('DEFAULT', 'INCREASE', ''), 2, null),
    rrsets: fieldOr(fc.array(fieldOr(rrset, null, [], 'rrset'), { maxLength: 4 }), {}, null),
    dnssec: fc.boolean(),
  },
  { requiredKeys: ['name', 'kind', 'serial', 'rrsets'] },
);

describe('isZoneWire: the zone answer taken without a zod pass', () => {
  it('accepts only what ZoneWire accepts, and exactly what ZoneWire would return', () => {
    fc.assert(
      fc.property(zone, (generated) => {
        const answer = asAnswer(generated);
        const parsed = ZoneWire.safeParse(answer);
        if (isZoneWire(answer)) expect(parsed.data).toStrictEqual(answer);
        // Everything zod takes unchanged, the check takes too (the fast path is the common one).
        else expect(parsed.success && isDeepStrictEqual(parsed.data, answer)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses each wrong field on its own', () => {
    const right = {
      name: 'example.com.',
      kind: 'Native',
      serial: 1,
      rrsets: [{ name: 'www.example.com.', type: 'A', ttl: 60, records: [{ content: '192.0.2.1' }] }],
    };
    expect(isZoneWire(right)).toBe(true);
    const rrsetWith = (change: object) => ({ ...right, rrsets: [{ ...right.rrsets[0], ...change }] });
    const recordWith = (change: object) => rrsetWith({ records: [{ content: '192.0.2.1', ...change }] });
    for (const wrong of [
      null,
      [right],
      { ...right, name: '' },
      { ...right, kind: undefined },
      { ...right, serial: -1 },
      { ...right, serial: '1' },
      { ...right, soa_edit_api: 0 },
      { ...right, rrsets: {} },
      { ...right, rrsets: [null] },
      rrsetWith({ name: '' }),
      rrsetWith({ type: '' }),
      rrsetWith({ ttl: 0.5 }),
      rrsetWith({ records: null }),
      recordWith({ content: 1 }),
      recordWith({ disabled: 'no' }),
    ])
      expect(isZoneWire(wrong), JSON.stringify(wrong)).toBe(false);
  });

  it('still names what is wrong when an answer is not a zone: zod reads what the check refuses', async () => {
    nock(BASE, { reqheaders: { 'x-api-key': KEY } })
      .get(ZONE)
      .reply(200, {
        name: 'example.com.',
        kind: 'Native',
        serial: 1,
        rrsets: [{ name: 'www.example.com.', type: 'A', ttl: '60', records: [{ content: '192.0.2.1' }] }],
      });
    const provider = createPdnsProvider({
      name: 'pdns',
      url: `${BASE}/api/v1`,
      apiKey: KEY,
      retry: { retries: 0 },
    });
    open.push(provider);
    const read = provider.readZones(['example.com']);
    await expect(read).rejects.toThrow(PdnsWireError);
    await expect(read).rejects.toThrow(
      'zone example.com: GET /servers/localhost/zones/example.com.: unexpected response from the PowerDNS API: ' +
        'rrsets.0.ttl: Invalid input: expected number, received string',
    );
  });
});
