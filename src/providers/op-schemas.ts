import { IMPLICIT_PROVIDER } from '../model/dns-provider-spec.js';
import * as z from '../model/zod.js';
import { DNS_PROVIDERS, pluginOf } from './registry.js';
import { WAF_OP_SCHEMA, WAF_PROVIDER } from './waf/index.js';

/**
 * The op schema of each provider whose name a plan step gives without the desired state (`PlanStep.provider`): the
 * implicit DNS provider's and the WAF's. What the ops of a saved plan are checked against before it is applied
 * (`parsePlanFile`).
 */
export const PROVIDER_OP_SCHEMAS: Readonly<Record<string, z.ZodMiniType>> = {
  [IMPLICIT_PROVIDER.name]: pluginOf(IMPLICIT_PROVIDER.type)?.opSchema ?? z.never(),
  [WAF_PROVIDER]: WAF_OP_SCHEMA,
};

/** An op of a DNS provider named under `providers:` in the desired state: any registered provider's. */
const NAMED_DNS_OP_SCHEMA = z.lazy(() => z.union(DNS_PROVIDERS.map((plugin) => plugin.opSchema)));

/**
 * The op schemas of a saved plan whose steps name `providers`: the built-in ones, and for any other name (a DNS
 * provider named under `providers:`, whose type only the desired state says) an op of any registered provider.
 * The saved plan is applied only when the plan recomputed with the real provider equals it op by op, so that is
 * checked there.
 */
export function savedPlanOpSchemas(providers: readonly string[]): Readonly<Record<string, z.ZodMiniType>> {
  const named = providers
    .filter((name) => !Object.hasOwn(PROVIDER_OP_SCHEMAS, name))
    .map((name) => [name, NAMED_DNS_OP_SCHEMA] as const);
  return { ...PROVIDER_OP_SCHEMAS, ...Object.fromEntries(named) };
}
