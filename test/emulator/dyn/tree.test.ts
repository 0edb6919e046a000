import { afterEach, describe, expect, it, vi } from 'vitest';
import { TREE_KEYS } from '../../../src/emulator/dyn/rdata.js';
import type { Harness } from '../helpers.js';
import { getWithBody, SEED, startHarness } from '../helpers.js';

// Time budget: ten times its slowest test (0.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

let h: Harness;
afterEach(async () => h?.close());

describe('tree reads', () => {
  it('AllRecord: URIs plain; detail via query or JSON body on GET gives every <type>_records key', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const plain = await h.call('GET', '/AllRecord/example.com/', { token });
    expect(plain.body.msgs[0]?.INFO).toBe('get_tree: Here is your zone tree');
    expect(plain.body.data).toContain(
      `/REST/MXRecord/example.com/mail.example.com/${idFor(plain.body.data, 'MX')}`,
    );
    for (const reply of [
      await h.call('GET', '/AllRecord/example.com/?detail=Y', { token }),
      await getWithBody(`${h.url}/AllRecord/example.com/`, token, { detail: 'Y' }),
    ]) {
      const data = reply.body.data as Record<string, unknown[]>;
      expect(Object.keys(data).sort()).toEqual([...TREE_KEYS].sort());
      expect(data.a_records).toHaveLength(3);
      expect(data.aaaa_records).toEqual([]);
      expect(data.mx_records).toMatchObject([{ rdata: { preference: 10, exchange: 'mx.example.com.' } }]);
    }
    const sub = await h.call('GET', '/AllRecord/example.com/www.example.com/', { token });
    expect(sub.body.data).toHaveLength(2);
    const none = await h.call('GET', '/AllRecord/example.com/zzz.example.com/', { token });
    expect(none.status).toBe(404);
    expect(none.body.msgs.map((m) => m.INFO)).toEqual([
      'node: Node is not in the zone',
      'get_tree: Node name not found within the zone',
    ]);
  });

  it('ANYRecord: the node only', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const plain = await h.call('GET', '/ANYRecord/example.com/example.com/', { token });
    expect((plain.body.data as string[]).map((u) => u.split('/')[2])).toEqual([
      'ARecord',
      'NSRecord',
      'NSRecord',
      'NSRecord',
      'NSRecord',
      'SOARecord',
    ]);
    const detail = await h.call('GET', '/ANYRecord/example.com/www.example.com/?detail=Y', { token });
    const data = detail.body.data as Record<string, unknown[]>;
    expect(data.a_records).toHaveLength(2);
    expect(data.soa_records).toEqual([]);
  });

  it('NodeList includes the base node and follows published adds and pending removals', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const list = await h.call('GET', '/NodeList/example.com/', { token });
    expect(list.body.data).toEqual(['example.com', 'a.b.example.com', 'mail.example.com', 'www.example.com']);
    expect(list.body.msgs[0]?.INFO).toBe('get_node_list: Here is your node list');
    expect((await h.call('GET', '/NodeList/example.com/b.example.com/', { token })).body.data).toEqual([
      'b.example.com',
      'a.b.example.com',
    ]);
    await h.call('POST', '/ARecord/example.com/x.example.com/', {
      token,
      body: { rdata: { address: '192.0.2.7' }, ttl: 300 },
    });
    expect((await h.call('GET', '/NodeList/example.com/', { token })).body.data).not.toContain(
      'x.example.com',
    );
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    expect((await h.call('GET', '/NodeList/example.com/', { token })).body.data).toContain('x.example.com');
    await h.call('DELETE', '/ARecord/example.com/x.example.com/', { token });
    expect((await h.call('GET', '/NodeList/example.com/', { token })).body.data).not.toContain(
      'x.example.com',
    );
  });

  it('DELETE /Node removes the node, its records and nodes below (pending until publish)', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const other = await h.login();
    const del = await h.call('DELETE', '/Node/example.com/b.example.com.', { token });
    expect(del.body.msgs[0]?.INFO).toBe(
      'remove_node: b.example.com removed from tree. All records also removed.',
    );
    expect(del.body.data).toEqual([
      expect.stringMatching(/^\/REST\/TXTRecord\/example\.com\/a\.b\.example\.com\/\d+$/),
    ]);
    expect((await h.call('GET', '/NodeList/example.com/', { token: other })).body.data).toContain(
      'a.b.example.com',
    );
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: 1 } });
    expect((await h.call('GET', '/NodeList/example.com/', { token: other })).body.data).not.toContain(
      'a.b.example.com',
    );

    const apex = await h.call('DELETE', '/Node/example.com/example.com/', { token });
    expect(apex.body.status).toBe('success');
    await h.call('PUT', '/Zone/example.com/', { token, body: { publish: 1 } });
    const left = await h.call('GET', '/AllRecord/example.com/?detail=Y', { token: other });
    const data = left.body.data as Record<string, unknown[]>;
    expect([data.soa_records?.length, data.ns_records?.length, data.a_records?.length]).toEqual([1, 4, 0]);
  });

  it('normalises case, trailing dots and missing trailing slashes in paths', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const reply = await h.call('GET', '/ARecord/EXAMPLE.com./WWW.Example.COM.', { token });
    expect(reply.body.data).toHaveLength(2);
    expect(h.emulator.requestLog.entries.at(-1)?.path).toBe('/REST/ARecord/example.com/www.example.com/');
  });
});

function idFor(uris: unknown, type: string): string {
  return ((uris as string[]).find((u) => u.includes(`/${type}Record/`)) ?? '').split('/').at(-1) ?? '';
}
