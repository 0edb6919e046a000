import { describe, expect, it } from 'vitest';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';
import { authed, mockLogin, ok, testProvider } from './helpers/dyn-fixtures.js';
import { useNockGuard } from './helpers/nock-guard.js';
import { api, BOT, bots, mockToken, testProvider as wafProvider } from './waf/waf-fixtures.js';

useNockGuard();

const zoneObject = (zone: string, serial: number) => ({
  zone,
  zone_type: 'Primary',
  serial_style: 'increment',
  serial,
});

describe('names that are members of every JavaScript object, read from the wire', () => {
  it('readZones keeps a node at every such name', async () => {
    mockLogin();
    authed('get', '/Zone/')
      .query({ detail: 'Y' })
      .reply(200, ok([zoneObject('a.test', 7)]));
    const records = PROTOTYPE_KEYS.map((name, i) => ({
      zone: 'a.test',
      fqdn: `${name}.a.test`,
      record_type: 'A',
      ttl: 300,
      rdata: { address: '192.0.2.1' },
      record_id: i + 1,
    }));
    authed('get', '/AllRecord/a.test/')
      .query({ detail: 'Y' })
      .reply(200, ok({ a_records: records }));
    const { provider } = testProvider();
    const live = await provider.readZones(['a.test']);
    const fqdns = PROTOTYPE_KEYS.map((name) => `${name.toLowerCase()}.a.test`).sort();
    expect(live.zones['a.test']?.nodes.map((node) => node.fqdn)).toEqual(fqdns);
  });

  it('readWaf answers every ref asked for as an own entry', async () => {
    mockToken();
    const webapps = PROTOTYPE_KEYS.map((name, i) => ({ id: String(i + 1).padStart(32, 'c'), name }));
    api('get', '/company/webapps?page=1&per_page=100').reply(200, webapps, { 'X-Total-Count': '13' });
    for (const webapp of webapps)
      api('get', `/webapps/${webapp.id}/good_bots`).reply(200, bots({ google: true }));
    const { provider } = wafProvider();
    const live = await provider.readWaf(PROTOTYPE_KEYS);
    expect(Object.keys(live.webapps)).toEqual(PROTOTYPE_KEYS);
    expect(
      Object.entries(live.webapps).map(([ref, webapp]) => [
        ref,
        webapp?.name,
        webapp?.bots.find((b) => b.id === BOT.google)?.enabled,
      ]),
    ).toEqual(PROTOTYPE_KEYS.map((ref) => [ref, ref, true]));
  });

  it('a WAF error names every field the service lists, `__proto__` too', async () => {
    mockToken();
    const body =
      '{"error_description": "Validation failed", "errors": {"__proto__": ["is not a known field"]}}';
    api('put', '/webapps/w/good_bots').reply(422, body, { 'Content-Type': 'application/json' });
    const { provider } = wafProvider();
    const call = provider.client.call({
      method: 'PUT',
      path: '/webapps/w/good_bots',
      body: [],
      retryable: 'idempotent',
    });
    await expect(call).rejects.toThrow('422 Validation failed (__proto__ is not a known field)');
  });
});
