import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { planChecked, planReviewed } from '../../src/engine/index.js';
import { formatDiagnostic } from '../../src/model/diagnostic.js';
import type { DesiredState, DnsProvider } from '../../src/model/dns.js';
import { parseTargets } from '../../src/plan/index.js';
import {
  createZonefileProvider,
  locationOf,
  ZONEFILE_CAPABILITIES,
} from '../../src/providers/zonefile/index.js';
import { providerLike } from '../support/load-options.js';
import { DYN } from '../support/one-provider.js';

/**
 * The check after an apply (`planChecked`) reads and diffs as `planReviewed` does; only a converged check is left
 * unreviewed (no approvals, no fingerprints), and one that still has changes is the reviewed plan itself.
 */

const ZONE = [
  '$ORIGIN example.com.',
  '$TTL 300',
  '@ IN SOA ns1.example.net. hostmaster ( 2026010102 1h 10m 2w 5m )',
  '  NS ns1.example.net.',
  'www A 192.0.2.1',
  '',
].join('\n');

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-plan-checked-'));
  await writeFile(join(dir, 'example.com.zone'), ZONE);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function provider(): DnsProvider {
  return createZonefileProvider({
    name: 'files',
    location: locationOf('.', '{zone}.zone', join(dir, 'desired.yaml')),
    nameservers: ['ns1.example.net.'],
    now: () => Date.UTC(2026, 2, 4, 5, 6),
  });
}

async function desired(records: string): Promise<DesiredState> {
  const file = join(dir, 'desired.yaml');
  await writeFile(file, `zones:\n  example.com:\n    records: ${records}\n`);
  const loaded = await loadDesiredState([file], providerLike('files', ZONEFILE_CAPABILITIES));
  if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
  return loaded.desired;
}

describe('planChecked', () => {
  it('leaves a converged check unreviewed: no steps, no approvals, no fingerprints', async () => {
    const state = await desired('{ www: { a: [192.0.2.1], ttl: 300 } }');
    const reviewed = await planReviewed(state, { dns: { [DYN]: provider() } });
    expect(reviewed.steps).toEqual([]);
    expect(reviewed.fingerprints?.targets.length).toBeGreaterThan(0);
    const checked = await planChecked(state, { dns: { [DYN]: provider() } });
    expect(checked.steps).toEqual([]);
    expect(checked.fingerprints).toBeUndefined();
    expect(checked.needsApproval).toBeUndefined();
    const { fingerprints: _f, needsApproval: _n, accounts: _a, ...bare } = reviewed;
    expect(checked).toEqual(bare);
  });

  it('planReviewed leaves the fingerprints out when asked, approvals kept', async () => {
    const state = await desired('{ www: { a: [192.0.2.9], ttl: 300 } }');
    const full = await planReviewed(state, { dns: { [DYN]: provider() } });
    const bare = await planReviewed(state, { dns: { [DYN]: provider() } }, undefined, {
      fingerprints: false,
    });
    expect(bare.needsApproval).toEqual(full.needsApproval);
    expect(bare).not.toHaveProperty('fingerprints');
    const { fingerprints: _f, ...rest } = full;
    expect(bare).toEqual(rest);
  });

  it('reviews a check that still has changes exactly as planReviewed does, scope included', async () => {
    const state = await desired('{ www: { a: [192.0.2.9], ttl: 300 } }');
    const scope = parseTargets(['zone:example.com']);
    const checked = await planChecked(state, { dns: { [DYN]: provider() } }, scope);
    expect(checked.steps).toHaveLength(1);
    expect(checked.fingerprints?.targets.map((t) => t.changed)).toEqual([true]);
    expect(checked.scope).toEqual(['zone:example.com']);
    expect(checked).toEqual(await planReviewed(state, { dns: { [DYN]: provider() } }, scope));
  });
});
