import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { desiredStateJsonSchema, JSON_SCHEMA_PATH } from '../../src/config/json-schema.js';

describe('JSON Schema', () => {
  it('is committed up to date with the zod schema', async () => {
    const committed = await readFile(JSON_SCHEMA_PATH, 'utf8').catch(() => '(missing)');
    expect(
      committed === desiredStateJsonSchema(),
      `${JSON_SCHEMA_PATH} is out of date: run npm run schema`,
    ).toBe(true);
  });

  it('describes the strict document with an id and a title', () => {
    const schema = JSON.parse(desiredStateJsonSchema());
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:edgeplan:schema:desired-state',
      title: 'edgeplan desired state',
      additionalProperties: false,
    });
    const zone = schema.properties.zones.additionalProperties;
    expect(Object.keys(zone.properties)).toEqual(['default_ttl', 'records', 'unmanaged']);
    const set = zone.properties.records.additionalProperties;
    expect(set).toMatchObject({
      additionalProperties: false,
      properties: {
        ttl: { type: 'integer', minimum: 1, maximum: 2147483647 },
        a: { type: 'array', minItems: 1, uniqueItems: true },
      },
    });
    expect(set.required).toBeUndefined();
    expect(set.anyOf).toContainEqual({ required: ['a'] });
  });

  it('ends with a newline and uses 2-space indentation', () => {
    const text = desiredStateJsonSchema();
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toMatch(/^ {2}"\$schema"/);
  });
});
