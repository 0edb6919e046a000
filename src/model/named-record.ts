import { $constructor } from 'zod/v4/core';
import { boundIssues } from './bounded-issues.js';
import { pushAll } from './diagnostic.js';
import * as z from './zod.js';

const PROTO = '__proto__';

/**
 * `z.record` for maps keyed by names that users or servers choose (zones, record names, geo services, webapps).
 * zod's own record skips a `__proto__` key without a word, since writing it into the plain object it builds would
 * replace that object's prototype: a record named `__proto__` (a valid DNS label) would vanish from the desired
 * state, and apply would delete it live. This record checks that entry like every other (its issues under
 * `__proto__`) and keeps it as an own property, entries in input order. Its issues pass up bounded
 * (bounded-issues.ts). Everything else, the JSON Schema included, is zod's record: the schema is a `ZodMiniRecord` with
 * the same definition.
 */
const ZodNamedRecord: z.core.$constructor<z.ZodMiniRecord<z.ZodMiniString, z.ZodMiniType>> = $constructor(
  'ZodNamedRecord',
  (inst, def) => {
    z.ZodMiniRecord.init(inst, def);
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
      const result = parseKeepingProto(payload, ctx);
      if (result instanceof Promise) throw new Error('namedRecord: async schemas are not supported');
      return boundIssues(result);
    };
    const parseKeepingProto: typeof parse = (payload, ctx) => {
      const input = payload.value;
      if (!z.util.isPlainObject(input) || !Object.hasOwn(input, PROTO)) return parse(payload, ctx);
      const entries = Object.entries(input);
      payload.value = Object.fromEntries(entries.filter(([name]) => name !== PROTO));
      const result = parse(payload, ctx);
      const key = def.keyType._zod.run({ value: PROTO, issues: [] }, ctx);
      const value = def.valueType._zod.run({ value: input[PROTO], issues: [] }, ctx);
      if (result instanceof Promise || key instanceof Promise || value instanceof Promise)
        throw new Error('namedRecord: async schemas are not supported');
      pushAll(result.issues, z.util.prefixIssues(PROTO, [...key.issues, ...value.issues]));
      const parsed = new Map(Object.entries(z.util.isPlainObject(result.value) ? result.value : {}));
      parsed.set(PROTO, value.value);
      result.value = Object.fromEntries(
        entries.flatMap(([name]) => (parsed.has(name) ? [[name, parsed.get(name)]] : [])),
      );
      return result;
    };
  },
);

/** `z.record(key, value)` that keeps and checks a `__proto__` key (see ZodNamedRecord); keys are strings. */
export function namedRecord<V extends z.ZodMiniType>(
  value: V,
  key = z.string(),
): z.ZodMiniRecord<z.ZodMiniString, V> {
  const schema = new ZodNamedRecord({ type: 'record', keyType: key, valueType: value });
  return schema as z.ZodMiniRecord<z.ZodMiniString, V>;
}
