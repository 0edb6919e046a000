/**
 * `edgeplan plan` against an RFC 2136 server that is not honest or not well (test/providers/rfc2136/hostile-server.ts):
 * a transfer whose later answers are unsigned, one of them injecting `evil A 6.6.6.6`, is refused and nothing is
 * planned from it; a server that trickles a byte every 2 s ends at the provider's `transfer_timeout`; and SIGTERM
 * stops a plan that is reading such a transfer at once (exit 143), however long its deadline.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TsigKey } from '../../src/dns-wire/tsig.js';
import {
  answerTo,
  type Exchange,
  frame,
  type HostileServer,
  soaOf,
  startHostileServer,
} from '../providers/rfc2136/hostile-server.js';
import { cli } from '../support/cli.js';
import { spawnCli } from '../support/cli-process.js';

// Time budget: a plan in process takes under a second; a child process through tsx takes up to 10 s under load.
vi.setConfig({ testTimeout: 60_000 });

const ZONE = 'hostile.test';
const KEY: TsigKey = { algorithm: 'hmac-sha256', name: 'edgeplan-test', secret: randomBytes(32) };
const WWW = { name: `www.${ZONE}`, type: 'A', ttl: 300, value: '192.0.2.1' };

let dir = '';
let server: HostileServer | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-rfc2136-hostile-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The desired state: `www` only, every other name the plan would delete, `transfer_timeout` as given. */
async function desired(timeout?: number): Promise<string> {
  const file = join(dir, `desired-${timeout ?? 'default'}.yaml`);
  await writeFile(
    file,
    [
      'providers:',
      `  dns: { type: rfc2136, server_env: EDGEPLAN_DNS_SERVER, tsig_env: EDGEPLAN_DNS_TSIG${timeout ? `, transfer_timeout: ${timeout}` : ''} }`,
      'zones:',
      `  ${ZONE}:`,
      '    providers: [dns]',
      '    records:',
      '      www: { a: [192.0.2.1], ttl: 300 }',
      '',
    ].join('\n'),
  );
  return file;
}

async function serve(script: (exchange: Exchange) => void) {
  server = await startHostileServer(KEY, script);
  return {
    EDGEPLAN_DNS_SERVER: `127.0.0.1:${server.port}`,
    EDGEPLAN_DNS_TSIG: `hmac-sha256:${KEY.name}:${KEY.secret.toString('base64')}`,
  };
}

/** A signed transfer of `www` and the SOA, written one octet every 2 s: never silent for the 10 s idle timeout. */
function drip({ query, signer, socket }: Exchange): void {
  const octets = frame(signer.signed(answerTo(query, [soaOf(ZONE), WWW, soaOf(ZONE)])));
  let at = 0;
  const next = () => {
    if (socket.destroyed || at >= octets.length) return;
    socket.write(octets.subarray(at, at + 1));
    at += 1;
    timer = setTimeout(next, 2_000);
  };
  let timer = setTimeout(next, 0);
  socket.on('close', () => clearTimeout(timer));
}

describe('plan against a hostile RFC 2136 server', () => {
  it('refuses a transfer whose injected record and closing SOA come unsigned: exit 1, nothing planned', async () => {
    const env = await serve(({ query, signer, send }) => {
      send(signer.signed(answerTo(query, [soaOf(ZONE), WWW])));
      send(
        signer.unsigned(answerTo(query, [{ name: `evil.${ZONE}`, type: 'A', ttl: 300, value: '6.6.6.6' }])),
      );
      send(signer.unsigned(answerTo(query, [soaOf(ZONE)])));
    });
    const run = await cli(['plan', await desired()], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `AXFR ${ZONE} at ${env.EDGEPLAN_DNS_SERVER}: TSIG: the last 2 answers are not signed: no signature covers them`,
    );
    expect(run.stdout).not.toContain('evil');
    expect(run.stdout).not.toContain('6.6.6.6');
  });

  it('ends a transfer that trickles at transfer_timeout: exit 1, naming the setting', async () => {
    const env = await serve(drip);
    const run = await cli(['plan', await desired(0.5)], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `AXFR ${ZONE} at ${env.EDGEPLAN_DNS_SERVER}: the answer did not end within 500 ms (transfer_timeout); nothing of it was kept`,
    );
  });

  it('SIGTERM while the transfer trickles: stops reading at once, exit 143, no plan', async () => {
    let connected = false;
    const env = await serve((exchange) => {
      connected = true;
      drip(exchange);
    });
    const run = spawnCli(['plan', await desired()], env);
    while (!connected && !run.ended()) await new Promise((resolve) => setTimeout(resolve, 5));
    run.child.kill('SIGTERM');
    const exit = await run.exited;
    expect(exit, run.stderr()).toEqual({ code: 143, signal: null });
    expect(run.stderr()).toContain(
      'error EP7001: interrupted by SIGTERM while reading live state: nothing was changed',
    );
    expect(run.stdout()).toBe('');
  });
});
