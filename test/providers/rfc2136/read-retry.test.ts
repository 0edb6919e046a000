/**
 * Reads are asked again: a SOA query or a zone transfer changes nothing, so one whose exchange fails on the way (a
 * connection cut before the server saw it, an answer cut short, an unsigned SERVFAIL from something between) is
 * sent again, four times in all; a refusal that asking again cannot change (a key the server does not know) is
 * not. Against a real BIND 9 behind the fault proxy, and PowerDNS for the key it does not know.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Rfc2136Client } from '../../../src/providers/rfc2136/index.js';
import { pdnsMissing, startPdnsServer } from '../pdns/server.js';
import { type Fault, type FaultProxy, opcodeOf, startFaultProxy } from './fault-proxy.js';
import { type Rfc2136Server, serversMissing, startServer } from './servers.js';

// Time budget: ten times its slowest test, rounded up; starting a server waits up to 15 s.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const missing = serversMissing();
const ZONE = 'retry.test';
const QUERY = 0;

let server: Rfc2136Server | undefined;
let proxy: FaultProxy | undefined;

/** A client through a proxy that gives each request, in order, the next of `faults` (then passes). */
async function through(faults: Fault[]): Promise<{ client: Rfc2136Client; seen: number[] }> {
  if (!server) throw new Error('BIND is not started');
  const seen: number[] = [];
  await proxy?.close();
  proxy = await startFaultProxy(server.port, (request) => {
    seen.push(opcodeOf(request));
    return faults.shift() ?? 'pass';
  });
  const client = new Rfc2136Client({
    server: { host: '127.0.0.1', port: proxy.port },
    key: server.key,
    timeoutMs: 500,
  });
  return { client, seen };
}

if (missing !== null) {
  describe.skip(`RFC 2136 reads asked again (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    server = await startServer('bind', [{ zone: ZONE }]);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });

  describe('RFC 2136 reads asked again', () => {
    it('a SOA query whose exchanges fail three times on the way is answered by the fourth', async () => {
      const { client, seen } = await through(['drop', { cutAfter: 5 }, 'servfail']);
      const soa = await client.soa(ZONE);
      expect(soa?.value).toMatch(/^ns1\.example\.net\. hostmaster\.retry\.test\. 1 /);
      expect(seen).toEqual([QUERY, QUERY, QUERY, QUERY]);
      expect(client.requests).toBe(4);
    });

    it('a zone transfer cut short is transferred again, whole', async () => {
      const { client, seen } = await through([{ cutAfter: 30 }]);
      const records = await client.transfer(ZONE);
      expect(records?.map((r) => r.type)).toEqual(['SOA', 'NS']);
      expect(seen).toHaveLength(2);
    });

    it('gives up after four attempts with the last failure', async () => {
      const { client, seen } = await through(['drop', 'drop', 'drop', 'drop']);
      await expect(client.soa(ZONE)).rejects.toThrow(
        /^SOA retry\.test at 127\.0\.0\.1:\d+: the server closed the connection before the answer ended$/,
      );
      expect(seen).toHaveLength(4);
    });

    it('does not ask again when the server refuses the key (NOTAUTH, TSIG error BADKEY)', async () => {
      if (!server) throw new Error('BIND is not started');
      const { seen } = await through([]);
      const stranger = new Rfc2136Client({
        server: { host: '127.0.0.1', port: proxy?.port ?? 0 },
        key: { ...server.key, name: 'stranger' },
      });
      await expect(stranger.soa(ZONE)).rejects.toThrow(
        /TSIG: the server refused the key stranger for this request \(TSIG error BADKEY\)/,
      );
      expect(seen).toHaveLength(1);
    });
  });
}

const pdns = pdnsMissing();
if (pdns !== null) {
  describe.skip(`RFC 2136 reads of PowerDNS (skipped: ${pdns})`, () => {
    it.skip('not run', () => {});
  });
} else {
  describe('RFC 2136 reads of PowerDNS', () => {
    it('a key PowerDNS does not know is refused unsigned (NOTAUTH): named, not asked again', async () => {
      const powerdns = await startPdnsServer();
      try {
        const stranger = new Rfc2136Client({
          server: { host: '127.0.0.1', port: powerdns.dnsPort },
          key: { algorithm: 'hmac-sha256', name: 'stranger', secret: Buffer.alloc(32, 7) },
        });
        await expect(stranger.soa('any.test')).rejects.toThrow(
          /: TSIG: the server did not accept the key stranger \(NOTAUTH\): /,
        );
        expect(stranger.requests).toBe(1);
      } finally {
        await powerdns.stop();
      }
    });
  });
}
