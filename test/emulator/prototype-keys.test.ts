import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type EmulatorSeed } from '../../src/emulator/index.js';
import { parseRdata, rdataKey } from '../../src/emulator/rdata.js';
import { readStateFile, StateWriter } from '../../src/emulator/state-file.js';
import { formFields } from '../../src/emulator/waf/body.js';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';
import { type Harness, SEED, startEmulator } from './helpers.js';
import { SHOP_ID, startWaf, type WafHarness } from './waf/helpers.js';

const GROUPS = [{ name: 'all', countries: ['@@'], a: ['192.0.2.9'] }];

/** Every name as a record of a.test, a geo service and a webapp; the seed does not check zone names, so a zone too. */
const seed: EmulatorSeed = {
  dns: {
    zones: Object.fromEntries([
      [
        'a.test',
        {
          records: PROTOTYPE_KEYS.map((name) => ({
            fqdn: `${name}.a.test`,
            type: 'A',
            rdata: { address: '192.0.2.1' },
          })),
        },
      ],
      ['__proto__', {}],
    ]),
    geo_services: Object.fromEntries(PROTOTYPE_KEYS.map((name) => [name, { groups: GROUPS }])),
  },
  waf: { webapps: PROTOTYPE_KEYS.map((name) => ({ name })) },
};

function names(state: EmulatorSeed) {
  return {
    zones: Object.keys(state.dns?.zones ?? {}),
    records: (state.dns?.zones?.['a.test']?.records ?? []).filter((r) => r.type === 'A').map((r) => r.fqdn),
    geo: Object.keys(state.dns?.geo_services ?? {}),
    webapps: (state.waf?.webapps ?? []).map((w) => w.name).sort(),
  };
}

const EXPECTED = {
  zones: ['__proto__', 'a.test'],
  records: PROTOTYPE_KEYS.map((name) => `${name.toLowerCase()}.a.test`).sort(),
  geo: PROTOTYPE_KEYS,
  webapps: PROTOTYPE_KEYS,
};

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('names that are members of every JavaScript object, in the emulator', () => {
  it('survive seed → snapshot → state file → seed', async () => {
    const emulator = createEmulator({ seed });
    const snapshot = emulator.snapshot();
    expect(names(snapshot)).toEqual(EXPECTED);
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-proto-'));
    const path = join(dir, 'state.json');
    await new StateWriter(path).write(snapshot);
    const reloaded = createEmulator({ seed: await readStateFile(path) });
    expect(reloaded.snapshot()).toEqual(snapshot);
  });

  it('are served over HTTP like any other name: a `__proto__` geo service and node', async () => {
    const h: Harness = await startEmulator({ seed: SEED });
    try {
      const token = await h.login();
      const body = {
        groups: [{ name: '__proto__', countries: ['DE'], rdata: { a_rdata: [{ address: '192.0.2.5' }] } }],
      };
      expect((await h.call('POST', '/Geo/__proto__/', { token, body })).status).toBe(200);
      const record = { rdata: { address: '192.0.2.6' }, ttl: 60 };
      await h.call('POST', '/ARecord/example.com/__proto__.example.com/', { token, body: record });
      await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
      const geo = await h.call('GET', '/Geo/?detail=Y', { token });
      expect((geo.body.data as { name: string }[]).map((s) => s.name)).toEqual(['__proto__']);
      const node = await h.call('GET', '/ARecord/example.com/__proto__.example.com/?detail=Y', {
        token,
      });
      expect(node.body.data).toEqual([expect.objectContaining({ rdata: { address: '192.0.2.6' } })]);
    } finally {
      await h.close();
    }
  });

  it('the WAF refuses a `__proto__` field in a good-bot write like any unknown field', async () => {
    const w: WafHarness = await startWaf();
    try {
      const token = await w.token();
      const path = `/api/v3/webapps/${SHOP_ID}/good_bots/${'2'.repeat(32)}`;
      const reply = await w.call('PUT', path, { token, raw: '{"enabled": true, "__proto__": {"x": 1}}' });
      expect(reply).toMatchObject({
        status: 422,
        body: { errors: { ['__proto__']: ['is not a known field'] } },
      });
      expect(Object.keys((reply.body as { errors: object }).errors)).toEqual(['__proto__']);
    } finally {
      await w.close();
    }
  });

  it('the token endpoint keeps every multipart field, `__proto__` too', () => {
    const raw = ['--b', 'Content-Disposition: form-data; name="__proto__"', '', 'x', '--b--', ''].join(
      '\r\n',
    );
    const fields = formFields('multipart/form-data; boundary=b', Buffer.from(raw), new URLSearchParams());
    expect(Object.entries(fields)).toEqual([['__proto__', 'x']]);
  });

  it('a record type named like a prototype member has no rdata fields, like any unknown type', () => {
    for (const type of PROTOTYPE_KEYS) {
      expect(parseRdata(type, { address: '192.0.2.1' })).toEqual({ rdata: {} });
      expect(rdataKey(type, {})).toBe('');
    }
  });
});
