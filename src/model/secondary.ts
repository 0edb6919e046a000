import type { SourcePosition } from './diagnostic.js';

/**
 * Secondary zones: zones the service copies from master name servers. Identity is the normalised
 * zone name; `masters` are compared as a set (kept in `sortAddresses` order).
 */

/** Who decides which objects of a section edgeplan owns: only the listed ones, or every one in the account. */
export type ManageMode = 'listed' | 'all';

export interface DesiredSecondaryZone {
  zone: string;
  /** Where it is written, for problems found against live state. Never part of a digest. */
  at?: SourcePosition;
  /** Sorted, unique. */
  masters: string[];
  /** `null`: not managed (whatever is live stays). */
  contactNickname: string | null;
  tsigKeyName: string | null;
  /** The DNS providers it is on, by name, sorted (the implicit provider's name without `providers:`). */
  providers: string[];
}

export interface LiveSecondaryZone {
  zone: string;
  masters: string[];
  /** Empty string when the service has none. */
  contactNickname: string;
  tsigKeyName: string;
  /** `Y` active, `N` inactive, `L` loading (help.dyn.com, Get secondary zones API). Shown, never changed by a plan. */
  active: string;
}
