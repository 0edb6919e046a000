import { EdgeplanError } from '../model/edgeplan-error.js';

/**
 * A DNS provider of a type no plug-in is registered for was asked to open (providers/registry.ts). Validation
 * refuses such a `type:` first (EP1103); this is what a desired state or a spec built by hand meets.
 */
export class ProviderTypeError extends EdgeplanError {
  override readonly code = 'EP1907';
  override readonly name = 'ProviderTypeError';

  constructor(
    readonly type: string,
    registered: readonly string[],
  ) {
    super(
      `no DNS provider of type ${JSON.stringify(type)} is registered; the types are ${registered.join(', ')}`,
    );
  }
}
