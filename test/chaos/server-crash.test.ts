/**
 * Crash safety on real servers, as crash.test.ts on Dyn's emulator: a real `edgeplan apply` (the built CLI) is
 * killed with SIGKILL at points spread over its run, each the moment the proxy in front of the server is given
 * its k-th request, which still goes on to the server: a read, the check before a write, a write the server
 * applies for a client that is gone. Then every zone is as it was or exactly as desired (PowerDNS applies a
 * zone's PATCH or POST whole, BIND and PowerDNS a zone's UPDATE whole), nothing outside the plan changed, and the
 * next apply converges. PowerDNS written by PATCH and by DNS UPDATE, and BIND 9 over RFC 2136.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { cli } from '../support/cli.js';
import { spawnCli } from '../support/cli-process.js';
import { type LiveRecord, type Scenario, targetLines, yamlOf } from './chaos-scenario.js';
import { lostRecords, same, unconverged, zoneLines } from './expectations.js';
import { asSnapshot } from './server-scenario.js';
import {
  type ChaosServer,
  SERVER_KINDS,
  type ServerKind,
  serverMissing,
  startChaosServer,
} from './server-targets.js';

const KILLS = Number(process.env.EDGEPLAN_CRASH_KILLS ?? 6);
/**
 * The killed apply, one zone at a time: its requests come in the same order every run (PowerDNS on sqlite answers
 * 500 to writes that meet, and their resends would move the kill points), so each kill point is met.
 */
const APPLY = (file: string) => ['apply', file, '--yes', '--concurrency', '1'];

/** At each label an A and a TXT record; `www` also has a KX, a type edgeplan does not manage. */
const live = (labels: string[]): LiveRecord[] =>
  labels.flatMap((label, i): LiveRecord[] => [
    { label, type: 'A', ttl: 300, rdata: { address: `192.0.2.${i + 1}` } },
    { label, type: 'TXT', ttl: 300, rdata: { txtdata: `keep ${label}` } },
    ...(label === 'www'
      ? [
          {
            label,
            type: 'KX',
            ttl: 300,
            rdata: { preference: 10, exchange: 'kx.example.net.' },
          },
        ]
      : []),
  ]);
const desired = {
  unmanaged: true,
  names: {
    '@': {
      a: ['198.51.100.7'],
      mx: [{ preference: 10, exchange: 'mx1.example.net.' }],
      txt: ['v=spf1 -all'],
    },
    www: { a: ['192.0.2.1', '192.0.2.3'], aaaa: ['2001:db8::1'], txt: ['keep www'], ttl: 60 },
    api: { cname: 'web.example.net.' },
    'x.y.z': { a: ['192.0.2.4'] },
  },
};
/** Three zones with adds, updates and deletes of several types each; on PowerDNS one is created by the apply. */
const SCENARIO: Scenario = {
  zoneNames: ['a.test', 'b.test', 'c.test'],
  live: {
    'a.test': live(['www', 'mail', 'old', 'older']),
    'b.test': live(['@', 'api', 'gone']),
    'c.test': null,
  },
  desired: { 'a.test': desired, 'b.test': desired, 'c.test': desired },
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-server-crash-'));
  await ensureBuilt();
}, BUILD_BUDGET_MS);
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Seen {
  killed: number;
  /** Kills after which some zone was already as desired: a write had gone through. */
  afterAWrite: number;
}

/** One run killed when the proxy is given request `killAt`, then what must hold; counts what the kill hit. */
async function killAndRecover(server: ChaosServer, file: string, killAt: number, seen: Seen): Promise<void> {
  const at = `${server.kind}: killed at request ${killAt}`;
  const scenario = server.scenario(SCENARIO);
  await server.seed(scenario);
  const before = asSnapshot(await server.read(scenario.zoneNames));
  const run = spawnCli(APPLY(file), server.cliEnv('proxy'), { built: true });
  let given = 0;
  let killed = false;
  server.tap(() => {
    given += 1;
    if (given === killAt) killed = run.child.kill('SIGKILL');
  });
  try {
    await run.exited;
  } finally {
    server.tap(null);
  }
  if (killed) seen.killed++;
  // The request the kill came with may still be at the server: its answer has nowhere to go, its write applies.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const after = asSnapshot(await server.read(scenario.zoneNames));
  for (const zone of scenario.zoneNames) {
    const now = zoneLines(scenario, after, zone);
    const whole = same(now, zoneLines(scenario, before, zone)) || same(now, targetLines(scenario, zone));
    expect(whole, `${at}: zone ${zone} is ${now.join(', ')}`).toBe(true);
  }
  if (scenario.zoneNames.some((zone) => same(zoneLines(scenario, after, zone), targetLines(scenario, zone))))
    seen.afterAWrite++;
  expect(lostRecords(scenario, before, after), at).toEqual([]);

  const next = await cli(['apply', file, '--yes'], server.cliEnv('direct'));
  expect(next.code, `${at}: ${next.stdout}${next.stderr}`).toBe(0);
  expect((await cli(['plan', file], server.cliEnv('direct'))).code, at).toBe(0);
  const final = asSnapshot(await server.read(scenario.zoneNames));
  expect(unconverged(scenario, final), at).toEqual([]);
  expect(lostRecords(scenario, before, final), at).toEqual([]);
}

/** Each kill: the built CLI up to its kill point, the next apply and a plan in this process, the reads. */
const BUDGET_MS = KILLS * 30_000;

function describeKills(kind: ServerKind): void {
  const missing = serverMissing(kind);
  if (missing !== null) {
    describe.skip(`SIGKILL during apply on ${kind} (skipped: ${missing})`, () => {
      it.skip('not run', () => {});
    });
    return;
  }
  describe(`SIGKILL during apply on ${kind}`, () => {
    let server: ChaosServer;
    let file: string;
    beforeAll(async () => {
      server = await startChaosServer(kind, SCENARIO.zoneNames);
      file = join(dir, `${kind}.yaml`);
      await writeFile(file, `${server.providersYaml}${yamlOf(server.scenario(SCENARIO))}`);
    }, 60_000);
    afterAll(() => server?.stop());

    it(
      `killed at ${KILLS} points of its run, reads and writes: every zone whole, then the next apply converges`,
      async () => {
        // An uninterrupted run, counted: the kill points spread over its requests, the first and last included.
        await server.seed(server.scenario(SCENARIO));
        let total = 0;
        server.tap(() => {
          total += 1;
        });
        const whole = await cli(APPLY(file), server.cliEnv('proxy'));
        server.tap(null);
        expect(whole.code, whole.stdout).toBe(0);
        const points = Array.from(
          { length: KILLS },
          (_, i) => 1 + Math.round((i * (total - 1)) / (KILLS - 1)),
        );
        const seen: Seen = { killed: 0, afterAWrite: 0 };
        for (const killAt of points) await killAndRecover(server, file, killAt, seen);
        expect(seen.killed).toBe(KILLS);
        // The kills hit before any write and after some.
        expect(seen.afterAWrite).toBeGreaterThan(0);
        expect(seen.afterAWrite).toBeLessThan(KILLS);
      },
      BUDGET_MS,
    );
  });
}

for (const kind of SERVER_KINDS) describeKills(kind);
