import { boundedArray } from '../../model/bounded-issues.js';
import { namedRecord } from '../../model/named-record.js';
import { GOOD_BOTS_MODES } from '../../model/waf.js';
import * as z from '../../model/zod.js';

/**
 * Schema of the `waf` section (see schema.ts for the conventions: strict objects, shapes only, `error` strings are
 * predicates). Duplicate bots and webapps across files are checked by waf-rules.ts; whether a webapp or bot
 * exists can only be known from the live catalogue, so plan checks that.
 */

const BotRef = z.lazy(() =>
  z
    .string({ error: 'must be a bot name or a 32-hex bot id' })
    .check(
      z.minLength(1, { error: 'must not be empty' }),
      z.describe('A bot of the vendor catalogue: its name (case-insensitive) or its 32-hex id.'),
    ),
);

export const GoodBotsSchema = z.lazy(() =>
  z
    .strictObject({
      mode: z
        .optional(z.enum(GOOD_BOTS_MODES, { error: `must be one of ${GOOD_BOTS_MODES.join(', ')}` }))
        .check(
          z.describe(
            'exact (default): the listed bots enabled, every other bot disabled. additive: only enable them.',
          ),
        ),
      allow: boundedArray(BotRef, { error: 'must be a list of bot names or ids' }).check(
        z.describe('Bots to enable; no bot twice.'),
      ),
    })
    .check(z.describe('The allowed ("good") bots of the webapp.')),
);
export type GoodBotsDocument = z.infer<typeof GoodBotsSchema>;

const PurgePath = z.lazy(() =>
  z
    .string({ error: 'must be a path' })
    .check(z.regex(/^\S+$/, { error: 'must be a non-empty path without spaces' })),
);

export const PurgeAfterApplySchema = z.lazy(() =>
  z
    .union(
      [
        z.boolean(),
        z.strictObject({
          paths: boundedArray(PurgePath, { error: 'must be a list of paths' }).check(
            z.minLength(1, { error: 'must name at least one path' }),
            z.maxLength(100, { error: 'at most 100 paths' }),
          ),
        }),
      ],
      { error: 'must be true, false or { paths: [...] }' },
    )
    .check(
      z.describe(
        "After an apply that changed this webapp's good bots, purge its cache (true: all of it; { paths }: only those). " +
          'Counted against the 20 cache purges an hour.',
      ),
    ),
);

export const WebappSchema = z.lazy(() =>
  z
    .strictObject({ good_bots: GoodBotsSchema, purge_after_apply: z.optional(PurgeAfterApplySchema) })
    .check(z.describe('A web application of the WAF account, by name or 32-hex id.')),
);

export const WafSchema = z.lazy(() =>
  z
    .strictObject({
      webapps: z
        .optional(namedRecord(WebappSchema, z.string().check(z.minLength(1, { error: 'must not be empty' }))))
        .check(z.describe('Web applications by name or 32-hex id.')),
    })
    .check(z.describe('Web application security (WAF) settings.')),
);
export type WafDocument = z.infer<typeof WafSchema>;
