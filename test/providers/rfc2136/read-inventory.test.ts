/**
 * What `edgeplan import` reads from an RFC 2136 server (src/providers/rfc2136/read-inventory.ts), against a server
 * played over TCP on 127.0.0.1 (hostile-server.ts, here honest): each zone named, by one signed transfer; a zone the
 * server refuses left out; the SOA and the apex NS set named as the server's.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { RCODES } from '../../../src/dns-wire/index.js';
import type { WireRecord } from '../../../src/dns-wire/rdata.js';
import type { TsigKey } from '../../../src/dns-wire/tsig.js';
import type { DnsInventorySelection } from '../../../src/model/inventory.js';
import { createRfc2136Provider, Rfc2136Error } from '../../../src/providers/rfc2136/index.js';
import { answerTo, type HostileServer, soaOf, startHostileServer } from './hostile-server.js';

const KEY: TsigKey = { algorithm: 'hmac-sha256', name: 'edgeplan-test', secret: randomBytes(32) };

/** The zones the server serves, each transferred in one signed answer; any other zone is REFUSED. */
const SERVED: Record<string, WireRecord[]> = {
  'example.com': [
    soaOf('example.com'),
    { name: 'example.com', type: 'NS', ttl: 300, value: 'ns1.example.net.' },
    { name: 'www.example.com', type: 'A', ttl: 60, value: '192.0.2.1' },
    // RFC 1035 allows the root as an NS target; the model's NS values are host names.
    { name: 'sub.example.com', type: 'NS', ttl: 60, value: '.' },
    soaOf('example.com'),
  ],
  // No apex NS in the transfer, only a delegation's: only the SOA is named as the server's.
  'bare.test': [
    soaOf('bare.test'),
    { name: 'mail.bare.test', type: 'A', ttl: 60, value: '192.0.2.9' },
    { name: 'sub.bare.test', type: 'NS', ttl: 60, value: 'ns1.example.net.' },
    soaOf('bare.test'),
  ],
};

let server: HostileServer | undefined;
const asked: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  asked.length = 0;
});

async function provider() {
  server = await startHostileServer(KEY, ({ query, signer, send }) => {
    const zone = query.question?.name ?? '';
    asked.push(`${zone} ${query.question?.type}`);
    const records = SERVED[zone];
    send(signer.signed(records ? answerTo(query, records) : answerTo(query, [], RCODES.REFUSED)));
  });
  return createRfc2136Provider({ name: 'dns', server: { host: '127.0.0.1', port: server.port }, key: KEY });
}

/** A selection of `names` (as --zones gives them), taking those `take` accepts; the names it was asked, in order. */
function selection(names: readonly string[] | undefined, take: (zone: string) => boolean = () => true) {
  const seen: string[] = [];
  const select: DnsInventorySelection = {
    zones: (zone) => {
      seen.push(zone);
      return take(zone);
    },
    geoServices: () => false,
    ...(names === undefined ? {} : { zoneNames: names }),
  };
  return { select, seen };
}

describe('an RFC 2136 inventory', () => {
  it('is each zone named, transferred once, its SOA and apex NS the server’s, a set it cannot hold named', async () => {
    const dns = await provider();
    const { select, seen } = selection(['Example.COM.', 'example.com', 'bare.test']);
    const inventory = await dns.readInventory?.(select);
    expect(inventory).toEqual({
      zones: [
        {
          zone: 'example.com',
          records: [{ fqdn: 'www.example.com', type: 'A', records: [{ value: '192.0.2.1', ttl: 60 }] }],
          unsupported: ['sub.example.com NS'],
          providerOwned: ['example.com SOA', 'example.com NS'],
        },
        {
          zone: 'bare.test',
          records: [
            { fqdn: 'mail.bare.test', type: 'A', records: [{ value: '192.0.2.9', ttl: 60 }] },
            { fqdn: 'sub.bare.test', type: 'NS', records: [{ value: 'ns1.example.net.', ttl: 60 }] },
          ],
          unsupported: [],
          providerOwned: ['bare.test SOA'],
        },
      ],
      secondaryZones: [],
      geoServices: [],
    });
    // One name written twice is one zone, one transfer.
    expect(asked).toEqual(['example.com AXFR', 'bare.test AXFR']);
    expect(seen).toEqual(['example.com', 'bare.test']);
  });

  it('leaves out a zone the server refuses, never asking the selection of it, and one the selection declines', async () => {
    const dns = await provider();
    const { select, seen } = selection(
      ['nowhere.test', 'example.com', 'bare.test'],
      (zone) => zone !== 'example.com',
    );
    const inventory = await dns.readInventory?.(select);
    expect(inventory?.zones.map((zone) => zone.zone)).toEqual(['bare.test']);
    expect(asked).toEqual(['nowhere.test AXFR', 'example.com AXFR', 'bare.test AXFR']);
    // Import counts a zone the selection is asked about as found: a refused one is reported as matching nothing.
    expect(seen).toEqual(['example.com', 'bare.test']);
  });

  it('refuses a selection without zone names, saying to name them, before asking the server anything', async () => {
    const dns = await provider();
    const read = dns.readInventory?.(selection(undefined).select);
    await expect(read).rejects.toBeInstanceOf(Rfc2136Error);
    await expect(read).rejects.toMatchObject({
      message:
        `import at 127.0.0.1:${server?.port}: a server does not list its zones: name each zone to import with ` +
        '--zones (names, no globs)',
    });
    expect(asked).toEqual([]);
  });
});
