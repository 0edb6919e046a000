/**
 * Which servers `verify` and `--wait-served` ask (verify/ask.ts): a zone whose lookup finds no server is answered
 * by none, so each of its sets fails, naming the zone (and its provider), never counts as served by every server.
 * A query that fails other than as a DnsQueryError (its signal fired) stops the ask instead of failing a set.
 */
import { describe, expect, it } from 'vitest';
import type { ServedExpectation } from '../../src/plan/index.js';
import { servedReport } from '../../src/plan/index.js';
import { askServers, NO_SERVERS } from '../../src/verify/index.js';

const WWW: ServedExpectation = {
  zone: 'example.com',
  provider: 'dyn',
  fqdn: 'www.example.com',
  type: 'A',
  expected: { ttl: 300, values: ['192.0.2.2'] },
};
// `dyn` is the provider the loader created: messages show it by no name, as plans do.
const OPTIONS = { concurrency: 4, timeoutMs: 100, implicitProvider: 'dyn' };

describe('asking the servers of a zone that has none', () => {
  it('fails each of its sets, naming the zone and its provider, and looks the zone up once', async () => {
    const lookups: string[] = [];
    const mail = { ...WWW, fqdn: 'mail.example.com' };
    const other = { ...WWW, zone: 'example.net', fqdn: 'www.example.net', provider: 'dns' };
    const asked = await askServers(
      [WWW, mail, other],
      async (zone, provider) => {
        lookups.push(`${zone} ${provider}`);
        return [];
      },
      OPTIONS,
    );
    const failed = (reason: string) => [{ server: NO_SERVERS, answer: { kind: 'failed', reason } }];
    expect(asked).toEqual([
      { expectation: WWW, answers: failed('no name server to ask for zone example.com') },
      { expectation: mail, answers: failed('no name server to ask for zone example.com') },
      { expectation: other, answers: failed('no name server to ask for zone example.net on provider dns') },
    ]);
    expect(lookups).toEqual(['example.com dyn', 'example.net dns']);
    expect(servedReport(asked).counts).toEqual({ sets: 3, served: 0, differs: 0, failed: 3 });
  });
});

describe('a query that fails other than with no answer', () => {
  it('rejects the ask with its reason, as a stopped query does, instead of counting a failed answer', async () => {
    const stopped = new Error('interrupted');
    const asking = askServers([WWW], async () => [{ host: '198.51.100.1', port: 53 }], {
      ...OPTIONS,
      query: async () => {
        throw stopped;
      },
    });
    await expect(asking).rejects.toBe(stopped);
  });
});
