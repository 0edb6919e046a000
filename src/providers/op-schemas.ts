import type { z } from 'zod';
import { DYN_OP_SCHEMA, DYN_PROVIDER } from './dyn/index.js';
import { WAF_OP_SCHEMA, WAF_PROVIDER } from './waf/index.js';

/**
 * The op schema of each built-in provider, by the name plan steps give it (`PlanStep.provider`): what the ops of a
 * saved plan are checked against before it is applied (`parsePlanFile`).
 */
export const PROVIDER_OP_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  [DYN_PROVIDER]: DYN_OP_SCHEMA,
  [WAF_PROVIDER]: WAF_OP_SCHEMA,
};
