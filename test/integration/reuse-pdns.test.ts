/**
 * Templates and mirrors on a real PowerDNS: the 30 brand zones of test/fixtures/reuse (25 using two templates, five
 * same_as one of them) apply through the PowerDNS provider and plan again empty, and a mirror's DMARC record, from
 * a template with `{zone}` as the mirror's name, is what the server answers (asked with dig).
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ask } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { cli } from '../support/cli.js';

// Time budget: ten times the flow (about 5 s alone on 2 cores), rounded up; starting pdns_server waits up to 15 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const missing = pdnsMissing();
const PDNS =
  'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, nameservers: [ns1.example.net.] }\n';

let server: PdnsServer | undefined;
let dir: string;

function env(): Record<string, string> {
  if (!server) throw new Error('pdns_server is not started');
  return { EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
}

if (missing !== null) {
  describe.skip(`templates on PowerDNS (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    server = await startPdnsServer();
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-reuse-pdns-'));
    await cp('test/fixtures/reuse/templated', join(dir, 'dns'), { recursive: true });
    await writeFile(join(dir, 'dns', 'providers.yaml'), PDNS);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  describe('30 zones of two templates and five mirrors, on PowerDNS', () => {
    it('apply, then plan again empty; a mirror serves the template with its own name', async () => {
      const apply = await cli(['apply', 'dns', '--yes'], env(), { cwd: dir });
      expect(apply.code, apply.stderr).toBe(0);
      const again = await cli(['plan', 'dns'], env(), { cwd: dir });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('No changes.');
      const answer = await ask(server?.dnsPort ?? 0, [{ fqdn: '_dmarc.brand26.example', type: 'TXT' }]);
      expect(answer.map((record) => record.value)).toEqual([
        '"v=DMARC1; p=reject; rua=mailto:dmarc@brand26.example"',
      ]);
    });
  });
}
