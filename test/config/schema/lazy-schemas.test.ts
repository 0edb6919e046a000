import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RecordType } from '../../../src/model/record-types/index.js';
import * as z from '../../../src/model/zod.js';
import type { DnsProviderPlugin } from '../../../src/providers/plugin.js';

/**
 * Start-up: zod schemas are `z.lazy`, built when something first parses with them (docs/benchmarks.md). Loading
 * a small desired state, as `validate` does, builds the record types it uses and nothing a provider writes with.
 * The unit tests share one module graph, where other files have built them: this file imports fresh copies.
 */

/** Whether `schema` is a lazy schema whose inner schema has been built (zod keeps it on the shared `def`). */
function built(schema: z.ZodMiniType): boolean {
  if (!(schema instanceof z.ZodMiniLazy)) throw new Error('not a lazy schema: built at import');
  return Object.hasOwn(schema._zod.def, '_cachedInner');
}

let RECORD_TYPES: readonly RecordType[];
let DNS_PROVIDERS: readonly DnsProviderPlugin[];
let WAF_OP_SCHEMA: z.ZodMiniType;

const yamlOf = (key: string) => {
  const type = RECORD_TYPES.find((candidate) => candidate.key === key);
  if (!type) throw new Error(`no record type ${key}`);
  return type.yaml;
};

describe('schemas built on first use', () => {
  beforeAll(async () => {
    vi.resetModules();
    const { loadDesiredState } = await import('../../../src/config/index.js');
    ({ RECORD_TYPES } = await import('../../../src/model/record-types/index.js'));
    const registry = await import('../../../src/providers/registry.js');
    DNS_PROVIDERS = registry.DNS_PROVIDERS;
    ({ WAF_OP_SCHEMA } = await import('../../../src/providers/waf/index.js'));
    const result = await loadDesiredState(['examples/quickstart/dns/zones.yaml'], {
      catalogue: registry.PROVIDER_CATALOGUE,
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
