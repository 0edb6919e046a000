import * as z from 'zod';

/**
 * The `waf:` section of the emulator's account file (seed, state file, snapshot). Strict objects so a typo is an
 * error; ids may be left out (they are derived from names, see catalogue.ts). A webapp lists the catalogue bots it
 * has enabled, by name or id; every other bot of the catalogue is disabled.
 */
const Hex32 = z.string().regex(/^[0-9a-f]{32}$/, { message: 'must be 32 lower-case hexadecimal characters' });

const BotSeed = z.strictObject({
  id: Hex32.optional(),
  name: z.string().min(1),
  description: z.string().optional(),
});

const WebappSeed = z.strictObject({
  id: Hex32.optional(),
  name: z.string().min(1),
  domain: z.string().min(1).optional(),
  environment: z.enum(['production', 'staging']).optional(),
  status: z.enum(['active', 'pending', 'disabled']).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  /** Bot names or ids of the catalogue enabled for this webapp. */
  enabled_bots: z.array(z.string().min(1)).optional(),
  /** The API client may not access it: it is listed, and every call on it answers 403. */
  forbidden: z.boolean().optional(),
});

export const WafSeedSchema = z.strictObject({
  /** The API application's credentials; default client id `demo`, secret `demo`. */
  client: z.strictObject({ client_id: z.string().min(1), client_secret: z.string().min(1) }).optional(),
  /** The vendor's catalogue; default: DEFAULT_BOT_CATALOGUE. */
  bots: z.array(BotSeed).min(1).optional(),
  webapps: z.array(WebappSeed).optional(),
  /**
   * The cache-purge bucket's current window (purge.ts): when it started and the purges counted in it. A state file
   * keeps it, so runs sharing the file share the budget as they would the service's; absent: no purge yet.
   */
  purge_bucket: z
    .strictObject({ window_started_at: z.iso.datetime(), used: z.number().int().min(0) })
    .optional(),
});

export type WafSeed = z.input<typeof WafSeedSchema>;
export type ParsedWafSeed = z.output<typeof WafSeedSchema>;
