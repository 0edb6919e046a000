import type { ProviderCatalogue } from '../../model/dns-provider-spec.js';
import * as z from '../../model/zod.js';
import { desiredStateSchema } from './schema.js';

/** Where the generated schema is committed, relative to the package root (`npm run schema` writes it). */
export const JSON_SCHEMA_PATH = 'schemas/edgeplan.schema.json';

/**
 * The JSON Schema of the desired-state YAML, for editors (yaml-language-server) and other tools. It says what JSON
 * Schema can: shapes, ranges, name patterns, the record types of the registry (at least one per name, a type that
 * is alone excluding the others, the apex rules where the key tells), non-empty lists of unique values, IPv4
 * addresses, names in values and country codes as patterns and enums (`format` is only an annotation in draft
 * 2020-12). The rest is checked by `edgeplan validate`: what a type's `parse` checks beyond its `yaml` schema,
 * values equal only once canonical, records below a delegation, full name lengths and names outside their zone, the
 * provider's capabilities, and everything across sections and files (test/config/schema/json-schema-known.ts lists the
 * bad fixtures the schema accepts, with why). `catalogue`: the DNS provider types the `providers:` entries may
 * have (the registry's). Returns the file's exact text: 2-space indent and a trailing newline.
 */
export function desiredStateJsonSchema(catalogue: ProviderCatalogue): string {
  const generated = z.toJSONSchema(desiredStateSchema(catalogue), { target: 'draft-2020-12', io: 'input' });
  const { $schema, ...rest } = generated;
  const schema = {
    $schema,
    $id: 'urn:edgeplan:schema:desired-state',
    title: 'edgeplan desired state',
    ...rest,
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
