import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { CONFIG_REFERENCE_PATH, configReference, type SchemaNode } from '../../scripts/config-reference.js';
import { desiredStateJsonSchema } from '../../src/config/schema/json-schema.js';
import { PROVIDER_CATALOGUE } from '../../src/providers/registry.js';

// Time budget: ten times its slowest test (1.8 s quiet and on 2 cores at load 17, nearly all of it zod making the
// JSON Schema), rounded up.
vi.setConfig({ testTimeout: 20_000 });

/** docs/configuration-reference.md is generated from the schema `validate` uses, and kept current by this test. */

describe('configuration reference', () => {
  it('is what `npm run schema` writes from the current schema (run it after changing src/config)', async () => {
    const expected = configReference(JSON.parse(desiredStateJsonSchema(PROVIDER_CATALOGUE)));
    expect(await readFile(CONFIG_REFERENCE_PATH, 'utf8')).toBe(expected);
  });

  it('lists every key with its type, limits, requiredness and description', () => {
    const schema: SchemaNode = {
      type: 'object',
      properties: {
        zones: {
          type: 'object',
          description: 'Zones.',
          additionalProperties: {
            type: 'object',
            required: ['records'],
            properties: {
              ttl: { type: 'integer', minimum: 1, maximum: 10, description: 'A | TTL.' },
              count: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
              mode: { type: 'string', enum: ['a', 'b'] },
              country: { type: 'string', enum: Array.from({ length: 13 }, (_, i) => `C${i}`) },
              records: { type: 'object', additionalProperties: { $ref: '#/$defs/record_set' } },
              hosts: { type: 'array', minItems: 2, items: { type: 'string', format: 'ipv4' } },
              share: {
                anyOf: [{ type: 'boolean' }, { type: 'object', properties: { max: { type: 'number' } } }],
              },
            },
          },
        },
      },
      $defs: { record_set: { type: 'object', description: 'A set.', properties: { a: { type: 'array' } } } },
    };
    const text = configReference(schema);
    expect(text).toContain('## `zones`\n\nZones.\n');
    expect(text).toContain('| `zones` | map of zone → map | Zones. |');
    expect(text).toContain('| `zones.<zone>.ttl` | integer 1–10 | A \\| TTL. |');
    expect(text).toContain('| `zones.<zone>.count` | integer ≥ 1 |  |');
    expect(text).toContain('| `zones.<zone>.mode` | one of `a`, `b` |  |');
    expect(text).toContain('| `zones.<zone>.country` | one of 13 codes |  |');
    expect(text).toContain(
      '| `zones.<zone>.records` | map of name → [record set](#record-set) | **required.**  |',
    );
    expect(text).toContain('| `zones.<zone>.hosts` | list of IPv4 address, at least 2 |  |');
    expect(text).toContain('| `zones.<zone>.share` | boolean or map |  |');
    expect(text).toContain('| `zones.<zone>.share.max` | number |  |');
    expect(text).toContain(
      '## Record set\n\nA set.\n\n| key | type | |\n|---|---|---|\n| `a` | list of value |  |',
    );
    expect(text).toContain('| `zones.<zone>.records.<name>` | [record set](#record-set) | A set. |');
    expect(text).not.toContain('zones.<zone>.records.<name>.a');
  });
});
