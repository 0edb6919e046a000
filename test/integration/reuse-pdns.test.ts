/**
 * Templates and mirrors on a real PowerDNS: the 30 brand zones of test/fixtures/reuse (25 using two templates, five
 * same_as one of them) apply through the PowerDNS provider and plan again empty, and a mirror's DMARC record, from
 * a template with `{zone}` as the mirror's name, is what the server answers (asked with dig).
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { describeFlow } from '../support/provider-flow.js';

// Time budget: ten times the flow (about 5 s alone on 2 cores), rounded up; starting pdns_server waits up to 15 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

describeFlow('pdns', '30 zones of two templates and five mirrors, on PowerDNS', {}, (flow) => {
  it('apply, then plan again empty; a mirror serves the template with its own name', async () => {
    await cp('test/fixtures/reuse/templated', join(flow.dir, 'dns'), { recursive: true });
    await flow.write(join('dns', 'providers.yaml'), flow.providers);
    const { plan } = await flow.converge('dns');
    expect(plan.stdout).toContain('No changes.');
    const answer = await flow.ask('brand26.example', [{ fqdn: '_dmarc.brand26.example', type: 'TXT' }]);
    expect(answer.map((record) => record.value)).toEqual([
      '"v=DMARC1; p=reject; rua=mailto:dmarc@brand26.example"',
    ]);
  });
});
