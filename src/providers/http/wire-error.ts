import { EdgeplanError } from '../../model/edgeplan-error.js';
import type { ErrorCode } from '../../model/error-codes.js';
import type * as z from '../../model/zod.js';

/**
 * A response of a service did not have the shape its client expects. `context` says which request, and which zone,
 * webapp or item of it; `issues` name each failing field. Each provider has its own subclass (DynWireError,
 * WafWireError) so that a message says which service answered.
 */
export class WireError extends EdgeplanError {
  override readonly code: ErrorCode = 'EP2001';
  override readonly name: string = 'WireError';

  constructor(
    service: string,
    readonly context: string,
    readonly issues: string[],
  ) {
    super(`${context}: unexpected response from the ${service}: ${issues.join('; ')}`);
  }
}

/** A provider's `parseWire`: parses `value` with `schema` or throws the provider's WireError. */
export type WireParser = <S extends z.ZodMiniType>(schema: S, value: unknown, context: string) => z.infer<S>;

export function wireParser(fail: (context: string, issues: string[]) => WireError): WireParser {
  return (schema, value, context) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    throw fail(
      context,
      result.error.issues.map(
        (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`,
      ),
    );
  };
}
