import type { LiveDnsState } from './dns.js';

/**
 * Everything read live for one plan. Each service's part is read only when the desired state names that service;
 * the WAF part joins the DNS part here when it lands.
 */
export type LiveState = LiveDnsState;
