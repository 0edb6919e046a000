import { z } from 'zod';
import { DesiredStateSchema } from './schema.js';

/** Where the generated schema is committed, relative to the package root (`npm run schema` writes it). */
export const JSON_SCHEMA_PATH = 'schemas/edgeplan.schema.json';

/**
 * The JSON Schema of the desired-state YAML, for editors (yaml-language-server) and other tools. It describes
 * shapes only; name syntax, IPv4 validity, limits and duplicates are checked by `edgeplan validate`.
 * Returns the file's exact text: 2-space indent and a trailing newline.
 */
export function desiredStateJsonSchema(): string {
  const generated = z.toJSONSchema(DesiredStateSchema, { target: 'draft-2020-12', io: 'input' });
  const { $schema, ...rest } = generated;
  const schema = {
    $schema,
    $id: 'urn:edgeplan:schema:desired-state',
    title: 'edgeplan desired state',
    ...rest,
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
