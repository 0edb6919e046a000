import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { givenNameServers, serversOf } from '../../src/cli/options/name-servers.js';
import type { RunningSandbox } from '../../src/cli/sandbox/sandbox.js';
import { decodeMessage, encodeMessage, RCODES } from '../../src/dns-wire/index.js';
import { parseServer, systemNameServers } from '../../src/verify/index.js';
import { NameServersNotFoundError } from '../../src/verify/servers.js';

describe('a name server address', () => {
  it('is HOST, HOST:PORT, [IPv6]:PORT or a bare IPv6 address; the port defaults to 53', () => {
    expect(parseServer('ns1.example.net')).toEqual({ host: 'ns1.example.net', port: 53 });
    expect(parseServer('127.0.0.1:5300')).toEqual({ host: '127.0.0.1', port: 5300 });
    expect(parseServer('[2001:db8::53]:5353')).toEqual({ host: '2001:db8::53', port: 5353 });
    expect(parseServer('[::1]')).toEqual({ host: '::1', port: 53 });
    expect(parseServer('2001:db8::53')).toEqual({ host: '2001:db8::53', port: 53 });
  });

  it('asks a host name written in Unicode by its A-labels (UTS #46), the port kept', () => {
    expect(parseServer('ns1.bücher.example')).toEqual({ host: 'ns1.xn--bcher-kva.example', port: 53 });
    expect(parseServer('ns1.bücher.example:5300')).toEqual({ host: 'ns1.xn--bcher-kva.example', port: 5300 });
  });

  it('refuses a Unicode host UTS #46 refuses with its code point, --nameserver by the flag', () => {
    expect(() => givenNameServers({ nameserver: ['ns.a\u200db.example:53'] })).toThrow(
      '--nameserver: "aU+200Db" is not a valid internationalized label (UTS #46): U+200D is not allowed in names',
    );
  });

  it('refuses anything else, saying what it takes', () => {
    expect(parseServer('ns1.example.net:0')).toEqual({
      problem: '"ns1.example.net:0": the port must be 1–65535',
    });
    expect(parseServer('http://ns1.example.net')).toEqual({
      problem: '"http://ns1.example.net" is not HOST, HOST:PORT or [IPv6]:PORT',
    });
    expect(parseServer('')).toMatchObject({ problem: expect.stringContaining('is not HOST') });
    expect(() => givenNameServers({ nameserver: ['ok:53', 'a b'] })).toThrow(
      '--nameserver: "a b" is not HOST, HOST:PORT or [IPv6]:PORT',
    );
  });
});

describe('which servers answer for a zone', () => {
  const sandbox = { nameServer: async () => ({ host: '127.0.0.1', port: 5999 }) } satisfies Pick<
    RunningSandbox,
    'nameServer'
  >;
  const providers = [
    { name: 'dyn', type: 'dyn', options: {} },
    {
      name: 'pdns',
      type: 'powerdns',
      options: {},
      verifyAt: [
        { host: '127.0.0.1', port: 5300 },
        { host: '::1', port: 5301 },
      ],
    },
    { name: 'other', type: 'powerdns', options: {} },
  ];
  const found: string[] = [];
  const find = async (zone: string) => {
    found.push(zone);
    return [{ host: '192.0.2.53', port: 53 }];
  };
  const of = (given = [] as { host: string; port: number }[], withSandbox = true) =>
    serversOf(providers, given, withSandbox ? sandbox : undefined, find);

  it('--nameserver first, for every zone', async () => {
    expect(await of([{ host: '10.0.0.1', port: 53 }])('example.com', 'pdns')).toEqual([
      { host: '10.0.0.1', port: 53 },
    ]);
  });

  it("then the provider's verify_at, then the sandbox's servers for its Dyn zones, then the zone's NS set", async () => {
    expect(await of()('example.com', 'pdns')).toEqual([
      { host: '127.0.0.1', port: 5300 },
      { host: '::1', port: 5301 },
    ]);
    expect(await of()('example.com', 'dyn')).toEqual([{ host: '127.0.0.1', port: 5999 }]);
    expect(await of()('example.org', 'other')).toEqual([{ host: '192.0.2.53', port: 53 }]);
    expect(await of([], false)('example.net', 'dyn')).toEqual([{ host: '192.0.2.53', port: 53 }]);
    expect(found).toEqual(['example.org', 'example.net']);
  });
});

describe("a zone's NS set as resolvers see it", () => {
  /**
   * A resolver on 127.0.0.1, in this process: it answers each question from `data` (name → type → values), NXDOMAIN
   * for a name it has nothing of, and counts the questions. Node's resolver asks it as it would the machine's.
   */
  async function resolver(data: Record<string, Record<string, string[]>>) {
    const socket = createSocket('udp4');
    const asked: string[] = [];
    socket.on('message', (octets, remote) => {
      const query = decodeMessage(octets);
      const { name = '', type = '' } = query.question ?? {};
      asked.push(`${name} ${type}`);
      const known = data[name];
      const answer = encodeMessage({
        ...query,
        ...{ response: true, authoritative: false, udpSize: undefined },
        rcode: known ? RCODES.NOERROR : RCODES.NXDOMAIN,
        answers: (known?.[type] ?? []).map((value) => ({ name, type, ttl: 300, value })),
      });
      socket.send(answer, remote.port, remote.address);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    return {
      at: `127.0.0.1:${socket.address().port}`,
      asked,
      close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
    };
  }

  it('is each address of each name server, port 53, sorted and once each', async () => {
    const server = await resolver({
      'example.com': { NS: ['ns1.example.com.', 'ns2.example.net.', 'ns3.example.com.'] },
      'ns1.example.com': { A: ['192.0.2.54'], AAAA: [] },
      // ns3 shares ns1's address: one server, asked once.
      'ns3.example.com': { A: ['192.0.2.54', '192.0.2.53'] },
      'ns2.example.net': { AAAA: ['2001:db8::54'] },
    });
    try {
      expect(await systemNameServers([server.at])('example.com')).toEqual([
        { host: '192.0.2.53', port: 53 },
        { host: '192.0.2.54', port: 53 },
        { host: '2001:db8::54', port: 53 },
      ]);
      // The NS set once, then each name's IPv4 and IPv6 addresses (RFC 1035 §3.3.11: NS names a host).
      expect([...server.asked].sort()).toEqual([
        'example.com NS',
        'ns1.example.com A',
        'ns1.example.com AAAA',
        'ns2.example.net A',
        'ns2.example.net AAAA',
        'ns3.example.com A',
        'ns3.example.com AAAA',
      ]);
    } finally {
      await server.close();
    }
  });

  it('is an error that says so for a zone without an NS set, or whose name servers have no address', async () => {
    const server = await resolver({
      'example.net': { NS: ['ns1.example.net.', 'ns2.example.net.'] },
      'ns1.example.net': {},
    });
    try {
      const find = systemNameServers([server.at]);
      await expect(find('example.org')).rejects.toThrow(
        /^cannot find the NS set of example.org: queryNs ENOTFOUND example.org$/,
      );
      await expect(find('example.org')).rejects.toBeInstanceOf(NameServersNotFoundError);
      await expect(find('example.org')).rejects.toMatchObject({
        name: 'NameServersNotFoundError',
        cause: expect.objectContaining({ code: 'ENOTFOUND' }),
      });
      await expect(find('example.net')).rejects.toThrow(
        'no address for the name servers of example.net (ns1.example.net, ns2.example.net)',
      );
      await expect(find('example.net')).rejects.toMatchObject({ code: 'EP2604', kind: 'provider' });
    } finally {
      await server.close();
    }
  });

  it('asks a resolver that fails each try twice, then says so', async () => {
    // Each UDP answer is truncated, and each TCP connection it sends Node's resolver to is closed at once: a failed
    // try per connection, with no wait, so the connections count the tries.
    const udp = createSocket('udp4');
    udp.on('message', (octets, remote) => {
      const query = decodeMessage(octets);
      const answer = encodeMessage({ ...query, response: true, truncated: true, udpSize: undefined });
      udp.send(answer, remote.port, remote.address);
    });
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', () => resolve()));
    const { port } = udp.address();
    let connections = 0;
    const tcp = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => tcp.listen(port, '127.0.0.1', () => resolve()));
    try {
      await expect(systemNameServers([`127.0.0.1:${port}`])('example.com')).rejects.toThrow(
        /^cannot find the NS set of example.com: queryNs ECONNREFUSED example.com$/,
      );
      expect(connections).toBe(2);
    } finally {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    }
  });
});
