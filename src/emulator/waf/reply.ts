/**
 * An answer of the WAF emulator: status, extra headers and a JSON body (the `{error, error_description}` shape of
 * Doorkeeper, doorkeeper-gem/doorkeeper).
 */
export interface WafReply {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export type WafErrorCode =
  | 'invalid_client'
  | 'invalid_request'
  | 'invalid_token'
  | 'unsupported_grant_type'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'validation_failed'
  | 'rate_limit_exceeded'
  | 'request_too_large'
  | 'server_error';

/** `{"error", "error_description"}`, plus `errors: {field: [messages]}` on 422. */
export function wafError(
  status: number,
  error: WafErrorCode,
  description: string,
  errors?: Record<string, string[]>,
): WafReply {
  return {
    status,
    headers: {},
    body: { error, error_description: description, ...(errors ? { errors } : {}) },
  };
}

export function ok(body: unknown, status = 200, headers: Record<string, string> = {}): WafReply {
  return { status, headers, body };
}
