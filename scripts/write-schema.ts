// `npm run schema`: regenerates what is derived from the zod schema in src/config: the JSON Schema
// (schemas/edgeplan.schema.json) and the configuration reference (docs/configuration-reference.md).
import { writeFile } from 'node:fs/promises';
import { desiredStateJsonSchema, JSON_SCHEMA_PATH } from '../src/config/schema/json-schema.js';
import { PROVIDER_CATALOGUE } from '../src/providers/registry.js';
import { CONFIG_REFERENCE_PATH, configReference } from './config-reference.js';

const schema = desiredStateJsonSchema(PROVIDER_CATALOGUE);
await writeFile(new URL(`../${JSON_SCHEMA_PATH}`, import.meta.url), schema);
await writeFile(new URL(`../${CONFIG_REFERENCE_PATH}`, import.meta.url), configReference(JSON.parse(schema)));
process.stdout.write(`wrote ${JSON_SCHEMA_PATH} and ${CONFIG_REFERENCE_PATH}\n`);
