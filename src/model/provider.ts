import type {
  GeoChange,
  ProviderZoneValue,
  RecordSetChange,
  SecondaryChange,
  WebappChange,
} from './change.js';
import { EdgeplanError } from './edgeplan-error.js';
import type { ErrorCode } from './error-codes.js';
import type { LiveRecord } from './record-set.js';
import type { Target } from './target.js';
import type { LiveWafState } from './waf.js';
import type { ZoneSettings } from './zone.js';

/**
 * What a provider is to the rest of edgeplan: what it can do (capabilities, checked before any call), how it turns
 * a target's provider-neutral changes into its API calls (a compiler, pure, so that a plan holds the calls as
 * data and "apply exactly what was reviewed" holds), and a writer that executes those calls.
 */

/**
 * One API call of a provider as plain data (a Dyn `add-record`, a WAF `set-good-bots`, a PowerDNS rrset PATCH):
 * saved in plans, executed by the provider's writer. Only the provider knows the fields; `kind` names the call.
 */
export type ProviderOp = { readonly kind: string } & { readonly [field: string]: unknown };

/** What counting an apply's requests needs of a plan step (plan/types.ts `PlanStep`). */
export interface CountedStep {
  readonly target: Target;
  readonly ops: readonly ProviderOp[];
}

/** What a DNS provider supports; using anything else is a validation error, before any call. */
export interface DnsCapabilities {
  /** Record types it reads and writes (registered type names). */
  recordTypes: readonly string[];
  /**
   * Whether it also holds any type by its number (`TYPE65280`, RFC 3597: record-types/generic.ts), its RDATA
   * written in the generic form `\# <length> <hex>`. Absent: it does not.
   */
  genericTypes?: boolean;
  geoServices: boolean;
  secondaryZones: boolean;
  /**
   * Whether a secondary zone takes the service's own contact and TSIG key name (`contact_nickname`,
   * `tsig_key_name`: Dyn's). Absent: it does.
   */
  secondaryZoneContacts?: boolean;
  /**
   * Whether it holds a zone of one label (a top-level domain, `arpa`): a server does; a service of registered
   * domains does not, and a one-label zone there is refused at validation. Absent: it does not.
   */
  oneLabelZones?: boolean;
  /**
   * Whether it writes a zone's apex NS set when the desired state declares one; a declared set is refused at
   * validation where it does not (`apexNsAdvice` says why). Absent: it does not.
   */
  apexNs?: boolean;
  /** Why the apex NS set cannot be managed here, and what to do instead (its refusal says it). */
  apexNsAdvice?: string;
  /** Most records of one type at one name, for the types the service limits. */
  maxRecordsPerName: Readonly<Record<string, number>>;
  /**
   * Why the service refuses a value the record type itself allows (a CAA tag the service does not know), or null.
   * Absent: the service takes every valid value.
   */
  valueProblem?(type: string, value: string): string | null;
  /** For a registered type it does not hold, what to do instead (its refusal says it after the type). */
  typeAdvice?: Readonly<Record<string, string>>;
}

/** One changed record set with the live records it replaces (their refs, for per-record calls). */
export interface RecordSetWork {
  change: RecordSetChange;
  live: LiveRecord[];
}

export interface ZoneCompileInput {
  zone: string;
  /** The plan creates the zone with these settings; null when it exists. */
  create: ZoneSettings | null;
  /** Changed record sets, sorted by fqdn then type. */
  sets: RecordSetWork[];
}

/**
 * Which part of a geo-service change a step makes: everything, or only the unlinking of the nodes it drops (a
 * first step that zone steps wait for) and then the rest.
 */
export type GeoPart = 'all' | 'unlink' | 'rest';

/** Pure: changes in, calls out, in the order they must be sent. */
export interface DnsCompiler {
  /** A zone's calls: one transaction that ends with exactly one publish (or whatever commits it at once). */
  compileZone(input: ZoneCompileInput): ProviderOp[];
  /** Absent exactly when the provider has no secondary zones (its reader has no `readSecondaryZones` either). */
  compileSecondary?(change: SecondaryChange): ProviderOp[];
  /** Absent exactly when the provider has no geo services (its reader has no `readGeoServices` either). */
  compileGeo?(change: GeoChange, part: GeoPart): ProviderOp[];
  /**
   * How the plan shows a zone this provider creates, when the desired state's contact and serial style (the
   * ZoneSettings) do not apply to its zones. Absent: the ZoneSettings are shown.
   */
  zoneCreation?(value: ZoneSettings): ProviderZoneValue;
}

export interface WafCompiler {
  compileWebapp(change: WebappChange): ProviderOp[];
  /** The cache purge the change asks for after it (`after.purge`), as its own step's calls; none: empty. */
  compilePurge(change: WebappChange): ProviderOp[];
}

/**
 * What the run executing a plan adds to its calls, outside the plan: it differs between the run that planned and
 * the run that applies, and a saved plan must match the recomputed one exactly.
 */
export interface RunContext {
  /** Sent with every commit of a transaction (a Dyn publish's `notes`): model/audit-note.ts. */
  auditNote?: string;
}

/**
 * Executes a provider's calls. `discard` drops the unpublished changes of a transactional target (a zone) after a
 * failure; it must be safe when there are none, and it says what became of a zone the failed step itself created
 * (nothing: it created none). `begin`, called before a step's first op, says what the plan read of its target, so
 * that a transactional writer can check it still holds right before it commits.
 */
export interface StepWriter {
  execute(op: ProviderOp, run?: RunContext): Promise<void>;
  discard?(target: Target): Promise<CreatedZoneFate | undefined>;
  begin?(planned: PlannedTarget): void;
}

/**
 * A zone that a failed step created and never published: `deleted` again (live state is as the plan read it, so
 * the next plan shows the zone's creation, and its approval, again), or `left` in place, `reason` saying why
 * (deleting it failed, it holds records after all) and what it holds.
 */
export type CreatedZoneFate = { kind: 'deleted' } | { kind: 'left'; reason: string };

/**
 * A step's target as the plan read it: a zone's serial (null: the plan creates the zone) and, for a zone, the
 * plan's changes of its record sets, whose `before` is each set as read (absent: the step changes none).
 */
export interface PlannedTarget {
  target: Target;
  serial: number | null;
  changes?: readonly RecordSetChange[];
}

/**
 * A write whose answer was lost and whose effect no read could establish: it may or may not have taken effect. A
 * report must say so instead of claiming either.
 */
export class OutcomeUnknownError extends EdgeplanError {
  override readonly code: ErrorCode = 'EP4001';
  override readonly name: string = 'OutcomeUnknownError';
}

/**
 * Another writer (another run, a person) changed a zone while this run was applying it; `sign` says how the writer
 * found out. Committing on top would leave a mix of both desired states, so the zone's change is not committed:
 * `zone <zone> changed while applying (<sign>); not published, plan again`, whichever provider it is on.
 */
export class ZoneChangedError extends EdgeplanError {
  override readonly code = 'EP3001';
  override readonly name: string = 'ZoneChangedError';

  constructor(
    readonly zone: string,
    readonly sign: string,
    options?: { cause: unknown },
  ) {
    super(`zone ${zone} changed while applying (${sign}); not published, plan again`, options);
  }
}

/**
 * The account a provider works on, as a saved plan records it (never a secret). `binding` identifies the account:
 * `apply --plan` refuses a plan made against another (Dyn: the API URL and the customer). `details` are recorded
 * for people and not compared (the WAF client id: plan and apply may use different API clients of one account).
 */
export interface ProviderAccount {
  readonly binding: Readonly<Record<string, string>>;
  readonly details?: Readonly<Record<string, string>>;
}

/** What plan needs to read: the named webapps (by name or id) with their good bots. */
export interface WafReader {
  readWaf(refs: readonly string[]): Promise<LiveWafState>;
}

/** A WAF provider: how it compiles a webapp's change into calls, how it reads and writes. */
export interface WafProviderPort extends WafReader, WafCompiler, StepWriter {
  /** Which provider executes a plan step (`PlanStep.provider`): `waf`. */
  readonly name: string;
  /** Requests one compiled call makes at least (the WAF budget of a plan counts them). */
  readonly requestsPerCall: number;
  /** The account it works on; absent: plans it reads are not bound to an account. */
  readonly account?: ProviderAccount;
}
