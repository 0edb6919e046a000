/**
 * `providers:` through the CLI without a server: what is wrong is reported before any request, and a PowerDNS
 * provider's credentials come only from the variables its entry names, never printed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';

// Time budget: ten times its slowest test (3.4 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let dir: string;
let server: Server;
let requests: number;
let url: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-providers-'));
  requests = 0;
  server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(500).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterEach(async () => {
  await new Promise((done) => server.close(done));
  await rm(dir, { recursive: true, force: true });
});

const KEY = 'pdns-Very-S3cret-44';

async function desired(text: string): Promise<string> {
  const path = join(dir, 'desired.yaml');
  await writeFile(path, text);
  return path;
}

describe('providers: through the CLI', () => {
  it('refuses a geo node in a zone on PowerDNS at file:line:col, exit 1, no request', async () => {
    const path = await desired(`providers:
  dyn: { type: dyn }
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }
zones:
  example.com: { providers: [dyn, pdns], records: { "@": { alias: web.example.net. } } }
geo_services:
  Global Web:
    groups: [{ name: All, countries: ["@@"], a: [192.0.2.7] }]
    nodes: [{ zone: example.com, fqdn: geo.example.com }]
`);
    const run = await cli(['plan', path], { EDGEPLAN_PDNS_URL: url, EDGEPLAN_PDNS_API_KEY: KEY });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${path}:5:60: record "@": the DNS provider pdns does not support record type ALIAS: leave it out of the zones this provider serves, or serve them from a provider that holds ALIAS (docs/record-types.md lists which)`,
    );
    expect(run.stderr).toContain(
      `${path}:9:40: geo service "Global Web": node geo.example.com is in zone "example.com", which is on "pdns"`,
    );
    expect(requests).toBe(0);
  });

  it('names a missing variable, refuses credentials in the address, and never prints the key', async () => {
    const path = await desired(`providers:
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }
zones:
  example.com: { records: { "@": { a: [192.0.2.1] } } }
`);
    const missing = await cli(['plan', path], { EDGEPLAN_PDNS_URL: url });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('EDGEPLAN_PDNS_API_KEY');
    const inUrl = url.replace('http://', `http://admin:${KEY}@`);
    const credentials = await cli(['plan', path], { EDGEPLAN_PDNS_URL: inUrl, EDGEPLAN_PDNS_API_KEY: KEY });
    expect(credentials.code).toBe(1);
    expect(credentials.stderr).toContain('EDGEPLAN_PDNS_URL');
    expect(requests).toBe(0);
    const failing = await cli(['plan', path, '--verbose'], {
      EDGEPLAN_PDNS_URL: url,
      EDGEPLAN_PDNS_API_KEY: KEY,
    });
    expect(failing.code).toBe(1);
    expect(requests).toBeGreaterThan(0);
    for (const run of [missing, credentials, failing]) expect(run.stdout + run.stderr).not.toContain(KEY);
  });
});
