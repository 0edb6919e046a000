/**
 * ALIAS on a real PowerDNS server set up for it (`expand-alias=yes` and a `resolver`, here the server itself): the
 * provider declares ALIAS only then (`alias: true`), and the apex then answers A queries with the target's address.
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { applyPlan, planReviewed, writersOf } from '../../../src/engine/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import { createPdnsProvider, pdnsCapabilities } from '../../../src/providers/pdns/index.js';
import { providerLike } from '../../support/load-options.js';
import { DYN } from '../../support/one-provider.js';
import { ask } from './dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from './server.js';

// Time budget: ten times its slowest test (0.6 s in the full suite at load 9 on 2 cores), rounded up.
// Starting pdns_server waits up to 15 s for its API.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 30_000 });

const missing = pdnsMissing();

describe.skipIf(missing !== null)(`ALIAS on PowerDNS${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let server: PdnsServer | undefined;
  let dir = '';
  beforeAll(async () => {
    server = await startPdnsServer({ alias: true });
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-pdns-alias-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('is refused at validation unless the server answers it', async () => {
    const file = join(dir, 'refused.yaml');
    await writeFile(file, 'zones:\n  alias.test:\n    records: { "@": { alias: lb.target.test. } }\n');
    const loaded = await loadDesiredState([file], providerLike('pdns', pdnsCapabilities()));
    expect(loaded.ok).toBe(false);
    if (!loaded.ok)
      expect(loaded.diagnostics.map(formatDiagnostic)).toEqual([
        `${file}:3:23: EP1301 record "@": the DNS provider pdns does not support record type ALIAS: leave it out of the zones this provider serves, or serve them from a provider that holds ALIAS (docs/record-types.md lists which)`,
      ]);
  });

  it("answers A at the apex with the target's address once applied", async () => {
    if (!server) throw new Error('pdns_server is not started');
    const file = join(dir, 'alias.yaml');
    await writeFile(
      file,
      [
        'zones:',
        '  target.test:',
        '    records: { lb: { a: [192.0.2.10], ttl: 300 } }',
        '  alias.test:',
        '    records: { "@": { alias: lb.target.test., ttl: 60 } }',
      ].join('\n'),
    );
    const capabilities = pdnsCapabilities({ alias: true });
    const loaded = await loadDesiredState([file], providerLike('pdns', capabilities));
    if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
    const dns = createPdnsProvider({ name: 'pdns', url: server.apiUrl, apiKey: server.apiKey, alias: true });
    try {
      const plan = await planReviewed(loaded.desired, { dns: { [DYN]: dns } });
      expect((await applyPlan(plan, writersOf({ dns: { [DYN]: dns } }))).ok).toBe(true);
      expect(await ask(server.dnsPort, [{ fqdn: 'alias.test', type: 'A' }])).toEqual([
        { fqdn: 'alias.test', type: 'A', ttl: 300, value: '192.0.2.10' },
      ]);
      expect((await planReviewed(loaded.desired, { dns: { [DYN]: dns } })).steps).toEqual([]);
    } finally {
      await dns.close();
    }
  });
});
