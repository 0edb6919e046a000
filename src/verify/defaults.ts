/** How `verify` and `apply --wait-served` ask by default; in a file of its own so the CLI's options load nothing. */

/** How long one DNS query attempt may take (`--query-timeout`). */
export const DEFAULT_QUERY_TIMEOUT_MS = 2_000;

/** DNS queries in flight at once, over all servers (`--concurrency`). */
export const DEFAULT_QUERY_CONCURRENCY = 16;
