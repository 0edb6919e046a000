import { DEFAULT_SAFETY, DEFAULT_ZONE_DELETE_SHARE, type SafetyPolicy } from '../../model/safety.js';
import * as z from '../../model/zod.js';

/**
 * Schema of `settings.safety` (conventions of schema.ts: strict objects, `error` strings are predicates) and its
 * model form. Each rule is `true` (the default: such changes need approval, `apply --allow-unsafe`) or `false`;
 * `zone_delete_share` may also give its thresholds, any left out keeping their default.
 */

const Rule = (what: string) =>
  z
    .optional(z.boolean({ error: 'must be true or false' }))
    .check(z.describe(`${what} needs approval (default true).`));

const ShareSchema = z.lazy(() =>
  z
    .strictObject({
      max_percent: z
        .optional(
          z
            .number({ error: 'must be a number between 0 and 100' })
            .check(
              z.minimum(0, { error: 'must be a number between 0 and 100' }),
              z.maximum(100, { error: 'must be a number between 0 and 100' }),
            ),
        )
        .check(
          z.describe(
            `Deleting more than this share of the zone's managed record sets (default ${DEFAULT_ZONE_DELETE_SHARE.maxPercent}).`,
          ),
        ),
      min_records: z
        .optional(
          z
            .int({ error: 'must be a whole number of at least 1' })
            .check(z.minimum(1, { error: 'must be a whole number of at least 1' })),
        )
        .check(
          z.describe(
            `Only in zones with at least this many managed record sets (default ${DEFAULT_ZONE_DELETE_SHARE.minRecords}).`,
          ),
        ),
    })
    .check(z.describe('Thresholds of the delete-share rule.')),
);

export const SafetySchema = z.lazy(() =>
  z
    .strictObject({
      zone_delete_share: z
        .optional(
          z.union([z.boolean(), ShareSchema], {
            error: 'must be true, false or { max_percent, min_records }',
          }),
        )
        .check(z.describe("Deleting a large share of a zone's managed record sets needs approval.")),
      zone_last_records: Rule("Deleting a zone's last managed record sets"),
      secondary_zone_delete: Rule('Deleting a secondary zone'),
      geo_service_delete: Rule('Deleting a geo service'),
      webapp_all_bots_disabled: Rule('Disabling every enabled good bot of a webapp'),
      zone_create: Rule(
        'Creating a zone the account does not have, unless the zone declares it with create:,',
      ),
      delegation_glue: Rule(
        'Leaving a name server inside its delegation without glue (its A or AAAA records in the zone), which only live state shows,',
      ),
      apex_ns: Rule("Changing a zone's apex NS set (the parent's delegation must name the same servers)"),
    })
    .check(
      z.describe(
        'Which risky changes the plan marks as needing approval; apply refuses them without --allow-unsafe.',
      ),
    ),
);
export type SafetyDocument = z.infer<typeof SafetySchema>;

/** The validated `settings.safety` in model form; every rule left out keeps its default. */
export function toSafetyPolicy(document: SafetyDocument): SafetyPolicy {
  const share = document.zone_delete_share;
  const zoneDeleteShare =
    share === false
      ? null
      : {
          maxPercent:
            (share === true ? undefined : share?.max_percent) ?? DEFAULT_ZONE_DELETE_SHARE.maxPercent,
          minRecords:
            (share === true ? undefined : share?.min_records) ?? DEFAULT_ZONE_DELETE_SHARE.minRecords,
        };
  return {
    zoneDeleteShare,
    zoneLastRecords: document.zone_last_records ?? DEFAULT_SAFETY.zoneLastRecords,
    secondaryZoneDelete: document.secondary_zone_delete ?? DEFAULT_SAFETY.secondaryZoneDelete,
    geoServiceDelete: document.geo_service_delete ?? DEFAULT_SAFETY.geoServiceDelete,
    webappAllBotsDisabled: document.webapp_all_bots_disabled ?? DEFAULT_SAFETY.webappAllBotsDisabled,
    zoneCreate: document.zone_create ?? DEFAULT_SAFETY.zoneCreate,
    delegationGlue: document.delegation_glue ?? DEFAULT_SAFETY.delegationGlue,
    apexNs: document.apex_ns ?? DEFAULT_SAFETY.apexNs,
  };
}
