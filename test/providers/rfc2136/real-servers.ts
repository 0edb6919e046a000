import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { planReviewed } from '../../../src/engine/index.js';
import type { DnsProvider } from '../../../src/model/dns.js';
import type { Plan } from '../../../src/plan/types.js';
import { createRfc2136Provider } from '../../../src/providers/rfc2136/index.js';
import { providerLike } from '../../support/load-options.js';
import { DYN } from '../../support/one-provider.js';
import {
  type Rfc2136Server,
  type ServerKind,
  serversMissing,
  startServer,
  type ZoneSetup,
} from './servers.js';

/**
 * What the tests against real RFC 2136 servers (servers.ts: BIND 9 and Knot) share: one describe per server, a
 * server with the test's zones and a provider on it, and plans of desired states the tests write.
 */

/** `body(kind)` in a describe of its own on BIND 9 and on Knot, or one skipped describe saying what is missing. */
export function describeOnServers(what: string, body: (kind: ServerKind) => void): void {
  const missing = serversMissing();
  if (missing !== null) {
    describe.skip(`${what} (skipped: ${missing})`, () => {
      it.skip('not run', () => {});
    });
    return;
  }
  describe(`${what} on BIND 9`, () => body('bind'));
  describe(`${what} on Knot`, () => body('knot'));
}

export type Rfc2136Dns = DnsProvider & { close(): Promise<void> };

/** An RFC 2136 provider on `port` of 127.0.0.1, signing with `server`'s TSIG key. */
export function providerOn(
  server: Rfc2136Server,
  port = server.port,
  extra: { maxMessageOctets?: number } = {},
) {
  return createRfc2136Provider({
    name: 'dns',
    server: { host: '127.0.0.1', port },
    key: server.key,
    ...extra,
  });
}

/**
 * Inside a describe: `kind` started with `zones` before its tests and a provider on it, both stopped after them.
 * Read `server` and `dns` in the tests (they are set once the describe's beforeAll has run).
 */
export function serverWithProvider(
  kind: ServerKind,
  zones: readonly ZoneSetup[],
): { readonly server: Rfc2136Server; readonly dns: Rfc2136Dns } {
  let server: Rfc2136Server | undefined;
  let dns: Rfc2136Dns | undefined;
  beforeAll(async () => {
    server = await startServer(kind, zones);
    dns = providerOn(server);
  });
  afterAll(async () => {
    await dns?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error(`the ${kind} server is not started`);
      return server;
    },
    get dns() {
      if (!dns) throw new Error(`no provider on the ${kind} server`);
      return dns;
    },
  };
}

/**
 * At the top of a test file: a temporary directory for its desired states (removed after its tests), and the
 * reviewed plan of one zone against `dns` alone, `body` the YAML under the zone's name.
 */
export function zonePlanner(name: string): (dns: DnsProvider, zone: string, body: string) => Promise<Plan> {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), `edgeplan-rfc2136-${name}-`));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return async (dns, zone, body) => {
    const file = join(dir, `${zone}-${Math.random().toString(36).slice(2)}.yaml`);
    await writeFile(file, `zones:\n  ${zone}:\n${body}`);
    const loaded = await loadDesiredState([file], providerLike(dns.name, dns.capabilities));
    if (!loaded.ok)
      throw new Error(`the test desired state does not load: ${JSON.stringify(loaded.diagnostics)}`);
    return planReviewed(loaded.desired, { dns: { [DYN]: dns } });
  };
}

/** A plan's changes as `create x.example.com A` (record sets) or the action alone (anything else). */
export function changeLines(plan: Plan): string[] {
  return plan.changes.map((change) =>
    change.address.kind === 'record-set'
      ? `${change.action} ${change.address.fqdn} ${change.address.type}`
      : change.action,
  );
}
