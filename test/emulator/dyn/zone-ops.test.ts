/**
 * Zone operations the vendor SDK makes and the sandbox used to answer more leniently than the service: freeze/thaw,
 * primary-zone operations on a secondary zone, geo links of deleted zones and nodes, `GET /Apex/`, the zone notes
 * of publishes, and the Content-Type every call must carry.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeStartedEmulators } from '../../support/emulator.js';
import { type Harness, SEED, startHarness } from '../helpers.js';
import { GEO, group, msgs } from './geo-helpers.js';

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness({
    seed: { dns: { ...SEED.dns, secondary_zones: { 'old.example.net': { masters: ['203.0.113.9'] } } } },
  });
  token = await h.login();
});
// Whatever a test started, closed after it (no test relies on another having assigned `h`).
afterEach(closeStartedEmulators);

const addA = (fqdn: string, address: string, zone = 'example.com') =>
  h.call('POST', `/ARecord/${zone}/${fqdn}/`, { token, body: { rdata: { address }, ttl: 60 } });
const publish = (zone = 'example.com', extra: Record<string, unknown> = {}) =>
  h.call('PUT', `/Zone/${zone}/`, { token, body: { publish: true, ...extra } });
const linkedNodes = async () =>
  ((await h.call('GET', GEO, { token })).body.data as { nodes: { fqdn: string }[] }).nodes.map((n) => n.fqdn);
const createService = (fqdns: string[]) =>
  h.call('POST', GEO, {
    token,
    body: {
      groups: [group('Europe', ['DE'], '192.0.2.50')],
      nodes: fqdns.map((fqdn) => ({ zone: 'example.com', fqdn })),
    },
  });

describe('zone operations', () => {
  it('refuses a call without Content-Type application/json before doing anything', async () => {
    const bare = await fetch(`${h.url}/Session/`, {
      method: 'POST',
      body: Buffer.from(JSON.stringify({ a: 1 })),
    });
    const bareBody = (await bare.json()) as Parameters<typeof msgs>[0];
    expect([bare.status, msgs(bareBody)]).toEqual([
      400,
      ['INVALID_REQUEST request: The Content-Type header must be set to application/json'],
    ]);
    const xml = await fetch(`${h.url}/Zone/example.com/`, {
      method: 'GET',
      headers: { 'Content-Type': 'text/xml', 'Auth-Token': token },
    });
    expect(xml.status).toBe(400);
    const charset = await fetch(`${h.url}/Zone/example.com/`, {
      method: 'GET',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Auth-Token': token },
    });
    expect(charset.status).toBe(200);
  });

  it('freezes a zone: record writes and publish refused until thawed; notes only with publish', async () => {
    expect((await addA('new.example.com', '192.0.2.7')).status).toBe(200);
    const freeze = await h.call('PUT', '/Zone/example.com/', { token, body: { freeze: true } });
    expect([freeze.status, freeze.body.data]).toEqual([200, {}]);
    const refused = [await addA('other.example.com', '192.0.2.8'), await publish()];
    for (const r of refused) {
      expect([r.status, msgs(r.body)[0]]).toEqual([
        400,
        'ILLEGAL_OPERATION zone: example.com is frozen; thaw it to make changes',
      ]);
    }
    expect((await h.call('GET', '/ARecord/example.com/www.example.com/', { token })).status).toBe(200);
    const both = await h.call('PUT', '/Zone/example.com/', { token, body: { thaw: true, publish: true } });
    expect(both.status).toBe(400);
    const notes = await h.call('PUT', '/Zone/example.com/', { token, body: { thaw: true, notes: 'x' } });
    expect(msgs(notes.body)).toEqual(['INVALID_DATA notes: Only sent with publish']);
    expect((await h.call('PUT', '/Zone/example.com/', { token, body: { thaw: 1 } })).status).toBe(200);
    expect((await publish()).status).toBe(200);
  });

  it('answers a secondary zone as existing: reads find no node, changes and publish are refused', async () => {
    // The zone exists (GET /Zone/ shows it): a read finds no node in it, never "No such zone".
    const read = await h.call('GET', '/AllRecord/old.example.net/', { token });
    expect([read.status, msgs(read.body)[0]]).toEqual([404, 'NOT_FOUND node: Node is not in the zone']);
    const serial = await h.call('PUT', '/Zone/old.example.net/', { token, body: {} });
    expect([serial.status, (serial.body.data as { zone_type: string }).zone_type]).toEqual([
      200,
      'Secondary',
    ]);
    const refusal =
      'ILLEGAL_OPERATION zone: old.example.net is a secondary zone; its data comes from its masters';
    for (const r of [
      await addA('www.old.example.net', '192.0.2.1', 'old.example.net'),
      await h.call('DELETE', '/Node/old.example.net/www.old.example.net/', { token }),
      await publish('old.example.net'),
      await h.call('PUT', '/Zone/old.example.net/', { token, body: { freeze: true } }),
    ]) {
      expect([r.status, msgs(r.body)[0]]).toEqual([400, refusal]);
    }
    expect((await h.call('GET', '/Zone/nowhere.example.org/', { token })).status).toBe(404);
  });

  it('drops the geo links of a deleted zone and, once published, of a deleted node', async () => {
    expect((await createService(['geo.example.com', 'eu.geo.example.com', 'web.example.com'])).status).toBe(
      200,
    );
    const removal = await h.call('DELETE', '/Node/example.com/geo.example.com/', { token });
    expect(removal.status).toBe(200);
    expect(await linkedNodes()).toHaveLength(3);
    expect((await publish()).status).toBe(200);
    expect(await linkedNodes()).toEqual(['web.example.com']);
    expect((await h.call('DELETE', '/Zone/example.com/', { token })).status).toBe(200);
    expect(await linkedNodes()).toEqual([]);
  });

  it('refuses at publish the A records added to a node that was linked to a geo service meanwhile', async () => {
    expect((await addA('geo.example.com', '192.0.2.9')).status).toBe(200);
    expect((await createService(['geo.example.com'])).status).toBe(200);
    const refused = await publish();
    expect(refused.status).toBe(400);
    expect(msgs(refused.body).join('\n')).toContain('geo.example.com is served by geo service Global Web');
    expect((await h.call('GET', '/ARecord/example.com/geo.example.com/', { token })).status).toBe(404);
  });

  it('serves GET /Apex/<node>/: the deepest zone holding it, primary or secondary', async () => {
    const apex = await h.call('GET', '/Apex/a.b.example.com/', { token });
    expect([apex.status, (apex.body.data as { zone: string }).zone]).toEqual([200, 'example.com']);
    const secondary = await h.call('GET', '/Apex/www.old.example.net/', { token });
    expect((secondary.body.data as { zone: string }).zone).toBe('old.example.net');
    expect((await h.call('GET', '/Apex/example.org/', { token })).status).toBe(404);
  });

  it('keeps the notes of publishes and lists them newest first with POST /ZoneNoteReport/', async () => {
    await addA('n1.example.com', '192.0.2.21');
    expect((await publish('example.com', { notes: 'edgeplan 0.1.0 plan sha256:aa' })).status).toBe(200);
    await addA('n2.example.com', '192.0.2.22');
    expect((await publish()).status).toBe(200);
    expect((await publish('example.com', { notes: 'nothing pending: no note' })).status).toBe(200);
    const report = await h.call('POST', '/ZoneNoteReport/', { token, body: { zone: 'example.com' } });
    const notes = report.body.data as { note: string; serial: number; type: string; user_name: string }[];
    expect(notes.map((n) => [n.note, n.serial, n.type, n.user_name])).toEqual([
      ['', 2, 'publish', 'demo'],
      ['edgeplan 0.1.0 plan sha256:aa', 1, 'publish', 'demo'],
    ]);
    const paged = await h.call('POST', '/ZoneNoteReport/', {
      token,
      body: { zone: 'example.com', offset: 1, limit: 1 },
    });
    expect((paged.body.data as { note: string }[]).map((n) => n.note)).toEqual([
      'edgeplan 0.1.0 plan sha256:aa',
    ]);
    const bad = await publish('example.com', { notes: 5 });
    expect(msgs(bad.body)[0]).toBe('INVALID_DATA notes: Must be a string');
    expect(h.emulator.snapshot().dns?.zones?.['example.com']?.notes).toHaveLength(2);
  });
});
