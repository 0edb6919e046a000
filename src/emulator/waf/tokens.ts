import { randomBytes } from 'node:crypto';
import type { ClientCredentials } from './account.js';
import { type WafReply, wafError } from './reply.js';

/** Doorkeeper's text for bad client credentials (doorkeeper-gem/doorkeeper `oauth/error_response.rb`). */
const INVALID_CLIENT =
  'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.';

/**
 * Access tokens of the token endpoint (`POST /api/oauth/token`, Oracle Dyn WAS help, Using the API): issued for the
 * account's client id and secret, valid `lifetimeSeconds` (7200 by default; tests shorten it or move the clock),
 * then refused with 401 `invalid_token` "The access token expired". No refresh tokens exist; revoking is `POST
 * /api/oauth/revoke`.
 */
export class TokenStore {
  private readonly tokens = new Map<string, { expiresAtMs: number; revoked: boolean }>();

  constructor(
    private readonly lifetimeSeconds: number,
    private readonly now: () => number,
  ) {}

  /** The token endpoint: credentials from any of the four encodings, already merged into `fields`. */
  issue(fields: Record<string, unknown>, client: ClientCredentials): WafReply {
    const grant = fields.grant_type;
    if (grant !== undefined && grant !== 'client_credentials') {
      return wafError(
        400,
        'unsupported_grant_type',
        'The authorization grant type is not supported by the authorization server.',
      );
    }
    if (fields.client_id !== client.client_id || fields.client_secret !== client.client_secret) {
      const reply = wafError(401, 'invalid_client', INVALID_CLIENT);
      reply.headers['WWW-Authenticate'] =
        `Bearer realm="Doorkeeper", error="invalid_client", error_description="${INVALID_CLIENT}"`;
      return reply;
    }
    const token = randomBytes(32).toString('hex');
    const nowMs = this.now();
    this.tokens.set(token, { expiresAtMs: nowMs + this.lifetimeSeconds * 1000, revoked: false });
    return {
      status: 200,
      headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
      body: {
        access_token: token,
        token_type: 'bearer',
        expires_in: this.lifetimeSeconds,
        scope: 'public',
        created_at: Math.floor(nowMs / 1000),
      },
    };
  }

  revoke(token: unknown): WafReply {
    const entry = typeof token === 'string' ? this.tokens.get(token) : undefined;
    if (entry) entry.revoked = true;
    return { status: 200, headers: {}, body: {} };
  }

  /** Makes the bearer token of an `Authorization` header expire now (fault injection); false when unknown. */
  expire(authorization: string | undefined): boolean {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const entry = match?.[1] ? this.tokens.get(match[1]) : undefined;
    if (entry) entry.expiresAtMs = Math.min(entry.expiresAtMs, this.now());
    return entry !== undefined;
  }

  /** Null when the `Authorization` header carries a live token, else the 401 to answer with. */
  check(authorization: string | undefined): WafReply | null {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const entry = match?.[1] ? this.tokens.get(match[1]) : undefined;
    let problem: string | undefined;
    if (!entry) problem = 'The access token is invalid';
    else if (entry.revoked) problem = 'The access token was revoked';
    else if (this.now() >= entry.expiresAtMs) problem = 'The access token expired';
    if (problem === undefined) return null;
    const reply = wafError(401, 'invalid_token', problem);
    reply.headers['WWW-Authenticate'] =
      `Bearer realm="Doorkeeper", error="invalid_token", error_description="${problem}"`;
    return reply;
  }
}
