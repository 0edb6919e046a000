import { $ZodArray, $ZodLazy, $ZodObject, $ZodOptional, $ZodRecord, $ZodUnion } from 'zod/v4/core';
import type * as z from './zod.js';

/**
 * The keys a zod schema allows in the object at `path` of a value it parses, for "unknown key" messages: through
 * `optional`, `lazy` (a schema built on first use), records, lists and unions (the option the next segment leads
 * into). Empty when the path leads to no object.
 */
export function objectKeysAt(root: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  let schema: z.core.$ZodType | undefined = root;
  for (const segment of path) {
    schema = unwrap(schema, segment);
    if (schema instanceof $ZodObject)
      schema = Object.hasOwn(schema._zod.def.shape, segment)
        ? schema._zod.def.shape[String(segment)]
        : undefined;
    else if (schema instanceof $ZodRecord) schema = schema._zod.def.valueType;
    else if (schema instanceof $ZodArray) schema = schema._zod.def.element;
    else return [];
  }
  const object = unwrap(schema, undefined);
  return object instanceof $ZodObject ? Object.keys(object._zod.def.shape) : [];
}

/**
 * The schema under `optional` or `lazy`; of a union, the option `segment` leads into: a list for an index, a map for a key,
 * an object where the path ends (`undefined`).
 */
function unwrap(
  schema: z.core.$ZodType | undefined,
  segment: PropertyKey | undefined,
): z.core.$ZodType | undefined {
  if (schema instanceof $ZodOptional) return unwrap(schema._zod.def.innerType, segment);
  if (schema instanceof $ZodLazy) return unwrap(schema._zod.innerType, segment);
  if (!(schema instanceof $ZodUnion)) return schema;
  const fits = (option: z.core.$ZodType | undefined) =>
    typeof segment === 'number'
      ? option instanceof $ZodArray
      : option instanceof $ZodObject || (segment !== undefined && option instanceof $ZodRecord);
  const options: readonly z.core.$ZodType[] = schema._zod.def.options;
  return options.map((option) => unwrap(option, segment)).find(fits);
}
