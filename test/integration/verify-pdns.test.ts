/**
 * `verify` and `apply --wait-served` against a real PowerDNS server's DNS port (named by the provider's `verify_at`)
 * beside the sandbox's name servers: a zone with every type both take, on both providers, served as desired by
 * both; then a change made on PowerDNS behind edgeplan's back, which only PowerDNS serves.
 */
import { expect, it, vi } from 'vitest';
import { describeFlow, type ProviderFlow } from '../support/provider-flow.js';
import { everyTypeRecords } from './every-type.js';

// Time budget: each test applies to a real PowerDNS and asks it over DNS (a few seconds at load 25 on 2 cores);
// starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const ZONE = 'every-type.example';

function desired(flow: ProviderFlow<'pdns'>, extra = ''): string {
  return `providers:
  dyn: { type: dyn }
  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, nameservers: [ns1.example.net.], verify_at: ["127.0.0.1:${flow.port}"] }
zones:
  ${ZONE}:
    providers: [dyn, pdns]
    create: {}
    default_ttl: 300
    records:
${everyTypeRecords()}
${extra}`;
}

describeFlow('pdns', 'verify against PowerDNS and the sandbox', {}, (flow) => {
  const run = (...argv: string[]) => flow.run([...argv, '--sandbox', 'desired.yaml']);
  const pdns = () => flow.server;

  it('every type is served as desired by both, asked of the server each provider names', async () => {
    await flow.write('desired.yaml', desired(flow));
    expect((await run('apply', '--yes', '--allow-unsafe')).code).toBe(0);
    const verified = await run('verify', '--format', 'json');
    const doc = JSON.parse(verified.stdout);
    expect(doc.counts.differs, verified.stdout).toBe(0);
    expect(doc.counts.failed).toBe(0);
    expect(verified.code).toBe(0);
    // Each set once per provider, each asked of that provider's servers only.
    const servers = new Set(
      doc.recordSets.map(
        (s: { provider: string; servers: { server: string }[] }) =>
          `${s.provider} ${s.servers.map((x) => x.server).join()}`,
      ),
    );
    expect([...servers].sort()).toEqual([
      expect.stringMatching(/^dyn 127\.0\.0\.1:\d+$/),
      `pdns 127.0.0.1:${pdns().dnsPort}`,
    ]);
    expect(doc.counts.sets).toBe(doc.recordSets.length);
    expect(doc.counts.sets).toBeGreaterThan(20);
  });

  it('finds what was changed on PowerDNS behind its back, only there (exit 2); --wait-served sees PowerDNS serve a fix at once', async () => {
    const response = await fetch(`${pdns().apiUrl}/servers/localhost/zones/${ZONE}.`, {
      method: 'PATCH',
      headers: { 'X-API-Key': pdns().apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        rrsets: [
          {
            name: `t-a.${ZONE}.`,
            type: 'A',
            ttl: 60,
            changetype: 'REPLACE',
            records: [{ content: '203.0.113.66', disabled: false }],
          },
        ],
      }),
    });
    expect(response.status).toBe(204);
    const verified = await run('verify');
    expect(verified.code).toBe(2);
    expect(verified.stdout).toMatch(
      new RegExp(
        `t-a\\.every-type\\.example A @pdns \\(desired TTL 300: [\\d.]+\\)\\n {4}127\\.0\\.0\\.1:${pdns().dnsPort}: serves 203\\.0\\.113\\.66\\n`,
      ),
    );
    expect(verified.stdout).not.toContain('A @dyn');
    const fixed = await run('apply', '--yes', '--wait-served=30s');
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain(`${ZONE}@pdns: served by every name server after`);
    expect((await run('verify')).code).toBe(0);
  });
});
