/**
 * The safety policy (`settings.safety`): which changes a plan marks as needing approval. A marked change does not
 * fail `plan` (it still exits 2); `apply` refuses it unless `--allow-unsafe` is given. Every rule is on by default.
 */
export interface SafetyPolicy {
  /**
   * Deleting more than `maxPercent` % of a zone's live managed record sets (every type), in zones with at least `minRecords`
   * of them; null: rule off.
   */
  zoneDeleteShare: { maxPercent: number; minRecords: number } | null;
  /** Deleting every managed record set of a zone that has some. */
  zoneLastRecords: boolean;
  /** Deleting a secondary zone (`settings.secondary_zones.manage: all`). */
  secondaryZoneDelete: boolean;
  /** Deleting a geo service (`settings.geo_services.manage: all`). */
  geoServiceDelete: boolean;
  /** Leaving a webapp that has enabled bots with none enabled. */
  webappAllBotsDisabled: boolean;
  /** Creating a zone the account does not have, unless the desired state declares it with `create:`. */
  zoneCreate: boolean;
  /** Leaving a name server inside its delegation without glue (its address), where it had some or is new. */
  delegationGlue: boolean;
  /**
   * Creating, changing or deleting a zone's apex NS set: the name servers the zone names for itself, which the
   * parent's delegation must name too.
   */
  apexNs: boolean;
}

export const DEFAULT_ZONE_DELETE_SHARE = { maxPercent: 30, minRecords: 10 } as const;

export const DEFAULT_SAFETY: SafetyPolicy = {
  zoneDeleteShare: { ...DEFAULT_ZONE_DELETE_SHARE },
  zoneLastRecords: true,
  secondaryZoneDelete: true,
  geoServiceDelete: true,
  webappAllBotsDisabled: true,
  zoneCreate: true,
  delegationGlue: true,
  apexNs: true,
};

/** The rules by the name the plan and messages use. */
export type SafetyRule =
  | 'zone-delete-share'
  | 'zone-last-records'
  | 'secondary-zone-delete'
  | 'geo-service-delete'
  | 'webapp-all-bots-disabled'
  | 'zone-create'
  | 'delegation-glue'
  | 'apex-ns';
