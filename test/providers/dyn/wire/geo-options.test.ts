import { describe, expect, it } from 'vitest';
import { type DynOp, DynWireError, describeOp, retryPolicyOf } from '../../../../src/providers/dyn/index.js';
import { authed, mockLogin, ok, testProvider } from '../../helpers/dyn-fixtures.js';
import { useNockGuard } from '../../helpers/nock-guard.js';

useNockGuard();

/** A group with every option set, in the model (values sorted, each value's weight and label moved with it). */
const europe = {
  name: 'Europe',
  countries: ['DE'],
  records: [
    {
      type: 'A',
      values: ['192.0.2.9', '192.0.2.50'],
      weights: [3, 1],
      labels: ['eu-9', 'eu-50'],
      serveCount: 1,
      ttl: 60,
    },
    { type: 'AAAA', values: ['2001:db8::1'], weights: [2] },
  ],
};
/** The same group as the vendor SDK sends it (dyn/tm/services/geo.py `Geo._post`). */
const wireEurope = {
  name: 'Europe',
  countries: ['DE'],
  rdata: {
    a_rdata: [{ address: '192.0.2.9' }, { address: '192.0.2.50' }],
    aaaa_rdata: [{ address: '2001:db8::1' }],
  },
  weight: { a_weight: [3, 1], aaaa_weight: [2] },
  serve_count: { a_serve_count: '1' },
  ttl: { a_ttl: 60 },
  label: { a_label: ['eu-9', 'eu-50'] },
};

describe('geo service options on the wire', () => {
  it('reads weights, labels, serve count and TTLs, each value keeping its own weight and label', async () => {
    mockLogin();
    authed('get', '/Geo/')
      .query({ detail: 'Y' })
      .reply(
        200,
        ok([
          {
            name: 'Global Web',
            active: 'N',
            ttl: 45,
            nodes: [],
            groups: [
              {
                name: 'Europe',
                countries: ['DE'],
                // Values in another order than the model's: the weights and labels follow their values.
                rdata: {
                  a_rdata: [{ address: '192.0.2.50' }, { address: '192.0.2.9' }],
                  aaaa_rdata: [{ address: '2001:db8::1' }],
                  cname_rdata: [],
                },
                weight: { a_weight: [1, 3], aaaa_weight: ['2'], cname_weight: [] },
                serve_count: { a_serve_count: '1', aaaa_serve_count: '' },
                ttl: { a_ttl: 60, aaaa_ttl: 0, cname_ttl: 0 },
                label: { a_label: ['eu-50', 'eu-9'], aaaa_label: [], cname_label: [] },
              },
            ],
          },
        ]),
      );
    const { provider } = testProvider();
    expect(await provider.readGeoServices()).toEqual([
      { name: 'Global Web', groups: [europe], nodes: [], ttl: 45, active: false },
    ]);
  });

  it('refuses a weight list whose length is not the number of values, naming the group and key', async () => {
    mockLogin();
    authed('get', '/Geo/')
      .query({ detail: 'Y' })
      .reply(
        200,
        ok([
          {
            name: 'Global Web',
            groups: [{ ...wireEurope, weight: { a_weight: [3] } }],
          },
        ]),
      );
    const { provider } = testProvider();
    const error = await provider.readGeoServices().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynWireError);
    expect(error).toMatchObject({
      context: 'GET /Geo/?detail=Y [0] group Europe a_rdata a_weight',
      issues: ['1 items for 2 values'],
    });
  });

  it('sends the options in their maps beside rdata, the service TTL, a rename and the active state', () => {
    const create: DynOp = { kind: 'create-geo', name: 'Global Web', groups: [europe], nodes: [], ttl: 45 };
    expect(describeOp(create)).toEqual({
      method: 'POST',
      path: '/Geo/Global%20Web/',
      body: { groups: [wireEurope], nodes: [], ttl: 45 },
    });
    expect(describeOp({ kind: 'update-geo', name: 'Global Web', ttl: 90 })).toEqual({
      method: 'PUT',
      path: '/Geo/Global%20Web/',
      body: { ttl: 90 },
    });
    expect(describeOp({ kind: 'rename-geo', name: 'Global Web', newName: 'World Web' })).toEqual({
      method: 'PUT',
      path: '/Geo/Global%20Web/',
      body: { new_name: 'World Web' },
    });
    expect(describeOp({ kind: 'activate-geo', name: 'Global Web', active: true })).toMatchObject({
      method: 'PUT',
      body: { activate: true },
    });
    expect(describeOp({ kind: 'activate-geo', name: 'Global Web', active: false })).toMatchObject({
      method: 'PUT',
      body: { deactivate: true },
    });
  });

  it('a group without options sends rdata alone, as before', () => {
    const plain = { name: 'Rest', countries: ['@@'], records: [{ type: 'A', values: ['192.0.2.1'] }] };
    expect(describeOp({ kind: 'update-geo', name: 'G', groups: [plain] }).body).toEqual({
      groups: [{ name: 'Rest', countries: ['@@'], rdata: { a_rdata: [{ address: '192.0.2.1' }] } }],
    });
  });

  it('sends a rename once (repeated after it took effect, the old name is gone); an activation may repeat', () => {
    expect(retryPolicyOf({ kind: 'rename-geo', name: 'Global Web', newName: 'World Web' })).toBe(
      'non-idempotent',
    );
    expect(retryPolicyOf({ kind: 'activate-geo', name: 'Global Web', active: true })).toBe('idempotent');
  });

  it('executes a rename and an activation as PUTs of their own', async () => {
    mockLogin();
    authed('put', '/Geo/Global%20Web/', { new_name: 'World Web' }).reply(200, ok({ name: 'World Web' }));
    authed('put', '/Geo/World%20Web/', { activate: true }).reply(200, ok({ name: 'World Web', active: 'Y' }));
    const { provider } = testProvider();
    await provider.execute({ kind: 'rename-geo', name: 'Global Web', newName: 'World Web' });
    await provider.execute({ kind: 'activate-geo', name: 'World Web', active: true });
  });
});
