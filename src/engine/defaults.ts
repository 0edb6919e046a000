/** How `apply` runs by default; in a file of its own so that the CLI's options load nothing of the engine. */

/** High enough to fill the services' rate budgets over real latencies; the scheduler of each provider paces. */
export const DEFAULT_APPLY_CONCURRENCY = 16;
