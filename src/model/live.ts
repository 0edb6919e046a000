import type { LiveDnsState } from './dns.js';
import type { LiveWafState } from './waf.js';

/**
 * Everything read live for one plan. Each service's part is read only when the desired state names that service:
 * `dns` holds each DNS provider's live state under its name (every provider of `DesiredState.dnsProviders`), and
 * `waf` is present exactly when the desired state has a `waf` section.
 */
export interface LiveState {
  dns: Readonly<Record<string, LiveDnsState>>;
  waf?: LiveWafState;
}
