import type { Logger } from '../../../model/logger.js';
import { HttpError } from '../../http/errors.js';
import { registerSecret } from '../../http/secrets.js';
import type { HttpTransport } from '../../http/transport.js';
import {
  DynApiError,
  DynBaseUrlError,
  DynLoginError,
  DynSessionClosedError,
  DynWireError,
} from '../errors.js';
import { type DynOutcome, interpretResponse } from '../wire/envelope.js';
import { parseWire, SessionData } from '../wire/wire.js';

export interface DynCredentials {
  customerName: string;
  userName: string;
  password: string;
}

/** Passed to `onSessionRenewed`: which session is now current and why the previous one ended. */
export interface SessionRenewal {
  generation: number;
  reason: string;
}

export interface ActiveSession {
  token: string;
  /** 1 for the first login of this client, +1 for each later login. */
  generation: number;
}

/**
 * The session token of one client: logs in lazily, once per run, and shares one login between parallel first
 * calls. A renewal (after the service reports the token expired) is also shared: every call that saw the same
 * stale generation waits for the same new login.
 *
 * Contract: the service keeps unpublished changes per session (vendor docs, "Get Zone Changeset": changes "last only as long as your current session"), so a renewal loses every pending
 * change made under the old token. `generation` tells them apart and `onRenewed` reports each renewal.
 */
export class DynSession {
  #token: string | undefined;
  private pending: Promise<ActiveSession> | undefined;
  private renewalReason: string | undefined;
  private closed = false;
  generation = 0;

  /** ES private fields (also `#token`): never shown by `console.log`, `util.inspect` or `JSON.stringify` of the client. */
  readonly #credentials: DynCredentials;

  constructor(
    private readonly transport: HttpTransport,
    credentials: DynCredentials,
    private readonly logger: Logger,
    private readonly onRenewed: ((renewal: SessionRenewal) => void) | undefined,
  ) {
    this.#credentials = {
      customerName: credentials.customerName,
      userName: credentials.userName,
      password: credentials.password,
    };
    registerSecret(credentials.password);
  }

  current(): Promise<ActiveSession> {
    if (this.closed) return Promise.reject(new DynSessionClosedError());
    if (this.#token !== undefined)
      return Promise.resolve({ token: this.#token, generation: this.generation });
    this.pending ??= this.login().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** A new session unless another caller already replaced the `stale` one. */
  renew(stale: number, reason: string): Promise<ActiveSession> {
    if (this.generation === stale && this.#token !== undefined) {
      this.#token = undefined;
      this.renewalReason = reason;
    }
    return this.current();
  }

  /** Logs out and refuses every later login: a call still running when its run ends opens no second session. */
  async close(): Promise<void> {
    this.closed = true;
    await this.logout();
  }

  /** Ends the session. Errors are logged and swallowed: the session expires on its own. Idempotent. */
  async logout(): Promise<void> {
    const token = this.#token ?? (await this.pending?.catch(() => undefined))?.token;
    this.#token = undefined;
    if (token === undefined) return;
    try {
      await this.transport.request({
        method: 'DELETE',
        path: '/Session/',
        headers: { 'Content-Type': 'application/json', 'Auth-Token': token },
        // Ending a session twice is harmless; the second attempt at worst reports an unknown token.
        retryable: 'idempotent',
      });
    } catch (error) {
      this.logger.debug(
        `dyn: logout failed, ignored: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async login(): Promise<ActiveSession> {
    const res = await this.transport.request({
      method: 'POST',
      path: '/Session/',
      body: {
        customer_name: this.#credentials.customerName,
        user_name: this.#credentials.userName,
        password: this.#credentials.password,
      },
      headers: { 'Content-Type': 'application/json' },
      // A repeated login after an ambiguous failure at worst leaves an unused session, which expires on its own.
      retryable: 'idempotent',
    });
    let outcome: DynOutcome;
    try {
      outcome = interpretResponse(res, { method: 'POST', path: res.path }, this.transport.baseUrl);
    } catch (error) {
      throw loginFailure(error, this.transport.baseUrl);
    }
    if (outcome.kind === 'job')
      throw new DynWireError(`POST ${res.path}`, ['login answered with a job redirect']);
    const { token } = parseWire(SessionData, outcome.data, `POST ${res.path}`);
    registerSecret(token);
    this.#token = token;
    this.generation += 1;
    this.logger.debug(`dyn: logged in (session ${this.generation})`);
    const reason = this.renewalReason;
    this.renewalReason = undefined;
    if (reason !== undefined) this.onRenewed?.({ generation: this.generation, reason });
    return { token, generation: this.generation };
  }
}

/**
 * A failed login as callers see it: a 404 at a base address without `/REST` is DynBaseUrlError (the address, not the
 * credentials, is wrong); any other answer of the service DynLoginError.
 */
function loginFailure(error: unknown, baseUrl: string): unknown {
  const status =
    error instanceof DynApiError ? error.httpStatus : error instanceof HttpError ? error.status : undefined;
  if (status === 404 && !/\/REST\/?$/.test(new URL(baseUrl).pathname))
    return new DynBaseUrlError(baseUrl, { cause: error });
  return error instanceof DynApiError ? new DynLoginError(error) : error;
}
