import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryServer, servedAnswer } from '../../src/dns-wire/index.js';
import { createEmulator, type Emulator } from '../../src/emulator/index.js';

const LONG_TXT = Array.from({ length: 40 }, (_, i) => ({
  fqdn: 'big.example.com',
  type: 'TXT',
  ttl: 60,
  rdata: { txtdata: `record ${i} ${'x'.repeat(60)}` },
}));

let emulator: Emulator;
let port: number;
const options = { timeoutMs: 2_000 };

beforeAll(async () => {
  emulator = createEmulator({
    seed: {
      dns: {
        zones: {
          'example.com': {
            records: [
              { fqdn: 'www.example.com', type: 'A', ttl: 120, rdata: { address: '192.0.2.1' } },
              {
                fqdn: 'example.com',
                type: 'MX',
                ttl: 300,
                rdata: { preference: 10, exchange: 'Mail.Example.com.' },
              },
              ...LONG_TXT,
            ],
          },
        },
      },
    },
  });
  await emulator.listen();
  ({ port } = await emulator.serveDns());
});
afterAll(() => emulator.close());

describe('a query to one server', () => {
  it('gets an authoritative UDP answer, read into canonical values', async () => {
    const reply = await queryServer(
      { host: '127.0.0.1', port },
      { name: 'example.com', type: 'MX' },
      options,
    );
    expect(reply.transport).toBe('udp');
    expect(reply.message.authoritative).toBe(true);
    expect(servedAnswer(reply.message, 'example.com', 'MX')).toEqual({
      kind: 'records',
      ttl: 300,
      values: ['10 mail.example.com.'],
    });
  });

  it('asks again over TCP when the UDP answer is truncated, and gets every record', async () => {
    const reply = await queryServer(
      { host: '127.0.0.1', port },
      { name: 'big.example.com', type: 'TXT' },
      options,
    );
    expect(reply.transport).toBe('tcp');
    const served = servedAnswer(reply.message, 'big.example.com', 'TXT');
    expect(served.kind === 'records' && served.values.length).toBe(40);
  });

  it('tells NXDOMAIN from NODATA, and REFUSED from both', async () => {
    const ask = async (name: string, type: string) =>
      servedAnswer(
        (await queryServer({ host: '127.0.0.1', port }, { name, type }, options)).message,
        name,
        type,
      );
    expect(await ask('nope.example.com', 'A')).toEqual({ kind: 'nxdomain' });
    expect(await ask('www.example.com', 'AAAA')).toEqual({ kind: 'nodata' });
    expect(await ask('www.example.org', 'A')).toEqual({ kind: 'not-authoritative' });
  });
});
