import * as z from '../../model/zod.js';
import { HeaderSafeToken } from '../http/header-token.js';
import { wireParser } from '../http/wire-error.js';
import { WafWireError } from './errors.js';

/**
 * Wire shapes of the WAF API, only the fields the client uses (unknown fields are ignored: the token response also
 * carries `token_type`, `scope`, `created_at`; a webapp `domain`, `environment`, …).
 */

export const TokenResponse = z.lazy(() =>
  z.object({
    access_token: HeaderSafeToken,
    expires_in: z.number().check(z.int(), z.positive()),
  }),
);
export type TokenResponse = z.infer<typeof TokenResponse>;

export const WebappObject = z.lazy(() =>
  z.object({ id: z.string().check(z.minLength(1)), name: z.string() }),
);
export type WebappObject = z.infer<typeof WebappObject>;

export const GoodBotObject = z.lazy(() =>
  z.object({ id: z.string().check(z.minLength(1)), name: z.string(), enabled: z.boolean() }),
);
export type GoodBotObject = z.infer<typeof GoodBotObject>;

/** PROPOSED (no public documentation; write-api.ts): the 202 answer of a good-bots PUT. */
export const ChangeAccepted = z.lazy(() => z.object({ change_id: z.string().check(z.minLength(1)) }));

/** PROPOSED (no public documentation; write-api.ts): `GET /webapps/<id>/changes/<change_id>`. */
export const ChangeStatus = z.lazy(() =>
  z.object({
    status: z.enum(['pending', 'in_progress', 'finished', 'failed']),
    errors: z.optional(z.array(z.unknown())),
  }),
);
export type ChangeStatus = z.infer<typeof ChangeStatus>;

/** Parses a response body; a body that does not fit is a WafWireError naming `context` and the fields. */
export const parseWire = wireParser((context, issues) => new WafWireError(context, issues));
