import * as z from '../../../src/model/zod.js';

/**
 * Strict schemas of the Dyn and WAF ops (src/providers/dyn/compile/ops.ts, src/providers/waf/ops.ts) for the plan-file
 * tests, which must not import providers. The providers export their own; these follow the same types.
 */
const Name = z.string().check(z.minLength(1));
const Count = z.int().check(z.nonnegative());
const Where = { zone: Name, fqdn: Name, type: Name };
const GeoGroup = z.strictObject({
  name: Name,
  countries: z.array(Name),
  records: z.array(z.strictObject({ type: Name, values: z.array(Name) })),
});
const GeoNode = z.strictObject({ zone: Name, fqdn: Name });
const Secondary = {
  zone: Name,
  masters: z.array(Name),
  contactNickname: z.optional(Name),
  tsigKeyName: z.optional(Name),
};

const DynOp = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('create-zone'),
    zone: Name,
    rname: Name,
    ttl: Count,
    serialStyle: z.enum(['increment', 'epoch', 'day', 'minute']),
  }),
  z.strictObject({ kind: z.literal('add-record'), ...Where, value: Name, ttl: Count }),
  z.strictObject({ kind: z.literal('update-record'), ...Where, ref: Name, value: Name, ttl: Count }),
  z.strictObject({ kind: z.literal('delete-record'), ...Where, ref: Name }),
  z.strictObject({
    kind: z.literal('replace-records'),
    ...Where,
    values: z.array(Name).check(z.minLength(1)),
    ttl: Count,
  }),
  z.strictObject({ kind: z.literal('delete-records'), ...Where }),
  z.strictObject({ kind: z.literal('publish'), zone: Name }),
  z.strictObject({ kind: z.literal('create-secondary'), ...Secondary }),
  z.strictObject({ kind: z.literal('update-secondary'), ...Secondary }),
  z.strictObject({ kind: z.literal('delete-secondary'), zone: Name }),
  z.strictObject({
    kind: z.literal('create-geo'),
    name: Name,
    groups: z.array(GeoGroup),
    nodes: z.array(GeoNode),
  }),
  z.strictObject({
    kind: z.literal('update-geo'),
    name: Name,
    groups: z.optional(z.array(GeoGroup)),
    nodes: z.optional(z.array(GeoNode)),
  }),
  z.strictObject({ kind: z.literal('delete-geo'), name: Name }),
]);

const WafOp = z.strictObject({
  kind: z.literal('set-good-bots'),
  webappId: Name,
  webapp: Name,
  enable: z.array(Name),
  disable: z.array(Name),
});

export const DYN_WAF_OP_SCHEMAS = { dyn: DynOp, waf: WafOp };
