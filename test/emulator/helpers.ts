/** The emulator's own tests: the emulator (support/emulator.ts) with raw DNS calls that return the envelope. */
import { request } from 'node:http';
import type { EmulatorOptions, EmulatorSeed, Envelope } from '../../src/emulator/index.js';
import { type RunningEmulator, startEmulator } from '../support/emulator.js';

export interface Reply {
  status: number;
  contentType: string | null;
  body: Envelope;
}

export interface Harness extends RunningEmulator {
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; raw?: string },
  ): Promise<Reply>;
  login(): Promise<string>;
}

export const DEMO = { customer_name: 'demo', user_name: 'demo', password: 'demo' };

/** The emulator (support/emulator.ts) with raw DNS calls that return the envelope. */
export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const running = await startEmulator(options);
  const { url } = running;
  const call: Harness['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (o.token) headers['Auth-Token'] = o.token;
    const body = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    const res = await fetch(`${url}${path}`, { method, headers, body });
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: (await res.json()) as Envelope,
    };
  };
  const login = async () => {
    const reply = await call('POST', '/Session/', { body: DEMO });
    return (reply.body.data as { token: string }).token;
  };
  return { ...running, call, login };
}

/** A GET with a JSON body, which `fetch` refuses to send: the vendor SDK sends `detail` this way. */
export function getWithBody(url: string, token: string, body: unknown): Promise<Reply> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': payload.length,
          'Auth-Token': token,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? null,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Seed with one zone and a few records, used by most tests. */
export const SEED: EmulatorSeed = {
  dns: {
    zones: {
      'example.com': {
        ttl: 3600,
        records: [
          { fqdn: 'example.com', type: 'A', ttl: 3600, rdata: { address: '192.0.2.1' } },
          { fqdn: 'www.example.com', type: 'A', ttl: 300, rdata: { address: '192.0.2.10' } },
          { fqdn: 'www.example.com', type: 'A', ttl: 300, rdata: { address: '192.0.2.11' } },
          { fqdn: 'mail.example.com', type: 'MX', rdata: { preference: 10, exchange: 'mx.example.com.' } },
          { fqdn: 'a.b.example.com', type: 'TXT', rdata: { txtdata: 'hello' } },
        ],
      },
    },
  },
};

/** The ids of the A records at a node, from a plain list of record URIs. */
export function idsOf(uris: unknown): number[] {
  return (uris as string[]).map((u) => Number(u.split('/').at(-1)));
}
