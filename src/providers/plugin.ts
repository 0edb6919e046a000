import type { DnsProvider } from '../model/dns.js';
import type { DnsProviderSpec, ProviderType } from '../model/dns-provider-spec.js';
import type { Logger } from '../model/logger.js';
import type { CountedStep, ProviderAccount, ProviderOp } from '../model/provider.js';
import type * as z from '../model/zod.js';
import type { Env } from './http/env-config.js';
import type { RateEvent } from './http/scheduler.js';

/**
 * A DNS provider as a plug-in: one folder (`providers/<name>/`) exports one value of this type, and
 * providers/registry.ts lists it on one line. Everything the rest of edgeplan knows of a provider comes from here:
 * - what config checks (ProviderType): its `type:`, its YAML keys and their schemas, the keys it needs, the
 *   variables it reads and their roles, and its capabilities (record types, per-name limits, geo services,
 *   secondary zones), so that a desired state it cannot serve is refused at validation with `file:line:col`;
 * - how a run opens it from the environment (`open`): read, compile and write are the DnsProvider it returns
 *   (model/dns.ts), with the optional pacing and session hooks there;
 * - how a saved plan's ops are checked (`opSchema`) and shown (`labelOp`), and what an apply of them costs (`applyRequests`).
 * docs/adding-a-provider.md is the recipe; test/conformance runs every registered provider.
 */
export interface DnsProviderPlugin extends ProviderType {
  /**
   * Opens the provider of one `providers:` entry (or of the implicit one) for a run. The plug-in value itself stays
   * cheap (schemas, capabilities, labels): `open` loads the client, reader and writer on first use (a dynamic
   * `import('./open.js')`), so `validate` and `--version` load no HTTP stack.
   */
  open(spec: DnsProviderSpec, context: ProviderContext): Promise<DnsProvider>;
  /** The schema each op of its steps in a saved plan must pass before anything is read or sent. */
  readonly opSchema: z.ZodMiniType;
  /** One short line for an op (progress and failure lines); `op` passed `opSchema`. */
  labelOp(op: ProviderOp): string;
  /**
   * The requests an apply of these steps sends after its plan (the check after it included), for the plan's
   * `Apply: N DNS requests` line when the provider paces; absent: one per op.
   */
  applyRequests?(steps: readonly CountedStep[]): number;
}

/** What a run gives a provider it opens: everything that varies between runs, injected. */
export interface ProviderContext {
  env: Env;
  logger: Logger;
  /** The User-Agent of every request (EDGEPLAN_USER_AGENT, else edgeplan's own). */
  userAgent: string;
  /** Stops the provider's reads when the command ends (writes already sent run to their answer). */
  signal?: AbortSignal;
  /** Told the provider's rate-limit waits and answers, for progress and the apply report. */
  onRateEvent?: (event: RateEvent) => void;
  /** `--dns-rate-limit`: this client's share of a paced account's requests per window. */
  rateLimit?: number;
  /** `--cache DIR`, absolute: where a provider that can reuse zone reads keeps them. */
  cacheDir?: string;
  /** The in-process emulator of `--sandbox`, for a provider whose API it serves. */
  sandbox?: SandboxService;
}

/**
 * The built-in emulator serves the Dyn-style DNS API: `claim` hands its endpoint to one provider (a second claim
 * is refused: the sandbox is one account), with the account saved plans record for it.
 */
export interface SandboxService {
  claim(provider: string): SandboxEndpoint;
}

export interface SandboxEndpoint {
  url: string;
  customerName: string;
  userName: string;
  password: string;
  /** The realistic profile: the service's rate limit is on, so the client paces to it. */
  realistic: boolean;
  /** The account as saved plans record it (the port changes every run: the state file stands for it). */
  account(binding: Readonly<Record<string, string>>): ProviderAccount;
}
