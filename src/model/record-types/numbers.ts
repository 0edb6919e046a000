import { z } from 'zod';

/** An integer field of a record value in `0…max`, as the YAML schema (and its JSON Schema) checks it. */
export function boundedInt(max: number): z.ZodType<number> {
  const error = `must be an integer between 0 and ${max}`;
  return z.int({ error }).min(0, { error }).max(max, { error });
}

export function uint8(): z.ZodType<number> {
  return boundedInt(255);
}

export function uint16(): z.ZodType<number> {
  return boundedInt(65535);
}
