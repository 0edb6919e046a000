import type { Logger } from '../../model/logger.js';
import { registerSecret } from '../http/secrets.js';
import type { HttpResponse } from '../http/transport.js';
import { parseWire, TokenResponse } from './wire.js';

export interface ActiveToken {
  value: string;
  /** 1 for the first token of this client, +1 for each later one. */
  generation: number;
}

/** Sends the token request (form fields) and returns the answer; the client adds pacing and error handling. */
export type TokenFetch = (form: URLSearchParams) => Promise<HttpResponse>;

/** Renew this long before expiry (a minute before `expires_in` runs out), at most half the lifetime. */
const RENEW_BEFORE_MS = 60_000;

/**
 * The access token of one client (Oracle Dyn WAS help, "Using the API": `POST <origin>/api/oauth/token`, tokens valid 7200 s): fetched lazily with the client id and secret (form-encoded, with
 * `grant_type=client_credentials`), shared by parallel first calls, cached, and fetched again shortly before it
 * expires. There is no refresh token: renewal is a new POST of the credentials. After a 401 the caller invalidates
 * the generation it used, so parallel callers that saw the same stale token share one renewal.
 */
export class TokenSource {
  #token: { value: string; renewAtMs: number } | undefined;
  readonly #clientId: string;
  readonly #clientSecret: string;
  private pending: Promise<ActiveToken> | undefined;
  generation = 0;

  constructor(
    clientId: string,
    clientSecret: string,
    private readonly fetchToken: TokenFetch,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {
    this.#clientId = clientId;
    this.#clientSecret = clientSecret;
    registerSecret(clientSecret);
  }

  current(): Promise<ActiveToken> {
    if (this.#token && this.now() < this.#token.renewAtMs)
      return Promise.resolve({ value: this.#token.value, generation: this.generation });
    this.pending ??= this.fetch().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Drops the token of generation `stale` (after a 401), unless another caller already replaced it. */
  invalidate(stale: number): void {
    if (this.generation === stale) this.#token = undefined;
  }

  private async fetch(): Promise<ActiveToken> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.#clientId,
      client_secret: this.#clientSecret,
    });
    const res = await this.fetchToken(form);
    const { access_token, expires_in } = parseWire(TokenResponse, res.json, `POST ${res.path}`);
    registerSecret(access_token);
    const lifetimeMs = expires_in * 1000;
    this.#token = {
      value: access_token,
      renewAtMs: this.now() + lifetimeMs - Math.min(RENEW_BEFORE_MS, lifetimeMs / 2),
    };
    this.generation += 1;
    this.logger.debug(`waf: new access token (generation ${this.generation}, valid ${expires_in} s)`);
    return { value: access_token, generation: this.generation };
  }
}
