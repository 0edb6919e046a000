import * as z from '../../model/zod.js';

/**
 * The `waf:` section of the emulator's account file (seed, state file, snapshot). Strict objects so a typo is an
 * error; ids may be left out (they are derived from names, see catalogue.ts). A webapp lists the catalogue bots it
 * has enabled, by name or id; every other bot of the catalogue is disabled.
 */
const Hex32 = z
  .string()
  .check(z.regex(/^[0-9a-f]{32}$/, { message: 'must be 32 lower-case hexadecimal characters' }));

const BotSeed = z.strictObject({
  id: z.optional(Hex32),
  name: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
});

const WebappSeed = z.strictObject({
  id: z.optional(Hex32),
  name: z.string().check(z.minLength(1)),
  domain: z.optional(z.string().check(z.minLength(1))),
  environment: z.optional(z.enum(['production', 'staging'])),
  status: z.optional(z.enum(['active', 'pending', 'disabled'])),
  created_at: z.optional(z.string()),
  updated_at: z.optional(z.string()),
  /** Bot names or ids of the catalogue enabled for this webapp. */
  enabled_bots: z.optional(z.array(z.string().check(z.minLength(1)))),
  /** The API client may not access it: it is listed, and every call on it answers 403. */
  forbidden: z.optional(z.boolean()),
});

export const WafSeedSchema = z.strictObject({
  /** The API application's credentials; default client id `demo`, secret `demo`. */
  client: z.optional(
    z.strictObject({
      client_id: z.string().check(z.minLength(1)),
      client_secret: z.string().check(z.minLength(1)),
    }),
  ),
  /** The vendor's catalogue; default: DEFAULT_BOT_CATALOGUE. */
  bots: z.optional(z.array(BotSeed).check(z.minLength(1))),
  webapps: z.optional(z.array(WebappSeed)),
  /**
   * The cache-purge bucket's current window (purge.ts): when it started and the purges counted in it. A state file
   * keeps it, so runs sharing the file share the budget as they would the service's; absent: no purge yet.
   */
  purge_bucket: z.optional(
    z.strictObject({ window_started_at: z.iso.datetime(), used: z.number().check(z.int(), z.minimum(0)) }),
  ),
});

export type WafSeed = z.input<typeof WafSeedSchema>;
export type ParsedWafSeed = z.output<typeof WafSeedSchema>;
