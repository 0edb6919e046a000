import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { loadDesiredState } from '../../src/config/index.js';
import { RECORD_TYPES } from '../../src/model/record-types/index.js';
import { DNS_PROVIDERS, PROVIDER_CATALOGUE } from '../../src/providers/registry.js';
import { WAF_OP_SCHEMA } from '../../src/providers/waf/index.js';

/**
 * Start-up: zod schemas are `z.lazy`, built when something first parses with them (docs/benchmarks.md). Loading
 * a small desired state, as `validate` does, builds the record types it uses and nothing a provider writes with.
 * This file runs in a module graph of its own (vitest isolates test files), so nothing else has built them.
 */

/** Whether `schema` is a lazy schema whose inner schema has been built (zod keeps it on the shared `def`). */
function built(schema: z.ZodType): boolean {
  if (!(schema instanceof z.ZodLazy)) throw new Error('not a lazy schema: built at import');
  return Object.hasOwn(schema._zod.def, '_cachedInner');
}

const yamlOf = (key: string) => {
  const type = RECORD_TYPES.find((candidate) => candidate.key === key);
  if (!type) throw new Error(`no record type ${key}`);
  return type.yaml;
};

describe('schemas built on first use', () => {
  beforeAll(async () => {
    const result = await loadDesiredState(['examples/quickstart/dns/zones.yaml'], {
      catalogue: PROVIDER_CATALOGUE,
    });
    expect(result.ok).toBe(true);
  });

  it('builds the schemas of the record types a file uses', () => {
    expect(built(yamlOf('mx'))).toBe(true);
  });

  it('leaves the record types a file does not use unbuilt', () => {
    for (const key of ['caa', 'naptr', 'srv', 'sshfp', 'tlsa', 'ds', 'cert'])
      expect({ key, built: built(yamlOf(key)) }).toEqual({ key, built: false });
  });

  it("builds no provider's op schema for a load", () => {
    for (const plugin of DNS_PROVIDERS)
      expect({ provider: plugin.type, built: built(plugin.opSchema) }).toEqual({
        provider: plugin.type,
        built: false,
      });
    expect(built(WAF_OP_SCHEMA)).toBe(false);
  });

  it('builds a lazy schema once, on its first parse, and parses with it', () => {
    const schema = DNS_PROVIDERS[0]?.opSchema ?? z.never();
    expect(schema.safeParse({ kind: 'no such op' }).success).toBe(false);
    expect(built(schema)).toBe(true);
  });
});
