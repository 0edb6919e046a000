import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnCli } from '../support/cli-process.js';

// Time budget: ten times its slowest test (6.8 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * A process that printed `error:` exits. The DNS service is unreachable (port 1: every attempt
 * fails at once), the WAF service answers every request 429 with `Retry-After: 100`, a wait within the 120 s cap:
 * the DNS error ends the run while the WAF client is still waiting. The process must not stay for that wait. The
 * limit below is no measure of speed: it only tells an exit from a hang of 100 s or more.
 */
const HANG_MS = 60_000;

let dir: string;
let server: Server;
let wafUrl: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-exit-'));
  await writeFile(
    join(dir, 'desired.yaml'),
    [
      'zones:',
      '  example.com:',
      '    records:',
      '      www: { a: [192.0.2.1] }',
      'waf:',
      '  webapps:',
      '    shop:',
      '      good_bots: { mode: exact, allow: [Googlebot] }',
      '',
    ].join('\n'),
  );
  server = createServer((_req, res) => {
    res.writeHead(429, { 'retry-after': '100', 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  wafUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('edgeplan exits after an error', () => {
  it(
    'ends the process once it printed error:, while the other service is still in a rate-limit wait',
    async () => {
      const run = spawnCli(['plan', join(dir, 'desired.yaml')], {
        EDGEPLAN_DYN_URL: 'http://127.0.0.1:1/REST',
        EDGEPLAN_DYN_CUSTOMER: 'acme',
        EDGEPLAN_DYN_USER: 'ci-bot',
        EDGEPLAN_DYN_PASSWORD: 'pw',
        EDGEPLAN_WAF_URL: wafUrl,
        EDGEPLAN_WAF_CLIENT_ID: 'acme-ci',
        EDGEPLAN_WAF_CLIENT_SECRET: 'secret',
      });
      const exited = run.exited.then(({ code }) => code);
      const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), HANG_MS).unref());
      const outcome = await Promise.race([exited, hung]);
      if (outcome === 'hung') run.child.kill('SIGKILL');
      expect(run.stderr()).toMatch(/^error EP2003: .*network error/m);
      expect(run.stderr()).toContain('waiting 10');
      expect(outcome).toBe(1);
    },
    HANG_MS + 30_000,
  );
});
