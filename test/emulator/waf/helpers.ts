/** Test helpers for the WAF side of the emulator: a controllable clock and raw HTTP calls (User-Agent optional). */
import { request } from 'node:http';
import type { EmulatorSeed, WafEmulatorOptions } from '../../../src/emulator/index.js';
import { type RunningEmulator, startEmulator } from '../../support/emulator.js';
import { type FakeClock, fakeClock } from '../../support/fake-clock.js';

export interface WafReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface CallOptions {
  /** User-Agent; `null` sends none. Default `waf-test/1`. */
  ua?: string | null;
  token?: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
}

export interface WafHarness extends RunningEmulator {
  origin: string;
  clock: FakeClock;
  call(method: string, path: string, options?: CallOptions): Promise<WafReply>;
  token(): Promise<string>;
}

export const SHOP_ID = 'a'.repeat(32);

export const SEED: EmulatorSeed = {
  waf: {
    bots: [
      { id: '1'.repeat(32), name: 'Googlebot', description: 'Google' },
      { id: '2'.repeat(32), name: 'Bingbot' },
      { id: '3'.repeat(32), name: 'DuckDuckBot' },
      { id: '4'.repeat(32), name: 'AhrefsBot' },
    ],
    webapps: [{ id: SHOP_ID, name: 'shop', enabled_bots: ['Googlebot', 'AhrefsBot'] }],
  },
};

export async function startWaf(seed: EmulatorSeed = SEED, waf: WafEmulatorOptions = {}): Promise<WafHarness> {
  const clock = fakeClock(Date.parse('2026-01-01T00:00:00Z'));
  const running = await startEmulator({ seed, waf, now: clock.now });
  const origin = `http://127.0.0.1:${running.port}`;
  const call: WafHarness['call'] = (method, path, o = {}) =>
    new Promise((resolve, reject) => {
      const payload = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
      const headers: Record<string, string> = {};
      if (o.ua !== null) headers['User-Agent'] = o.ua ?? 'waf-test/1';
      if (o.token) headers.Authorization = `Bearer ${o.token}`;
      if (payload !== undefined) {
        headers['Content-Type'] = o.contentType ?? 'application/json';
        headers['Content-Length'] = String(Buffer.byteLength(payload));
      }
      const req = request(`${origin}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text ? JSON.parse(text) : undefined,
          });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  const token = async () => {
    const reply = await call('POST', '/api/oauth/token', {
      body: { client_id: 'demo', client_secret: 'demo' },
    });
    return (reply.body as { access_token: string }).access_token;
  };
  return { ...running, origin, clock, call, token };
}
