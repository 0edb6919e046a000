import { parseTarget } from '../../model/target.js';
import * as z from '../../model/zod.js';

/**
 * Plan files of format version 1 (edgeplan before the record-type registry: A records only, targets as
 * `kind:name` strings, no providers named). Read strictly as they were written, then converted to version 2:
 * - ops gain their record type: `address` → `type: 'A', value`, `addresses` → `values`, `recordId` →
 *   `ref: String(recordId)`; a geo group's `addresses` → `records: [{ type: 'A', values }]`;
 * - each step gains its provider, inferred from its ops' kinds (`set-good-bots`: `waf`; every other: `dyn`);
 * - targets (steps, approvals, fingerprints) are parsed with `parseTarget`;
 * - zones keep their serial; the WAF budget gains the 3 requests per call version 1 counted;
 * - `changes` are left empty: version 1 kept them in other shapes, and apply shows the plan it recomputes.
 * The result is then checked like any version 2 file (plan-file.ts).
 */
export const V1_FORMAT_VERSION = 1;

/** What version 1 counted per `set-good-bots` call (its REQUESTS_PER_WAF_OP). */
const V1_REQUESTS_PER_CALL = 3;

/**
 * The schema of a version 1 file, built when one is read (`convertV1Plan`), not at import: a run that reads no
 * such file never builds it.
 */
function v1PlanSchema() {
  const Name = z.string().check(z.minLength(1));
  const Count = z.int().check(z.nonnegative());
  const GeoGroup = z.strictObject({ name: Name, countries: z.array(Name), addresses: z.array(Name) });
  const GeoNode = z.strictObject({ zone: Name, fqdn: Name });
  const SecondaryFields = {
    zone: Name,
    masters: z.array(Name),
    contactNickname: z.optional(Name),
    tsigKeyName: z.optional(Name),
  };

  const V1Op = z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('create-zone'),
      zone: Name,
      rname: Name,
      ttl: Count,
      serialStyle: z.enum(['increment', 'epoch', 'day', 'minute']),
    }),
    z.strictObject({ kind: z.literal('add-record'), zone: Name, fqdn: Name, address: Name, ttl: Count }),
    z.strictObject({
      kind: z.literal('update-record'),
      zone: Name,
      fqdn: Name,
      recordId: Count,
      address: Name,
      ttl: Count,
    }),
    z.strictObject({ kind: z.literal('delete-record'), zone: Name, fqdn: Name, recordId: Count }),
    z.strictObject({
      kind: z.literal('replace-records'),
      zone: Name,
      fqdn: Name,
      addresses: z.array(Name),
      ttl: Count,
    }),
    z.strictObject({ kind: z.literal('delete-records'), zone: Name, fqdn: Name }),
    z.strictObject({ kind: z.literal('publish'), zone: Name }),
    z.strictObject({ kind: z.literal('create-secondary'), ...SecondaryFields }),
    z.strictObject({ kind: z.literal('update-secondary'), ...SecondaryFields }),
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
    z.strictObject({
      kind: z.literal('set-good-bots'),
      webappId: Name,
      webapp: Name,
      enable: z.array(Name),
      disable: z.array(Name),
    }),
  ]);

  const Target = z.pipe(
    Name,
    z.transform((text, ctx) => {
      const target = parseTarget(text);
      if (target === null)
        // Stryker disable next-line StringLiteral: equivalent, convertV1Plan reads an issue's path and message only
        ctx.issues.push({ code: 'custom', message: `"${text}" is not a kind:name target`, input: text });
      return target ?? z.NEVER;
    }),
  );
  const Digest = z.string().check(z.regex(/^sha256:[0-9a-f]{64}$/));

  return z.looseObject({
    formatVersion: z.literal(V1_FORMAT_VERSION),
    summary: z.looseObject({}),
    zones: z.array(z.looseObject({ zone: Name, serial: z.nullable(Count) })),
    waf: z.optional(z.looseObject({ applyRequests: Count, rereadRequests: Count })),
    steps: z.array(
      z.strictObject({
        id: Name,
        kind: z.enum(['zone', 'secondary', 'geo', 'webapp']),
        target: Target,
        after: z.array(Name),
        ops: z.array(V1Op).check(z.minLength(1)),
      }),
    ),
    scope: z.optional(z.array(Name)),
    needsApproval: z.array(z.strictObject({ target: Target, rule: Name, message: z.string() })),
    fingerprints: z.strictObject({
      desired: Digest,
      targets: z.array(
        z.strictObject({
          target: Target,
          changed: z.boolean(),
          desired: z.nullable(Digest),
          serial: z.optional(z.nullable(Count)),
          live: z.nullable(Digest),
        }),
      ),
    }),
  });
}

type V1Op = z.infer<ReturnType<typeof v1PlanSchema>>['steps'][number]['ops'][number];

/** A version 1 plan (parsed JSON) → the same plan in version 2's shape, or every problem with its path. */
export function convertV1Plan(
  json: unknown,
): { ok: true; plan: unknown } | { ok: false; problems: string[] } {
  const result = v1PlanSchema().safeParse(json);
  if (!result.success)
    return {
      ok: false,
      // Every issue has a path: plan-file.ts reads a file as version 1 only when it is an object with
      // `formatVersion: 1`, so nothing is wrong at the root.
      problems: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (format version 1)`),
    };
  const {
    formatVersion: _v1,
    zones,
    waf,
    steps,
    secondaryZones: _s,
    geoServices: _g,
    webapps: _w,
    ...rest
  } = result.data;
  return {
    ok: true,
    plan: {
      ...rest,
      formatVersion: 2,
      zones: zones.map(({ zone, serial }) => ({ zone, serial })),
      changes: [],
      ...(waf ? { waf: { ...waf, requestsPerCall: V1_REQUESTS_PER_CALL } } : {}),
      steps: steps.map((step) => ({
        ...step,
        provider: step.ops.every((op) => op.kind === 'set-good-bots') ? 'waf' : 'dyn',
        ops: step.ops.map(convertOp),
      })),
    },
  };
}

function convertOp(op: V1Op): Record<string, unknown> {
  switch (op.kind) {
    case 'add-record': {
      const { address, ...rest } = op;
      return { ...rest, type: 'A', value: address };
    }
    case 'update-record': {
      const { address, recordId, ...rest } = op;
      return { ...rest, type: 'A', ref: String(recordId), value: address };
    }
    case 'delete-record': {
      const { recordId, ...rest } = op;
      return { ...rest, type: 'A', ref: String(recordId) };
    }
    case 'replace-records': {
      const { addresses, ...rest } = op;
      return { ...rest, type: 'A', values: addresses };
    }
    case 'delete-records':
      return { ...op, type: 'A' };
    case 'create-geo':
    case 'update-geo':
      return { ...op, ...(op.groups ? { groups: op.groups.map(convertGroup) } : {}) };
    default:
      return op;
  }
}

function convertGroup(group: { addresses: string[] }) {
  const { addresses, ...rest } = group;
  return { ...rest, records: addresses.length > 0 ? [{ type: 'A', values: addresses }] : [] };
}
