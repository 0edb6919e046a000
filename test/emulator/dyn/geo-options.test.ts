import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeStartedEmulators } from '../../support/emulator.js';
import { type Harness, SEED, startHarness } from '../helpers.js';
import { GEO, group, msgs, served } from './geo-helpers.js';

// Time budget: ten times its slowest test (0.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness({ seed: SEED });
  token = await h.login();
});
// Whatever a test started, closed after it (no test relies on another having assigned `h`).
afterEach(closeStartedEmulators);

/** A group with every option, as the vendor SDK sends it. */
const weighted = {
  name: 'Europe',
  countries: ['DE'],
  rdata: { a_rdata: [{ address: '192.0.2.1' }, { address: '192.0.2.2' }] },
  weight: { a_weight: [3, 1] },
  serve_count: { a_serve_count: '1' },
  ttl: { a_ttl: 60 },
  label: { a_label: ['eu-1', 'eu-2'] },
};
const weightedServed = served(
  'Europe',
  ['DE'],
  { a_rdata: [{ address: '192.0.2.1' }, { address: '192.0.2.2' }] },
  {
    weight: { a_weight: [3, 1] },
    serve_count: { a_serve_count: '1' },
    ttl: { a_ttl: 60 },
    label: { a_label: ['eu-1', 'eu-2'] },
  },
);

const data = (answer: { body: { data: unknown } }) => answer.body.data as Record<string, unknown>;

describe('geo service options', () => {
  it('keeps the service TTL and every group option it is sent, answers and persists them', async () => {
    const created = await h.call('POST', GEO, { token, body: { groups: [weighted], ttl: 45 } });
    expect(created.status).toBe(200);
    expect(data(created)).toMatchObject({ ttl: 45, groups: [weightedServed] });
    expect(data(await h.call('GET', GEO, { token }))).toMatchObject({ ttl: 45, groups: [weightedServed] });
    expect(h.emulator.snapshot().dns?.geo_services?.['Global Web']).toEqual({
      active: 'Y',
      ttl: 45,
      groups: [
        {
          name: 'Europe',
          countries: ['DE'],
          a: ['192.0.2.1', '192.0.2.2'],
          weight: { a_weight: [3, 1] },
          serve_count: { a_serve_count: '1' },
          ttl: { a_ttl: 60 },
          label: { a_label: ['eu-1', 'eu-2'] },
        },
      ],
      nodes: [],
    });
  });

  it('a PUT of groups replaces their options: what it leaves out is unset again', async () => {
    await h.call('POST', GEO, { token, body: { groups: [weighted] } });
    const put = await h.call('PUT', GEO, { token, body: { groups: [{ ...weighted, weight: undefined }] } });
    expect(put.status).toBe(200);
    const [europe] = data(put).groups as { weight: unknown; label: unknown }[];
    expect(europe?.weight).toEqual({ a_weight: [], aaaa_weight: [], cname_weight: [] });
    expect(europe?.label).toEqual({ a_label: ['eu-1', 'eu-2'], aaaa_label: [], cname_label: [] });
  });

  it('updates the service TTL alone, and (de)activates', async () => {
    await h.call('POST', GEO, { token, body: { groups: [weighted] } });
    expect(data(await h.call('PUT', GEO, { token, body: { ttl: 120 } }))).toMatchObject({ ttl: 120 });
    expect(data(await h.call('PUT', GEO, { token, body: { deactivate: true } }))).toMatchObject({
      active: 'N',
    });
    expect(data(await h.call('PUT', GEO, { token, body: { activate: true } }))).toMatchObject({
      active: 'Y',
    });
  });

  it.each([
    ['a weight over 15', { weight: { a_weight: [16, 1] } }, 'INVALID_DATA a_weight: 16 is not valid'],
    ['a weight of 0', { weight: { a_weight: [0, 1] } }, 'INVALID_DATA a_weight: 0 is not valid'],
    [
      'one weight for two values',
      { weight: { a_weight: [3] } },
      'INVALID_DATA a_weight: Must list one item per a_rdata value',
    ],
    [
      'a serve count over the number of values',
      { serve_count: { a_serve_count: '3' } },
      'INVALID_DATA a_serve_count: Must be between 1 and the number of a_rdata values',
    ],
    ['a negative TTL', { ttl: { a_ttl: -1 } }, 'INVALID_DATA a_ttl: Must be a TTL in seconds'],
    [
      'a label over 64 characters',
      { label: { a_label: ['x'.repeat(65), ''] } },
      `INVALID_DATA a_label: "${'x'.repeat(65)}" is not valid`,
    ],
    [
      'options that are not a map',
      { weight: [3, 1] },
      'INVALID_DATA weight: Must be an object keyed by record type',
    ],
  ])('refuses %s, and keeps nothing', async (_, options, message) => {
    const answer = await h.call('POST', GEO, { token, body: { groups: [{ ...weighted, ...options }] } });
    expect([answer.status, msgs(answer.body)]).toEqual([400, [message, '- create: Service not created']]);
    expect((await h.call('GET', GEO, { token })).status).toBe(404);
  });

  it('renames a service with new_name, and refuses a new name another service has', async () => {
    await h.call('POST', GEO, { token, body: { groups: [group('Europe', ['DE'], '192.0.2.50')] } });
    await h.call('POST', '/Geo/Other/', { token, body: { groups: [group('Rest', ['@@'], '192.0.2.9')] } });
    const taken = await h.call('PUT', GEO, { token, body: { new_name: 'Other' } });
    expect([taken.status, msgs(taken.body)]).toEqual([
      400,
      ['TARGET_EXISTS name: Name already exists', '- update: Service not updated'],
    ]);
    const renamed = await h.call('PUT', GEO, { token, body: { new_name: 'World Web' } });
    expect([renamed.status, data(renamed).name]).toEqual([200, 'World Web']);
    expect((await h.call('GET', GEO, { token })).status).toBe(404);
    expect(data(await h.call('GET', '/Geo/World%20Web/', { token })).name).toBe('World Web');
  });

  it('reads the options from a seed in their wire form', async () => {
    await h.close();
    const seed = {
      ...SEED,
      dns: {
        ...SEED.dns,
        geo_services: {
          'Global Web': {
            ttl: 90,
            groups: [
              {
                name: 'Europe',
                countries: ['DE'],
                a: ['192.0.2.1', '192.0.2.2'],
                weight: { a_weight: [3, 1] },
              },
            ],
          },
        },
      },
    };
    h = await startHarness({ seed });
    token = await h.login();
    const answer = data(await h.call('GET', GEO, { token }));
    expect(answer.ttl).toBe(90);
    expect((answer.groups as { weight: unknown }[])[0]?.weight).toEqual({
      a_weight: [3, 1],
      aaaa_weight: [],
      cname_weight: [],
    });
  });
});
