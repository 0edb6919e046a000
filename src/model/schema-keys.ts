import * as z from 'zod';

/**
 * The keys a zod schema allows in the object at `path` of a value it parses, for "unknown key" messages: through
 * `optional`, `lazy` (a schema built on first use), records, lists and unions (the option the next segment leads
 * into). Empty when the path leads to no object.
 */
export function objectKeysAt(root: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  let schema: z.core.$ZodType | undefined = root;
  for (const segment of path) {
    schema = unwrap(schema, segment);
    if (schema instanceof z.ZodObject)
      schema = Object.hasOwn(schema.shape, segment) ? schema.shape[String(segment)] : undefined;
    else if (schema instanceof z.ZodRecord) schema = schema.valueType;
    else if (schema instanceof z.ZodArray) schema = schema.element;
    else return [];
  }
  const object = unwrap(schema, undefined);
  return object instanceof z.ZodObject ? Object.keys(object.shape) : [];
}

/**
 * The schema under `optional` or `lazy`; of a union, the option `segment` leads into: a list for an index, a map for a key,
 * an object where the path ends (`undefined`).
 */
function unwrap(
  schema: z.core.$ZodType | undefined,
  segment: PropertyKey | undefined,
): z.core.$ZodType | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodLazy) return unwrap(schema.unwrap(), segment);
  if (!(schema instanceof z.ZodUnion)) return schema;
  const fits = (option: z.core.$ZodType | undefined) =>
    typeof segment === 'number'
      ? option instanceof z.ZodArray
      : option instanceof z.ZodObject || (segment !== undefined && option instanceof z.ZodRecord);
  const options: readonly z.core.$ZodType[] = schema.options;
  return options.map((option) => unwrap(option, segment)).find(fits);
}
