/**
 * The hardened emulator (every record type and node rule): a few thousand hostile
 * requests (fuzz-requests.ts) at both APIs, on
 * loopback, 16 at a time. Every one gets an answer within a bound, never a 5xx: DNS answers are the envelope
 * `{status, data, job_id, msgs}` whose failures carry `ERR_CD` and a string `INFO` in every message; WAF errors are
 * `{error, error_description}`. Afterwards the emulator still serves a normal login.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Emulator, EmulatorSeed } from '../../src/emulator/index.js';
import { startEmulator } from '../support/emulator.js';
import { type FuzzRequest, fuzzRequests } from './fuzz-requests.js';

// Time budget: ten times its slowest test (2.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const PER_API = Number(process.env.EDGEPLAN_FUZZ_REQUESTS ?? 1500);
let emulator: Emulator;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** A zone whose nodes the record writes of fuzz-requests.ts aim at: data, a CNAME, a geo-served node. */
const SEED: EmulatorSeed = {
  dns: {
    zones: {
      'example.com': {
        records: [
          { fqdn: 'www.example.com', type: 'A', rdata: { address: '192.0.2.10' } },
          { fqdn: 'www.example.com', type: 'TXT', rdata: { txtdata: 'x' } },
          { fqdn: 'blog.example.com', type: 'CNAME', rdata: { cname: 'blog.example.net.' } },
        ],
      },
    },
    geo_services: {
      Web: {
        groups: [{ name: 'All', countries: ['@@'], a: ['192.0.2.20'] }],
        nodes: [{ zone: 'example.com', fqdn: 'geo.example.com' }],
      },
    },
  },
};

beforeAll(async () => {
  ({ emulator, port } = await startEmulator({ seed: SEED, waf: { rateLimit: { limit: 1_000_000 } } }));
});
afterAll(async () => {
  agent.destroy();
  await emulator.close();
});

interface Answer {
  status: number;
  text: string;
}

function send(req: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, 'content-length': String(req.body?.length ?? 0) };
    const r = request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    r.setTimeout(10_000, () => r.destroy(new Error(`no answer within 10 s: ${req.method} ${req.path}`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

/** Sends every request and checks each answer; returns the statuses seen. */
async function fire(
  requests: FuzzRequest[],
  check: (req: FuzzRequest, answer: Answer) => void,
): Promise<Set<number>> {
  const statuses = new Set<number>();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const req = requests[next++] as FuzzRequest;
      const answer = await send(req);
      statuses.add(answer.status);
      check(req, answer);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return statuses;
}

/** The corpus reached the error paths that matter: oversized, unknown route, wrong method. */
const EXPECTED_STATUSES = [404, 405, 413];

function describeReq(req: FuzzRequest): string {
  return `${req.method} ${req.path.slice(0, 80)} ${req.body?.subarray(0, 60).toString('utf8') ?? ''}`;
}

async function dnsToken(): Promise<string> {
  const body = Buffer.from(JSON.stringify({ customer_name: 'demo', user_name: 'demo', password: 'demo' }));
  const answer = await send({
    method: 'POST',
    path: '/REST/Session/',
    headers: { 'content-type': 'application/json' },
    body,
  });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as { data: { token: string } }).data.token;
}

/** Every node of the published zone that breaks a node rule (the corpus published its writes as it went). */
async function publishedViolations(): Promise<string[]> {
  const token = await dnsToken();
  expect(token).toMatch(/^[A-Za-z0-9+/=]{100,}$/);
  const headers = { 'content-type': 'application/json', 'auth-token': token };
  const get = async (path: string) =>
    JSON.parse((await send({ method: 'GET', path, headers })).text) as { data: unknown };
  const tree = (await get('/REST/AllRecord/example.com/?detail=Y')).data as Record<
    string,
    { fqdn: string }[]
  >;
  const types = new Map<string, Set<string>>();
  for (const [key, records] of Object.entries(tree)) {
    for (const r of records)
      types.set(r.fqdn, new Set([...(types.get(r.fqdn) ?? []), key.replace('_records', '')]));
  }
  const geo = (await get('/REST/Geo/?detail=Y')).data as { nodes: { fqdn: string }[] }[];
  const served = new Set(geo.flatMap((service) => service.nodes.map((n) => n.fqdn)));
  const cnames = tree.cname_records ?? [];
  return [...types].flatMap(([fqdn, here]) => [
    ...(here.has('cname') && here.size > 1 ? [`${fqdn}: CNAME beside ${[...here].join(',')}`] : []),
    ...(cnames.filter((r) => r.fqdn === fqdn).length > 1 ? [`${fqdn}: two CNAMEs`] : []),
    ...(here.has('cname') && fqdn === 'example.com' ? [`${fqdn}: CNAME at the apex`] : []),
    ...(here.has('alias') && fqdn !== 'example.com' ? [`${fqdn}: ALIAS below the apex`] : []),
    ...(served.has(fqdn) && ['a', 'aaaa', 'cname', 'alias'].some((t) => here.has(t))
      ? [`${fqdn}: geo node with data`]
      : []),
  ]);
}

describe('hostile requests', () => {
  it(`DNS API: ${PER_API} requests, each a proper envelope and status`, async () => {
    const [token, writer] = [await dnsToken(), await dnsToken()];
    const nodeRules = new Set<string>();
    const codes = new Set<unknown>();
    const requests = fuzzRequests(6, PER_API, 'dns', { 'auth-token': token }, { 'auth-token': writer });
    const statuses = await fire(requests, (req, answer) => {
      const at = describeReq(req);
      expect(answer.status, at).toBeGreaterThanOrEqual(200);
      expect(answer.status, at).toBeLessThan(500);
      if (req.method === 'HEAD') return;
      const envelope = JSON.parse(answer.text) as {
        status: string;
        msgs: { INFO: unknown; ERR_CD: unknown }[];
      };
      expect(Object.keys(envelope).sort(), at).toEqual(['data', 'job_id', 'msgs', 'status']);
      for (const msg of envelope.msgs) expect(typeof msg.INFO, at).toBe('string');
      for (const msg of envelope.msgs) codes.add(msg.ERR_CD);
      for (const msg of envelope.msgs)
        if (String(msg.INFO).startsWith('node: ')) nodeRules.add(String(msg.INFO));
      if (envelope.status !== 'success')
        expect(
          envelope.msgs.some((m) => typeof m.ERR_CD === 'string'),
          at,
        ).toBe(true);
    });
    expect([...statuses]).toEqual(expect.arrayContaining([...EXPECTED_STATUSES, 400]));
    // The record and geo writes reached the rdata checks and the node rules, not only the parsers.
    expect([...codes]).toEqual(
      expect.arrayContaining(['INVALID_DATA', 'MISSING_DATA', 'TARGET_EXISTS', 'ILLEGAL_OPERATION']),
    );
    for (const rule of [
      'has other records',
      'has a CNAME record',
      'is the zone apex',
      'is served by geo service',
    ])
      expect(
        [...nodeRules].some((info) => info.includes(rule)),
        rule,
      ).toBe(true);
    expect(await publishedViolations()).toEqual([]);
  }, 120_000);

  it(`WAF API: ${PER_API} requests, each a JSON answer, errors as {error, error_description}`, async () => {
    const tokenBody = Buffer.from('grant_type=client_credentials&client_id=demo&client_secret=demo');
    const issued = await send({
      method: 'POST',
      path: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'fuzz/1' },
      body: tokenBody,
    });
    const token = (JSON.parse(issued.text) as { access_token: string }).access_token;
    const statuses = await fire(
      fuzzRequests(7, PER_API, 'waf', { authorization: `Bearer ${token}` }),
      (req, answer) => {
        const at = describeReq(req);
        expect(answer.status, at).toBeGreaterThanOrEqual(200);
        expect(answer.status, at).toBeLessThan(500);
        if (req.method === 'HEAD') return;
        const body = JSON.parse(answer.text) as { error?: unknown; error_description?: unknown };
        if (answer.status >= 400) {
          expect(typeof body.error, at).toBe('string');
          expect(typeof body.error_description, at).toBe('string');
        }
      },
    );
    expect([...statuses]).toEqual(expect.arrayContaining([...EXPECTED_STATUSES, 422]));
  }, 120_000);
});
