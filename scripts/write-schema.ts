// `npm run schema`: regenerates schemas/edgeplan.schema.json from the zod schema in src/config.
import { writeFile } from 'node:fs/promises';
import { desiredStateJsonSchema, JSON_SCHEMA_PATH } from '../src/config/json-schema.js';
import { PROVIDER_CATALOGUE } from '../src/providers/registry.js';

await writeFile(
  new URL(`../${JSON_SCHEMA_PATH}`, import.meta.url),
  desiredStateJsonSchema(PROVIDER_CATALOGUE),
);
process.stdout.write(`wrote ${JSON_SCHEMA_PATH}\n`);
