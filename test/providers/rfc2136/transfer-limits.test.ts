/**
 * The transfer limits of an `rfc2136` provider entry: `transfer_timeout` (seconds), `transfer_max_bytes` and
 * `transfer_max_records`, each checked at validation with its place, and read into the client's limits, each absent
 * one at its default.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import { PROVIDER_CATALOGUE } from '../../../src/providers/registry.js';
import { DEFAULT_TRANSFER_LIMITS, transferLimitsOf } from '../../../src/providers/rfc2136/transfer-limits.js';
import { tempTree } from '../../config/helpers.js';

async function load(keys: string) {
  const dir = await tempTree({
    'desired.yaml': `providers:\n  dns: { type: rfc2136, server_env: EDGEPLAN_DNS_SERVER, tsig_env: EDGEPLAN_DNS_TSIG${keys} }\nzones:\n  example.com:\n    providers: [dns]\n    records: {}\n`,
  });
  const result = await loadDesiredState([dir], { catalogue: PROVIDER_CATALOGUE });
  const file = join(dir, 'desired.yaml');
  return result.ok
    ? { ok: true as const, options: result.desired.dnsProviders?.[0]?.options }
    : {
        ok: false as const,
        problems: result.diagnostics.map((d) => formatDiagnostic(d).replaceAll(`${file}:`, '')),
      };
}

describe('transfer limits', () => {
  it('default to 120 s, 128 MiB and 500,000 records', () => {
    expect(transferLimitsOf({})).toEqual({ deadlineMs: 120_000, maxBytes: 134_217_728, maxRecords: 500_000 });
    expect(DEFAULT_TRANSFER_LIMITS).toEqual(transferLimitsOf({ transfer_timeout: 'ten' }));
  });

  it('are read from the entry: seconds with fractions, octets, records', async () => {
    const loaded = await load(
      ', transfer_timeout: 0.25, transfer_max_bytes: 65536, transfer_max_records: 10',
    );
    expect(loaded.ok).toBe(true);
    expect(transferLimitsOf(loaded.ok ? (loaded.options ?? {}) : {})).toEqual({
      deadlineMs: 250,
      maxBytes: 65_536,
      maxRecords: 10,
    });
  });

  it('are refused at their place when they are not a bound', async () => {
    expect(await load(', transfer_timeout: 0, transfer_max_bytes: 1.5, transfer_max_records: 0')).toEqual({
      ok: false,
      problems: [
        '2:105: EP1103 transfer_timeout must be more than 0 seconds, got 0',
        '2:128: EP1103 transfer_max_bytes must be a whole number of octets, got 1.5',
        '2:155: EP1103 transfer_max_records must be at least 1, got 0',
      ],
    });
    expect(await load(', transfer_timeout: 86401')).toMatchObject({
      problems: [expect.stringContaining('must be at most 86400 seconds (a day)')],
    });
    expect(await load(', transfer_max_bytes: 511')).toMatchObject({
      problems: [expect.stringContaining('must be at least 512 octets')],
    });
  });
});
