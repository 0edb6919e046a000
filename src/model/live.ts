import type { LiveDnsState } from './dns.js';
import type { LiveWafState } from './waf.js';

/**
 * Everything read live for one plan. Each service's part is read only when the desired state names that service:
 * `waf` is present exactly when the desired state has a `waf` section. With several DNS providers (`providers:`),
 * each provider's live state is in `dnsProviders` under its name, and the top-level DNS fields stay empty.
 */
export type LiveState = LiveDnsState & {
  waf?: LiveWafState;
  dnsProviders?: Readonly<Record<string, LiveDnsState>>;
};
