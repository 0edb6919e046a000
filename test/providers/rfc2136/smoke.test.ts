import { describe, expect, it } from 'vitest';
import { Rfc2136Client } from '../../../src/providers/rfc2136/index.js';
import { startServer } from './servers.js';

describe.each(['bind', 'knot'] as const)('%s', (kind) => {
  it('transfers and updates', { timeout: 30_000 }, async () => {
    const server = await startServer(kind, [{ zone: 'a.test' }]);
    try {
      const client = new Rfc2136Client({ server: { host: '127.0.0.1', port: server.port }, key: server.key });
      const soa = await client.soa('a.test');
      const answer = await client.update('u', 'a.test', [{ kind: 'record', record: { ...soa!, ttl: 0 } }], [
        { kind: 'record', record: { name: 'www.a.test', type: 'A', ttl: 60, value: '192.0.2.1' } },
      ]);
      expect(answer.rcode).toBe(0);
      const records = await client.transfer('a.test');
      expect(records?.map((r) => `${r.name} ${r.type} ${r.value}`)).toContain('www.a.test A 192.0.2.1');
    } finally {
      await server.stop();
    }
  });
});
