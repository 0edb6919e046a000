import { z } from 'zod';
import { DYN_OP_SCHEMA, DYN_PROVIDER } from './dyn/index.js';
import { PDNS_OP_SCHEMA } from './pdns/index.js';
import { WAF_OP_SCHEMA, WAF_PROVIDER } from './waf/index.js';

/**
 * The op schema of each built-in provider, by the name plan steps give it (`PlanStep.provider`): what the ops of a
 * saved plan are checked against before it is applied (`parsePlanFile`).
 */
export const PROVIDER_OP_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  [DYN_PROVIDER]: DYN_OP_SCHEMA,
  [WAF_PROVIDER]: WAF_OP_SCHEMA,
};

/** An op of a DNS provider named under `providers:` in the desired state: Dyn's or PowerDNS's. */
const NAMED_DNS_OP_SCHEMA = z.union([DYN_OP_SCHEMA, PDNS_OP_SCHEMA]);

/**
 * The op schemas of a saved plan whose steps name `providers`: the built-in ones, and for any other name (a DNS
 * provider named under `providers:`, whose type only the desired state says) a Dyn or PowerDNS op. The saved plan
 * is applied only when the plan recomputed with the real provider equals it op by op, so that is checked there.
 */
export function savedPlanOpSchemas(providers: readonly string[]): Readonly<Record<string, z.ZodType>> {
  const named = providers
    .filter((name) => !Object.hasOwn(PROVIDER_OP_SCHEMAS, name))
    .map((name) => [name, NAMED_DNS_OP_SCHEMA] as const);
  return { ...PROVIDER_OP_SCHEMAS, ...Object.fromEntries(named) };
}
