import type { NameServerAddress } from './name-server.js';
import type { DnsCapabilities } from './provider.js';
import * as z from './zod.js';

/** The keys of a `providers:` entry besides `type`, as the YAML wrote them (checked by its type's schema). */
export type ProviderOptions = Readonly<Record<string, unknown>>;

/**
 * One DNS provider of the desired state, by the name the YAML gives it under `providers:`. Only its type's plug-in
 * (providers/registry.ts) reads its options.
 */
export interface DnsProviderSpec {
  name: string;
  type: string;
  options: ProviderOptions;
  /**
   * The desired-state file whose `providers:` entry this is, as it was loaded (relative to the process's working
   * directory, or absolute): a provider whose options name paths resolves them against its directory, so that the
   * same files are meant whatever directory edgeplan runs from. Absent: built in code, or the implicit provider.
   */
  declaredIn?: string;
  /**
   * The one provider of a desired state without `providers:` (IMPLICIT_PROVIDER): written nowhere, so its targets
   * name no provider (`zone:example.com`) and every output is what it was before `providers:` existed.
   */
  implicit?: true;
  /**
   * `verify_at`, a key of every type: the name servers `verify` and `apply --wait-served` ask for the provider's
   * zones, instead of their NS sets; parsed at validation (model/name-server.ts).
   */
  verifyAt?: NameServerAddress[];
}

/**
 * A desired state without `providers:` is one Dyn provider, from EDGEPLAN_DYN_*: the product's default, resolved
 * here and nowhere else (dns-providers.ts `providerSpecsOf`).
 */
export const IMPLICIT_PROVIDER: DnsProviderSpec = { name: 'dyn', type: 'dyn', options: {}, implicit: true };

/** A variable a provider reads, named by one of its entry's keys (`password_env`). */
export interface ProviderVariable {
  /** What it holds, as messages name it: `password`, `API key`. */
  role: string;
  /** The variable read when the entry names none (the implicit provider reads these). */
  default?: string;
}

/**
 * What config knows of a DNS provider type, the `type:` of a `providers:` entry: given by the provider's plug-in
 * through LoadOptions, so that config itself names no provider. The entry schema, the "is for … providers" and
 * "needs …" rules, the variables' roles and each zone's capability checks are all built from these.
 */
export interface ProviderType {
  /** `type:` in the YAML: `dyn`, `powerdns`. */
  readonly type: string;
  /** What a provider of this type is, for the schema's description of `type`. */
  readonly description: string;
  /** The entry's keys besides `type`, each with its schema; its description (`z.describe`) says what it is for this type. */
  readonly options: Readonly<Record<string, z.ZodMiniType>>;
  /** Keys an entry of this type must have. */
  readonly required?: readonly string[];
  /** Keys an entry of this type must have when it has the key they are listed under (`a: ['b']`: b goes with a). */
  readonly requiredWith?: Readonly<Record<string, readonly string[]>>;
  /** The keys that name a variable, and what each holds (config/rules/env-rules.ts). */
  readonly variables: Readonly<Record<string, ProviderVariable>>;
  /** What a provider of this type supports, from its entry's options: checked at validation, before any call. */
  capabilities(options: ProviderOptions): DnsCapabilities;
}

/**
 * What config is told of the DNS providers (the CLI and the library pass providers/registry.ts's catalogue): their
 * types, and the variables edgeplan reads by their own names (`EDGEPLAN_WAF_CLIENT_SECRET`: what each holds).
 *
 * The variables an entry names are its type's `variables`; since the YAML may come from anyone who can open a pull
 * request, a name cannot route one service's secret to another service's address (config/rules/env-rules.ts):
 * - every such variable starts with VARIABLE_PREFIX (the schema), so no other tool's variable is read;
 * - a variable serves one role of one provider: an address, a customer, a user or a secret, never two;
 * - a built-in variable serves only its own role: the default of that key of that type, or none.
 */
export interface ProviderCatalogue {
  readonly types: readonly ProviderType[];
  readonly builtInVariables: Readonly<Record<string, string>>;
}

/** The prefix every variable a provider entry names has. */
export const VARIABLE_PREFIX = 'EDGEPLAN_';

const VARIABLE_ERROR = `must be the name of an environment variable that starts with ${VARIABLE_PREFIX}`;

/** The schema of an entry key that names a variable (`password_env`): its plug-in gives the description. */
export function variableName(): z.ZodMiniString {
  return z
    .string({ error: VARIABLE_ERROR })
    .check(z.regex(new RegExp(`^${VARIABLE_PREFIX}[A-Za-z0-9_]+$`), { error: VARIABLE_ERROR }));
}
