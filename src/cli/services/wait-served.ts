import type { ApplyResult } from '../../engine/index.js';
import type { RecordSetChange } from '../../model/change.js';
import { targetOf } from '../../model/change.js';
import type { DesiredState } from '../../model/dns.js';
import { shownProvider } from '../../model/shown-provider.js';
import { targetText } from '../../model/target.js';
import { plural, printable } from '../../model/text.js';
import { plannedExpectations } from '../../plan/review/served.js';
import type { Plan } from '../../plan/types.js';
import { DEFAULT_QUERY_CONCURRENCY, DEFAULT_QUERY_TIMEOUT_MS } from '../../verify/defaults.js';
import { type WaitResult, waitServed } from '../../verify/index.js';
import type { CliIo } from '../io.js';
import { givenNameServers, type NameServerOptions, serversOf } from '../options/name-servers.js';
import type { OpenServices } from './services.js';

/** `--wait-served` without a value: five minutes, more than most secondaries take to follow a NOTIFY. */
export const DEFAULT_WAIT_SERVED_MS = 5 * 60_000;
/** Pause between two rounds of questions. */
const POLL_MS = 1_000;

export interface WaitServedOptions extends NameServerOptions {
  /** `--wait-served[=TIMEOUT]`: true for the default; absent: off. */
  waitServed?: number | true;
}

/**
 * After an apply, waits until the name servers of every zone that was published serve the record sets it changed
 * as planned (deleted sets: not at all), or the timeout passes (verify/wait.ts). The servers are chosen as `verify`
 * chooses them (name-servers.ts). Zones whose step failed were not published and are not waited for.
 */
export async function waitUntilServed(
  plan: Plan,
  result: ApplyResult,
  desired: DesiredState | undefined,
  services: OpenServices,
  options: WaitServedOptions,
): Promise<WaitResult> {
  const published = new Set(
    result.steps
      .filter((step) => step.status === 'applied' && step.target.kind === 'zone')
      .map((step) => targetText(step.target)),
  );
  const changes = plan.changes.filter(
    (c): c is RecordSetChange =>
      c.address.kind === 'record-set' && published.has(targetText(targetOf(c.address))),
  );
  const deadlineMs =
    options.waitServed === true || options.waitServed === undefined
      ? DEFAULT_WAIT_SERVED_MS
      : options.waitServed;
  return waitServed(
    plannedExpectations(changes),
    serversOf(desired?.dnsProviders ?? [], givenNameServers(options), services.sandbox),
    {
      deadlineMs,
      intervalMs: POLL_MS,
      concurrency: DEFAULT_QUERY_CONCURRENCY,
      timeoutMs: DEFAULT_QUERY_TIMEOUT_MS,
      implicitProvider: plan.implicitProvider,
    },
  );
}

/** Per zone: served after how long, or which servers lag and on what; then the total wait. */
export function renderWaitText(
  wait: WaitResult,
  implicit: string | undefined,
  io: Pick<CliIo, 'stdout'>,
): void {
  const lines = wait.zones.flatMap((zone) => {
    const shown = shownProvider(zone.provider, implicit);
    const name = `${zone.zone}${shown === undefined ? '' : `@${shown}`}`;
    const sets = plural(zone.sets, 'changed record set');
    if (zone.servedAfterMs !== undefined)
      return [`  ${name}: served by every name server after ${seconds(zone.servedAfterMs)} (${sets})`];
    const lagging = zone.lagging.map((l) => `    ${l.server} lags: ${l.set}: ${l.why}`);
    return [`  ${name}: not served by every name server (${sets})`, ...lagging];
  });
  const head = wait.done
    ? `Served: every changed record set, after ${seconds(wait.waitedMs)}.`
    : `Not served within ${seconds(wait.waitedMs)}:`;
  // A lagging server's `why` quotes what it serves: each line escaped (model/text.ts `printable`).
  io.stdout(`${[head, ...lines].map(printable).join('\n')}\n`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
