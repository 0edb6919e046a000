/**
 * Crash safety: a real `edgeplan apply` child process is killed with SIGKILL at seeded points of
 * its run (after the emulator has answered k requests). Then: the dead session's pending changes are dropped when
 * it expires and never published; every publish made carries a zone's complete change (every record type); the
 * next apply converges, in the emulator's published records too; nothing outside the plan changed. The emulator
 * runs in this process with a short session idle time, and a small latency so that kills land between requests of
 * every phase (reads, writes, publishes, the re-plan).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/emulator/faults/prng.js';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { cli } from '../support/cli.js';
import { spawnCli } from '../support/cli-process.js';
import { startEmulator } from '../support/emulator.js';
import { type LiveRecord, type Scenario, seedZones, yamlOf } from './chaos-scenario.js';
import { lostRecords, partialPublishes, unconverged } from './expectations.js';
import { DNS_CREDENTIALS } from './profile.js';

const KILLS = Number(process.env.EDGEPLAN_CRASH_KILLS ?? 6);
const IDLE_MS = 400;

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
/** Three zones with adds, updates and deletes of several types each, one of them created by the apply. */
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
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-crash-'));
  file = join(dir, 'desired.yaml');
  await Promise.all([writeFile(file, yamlOf(SCENARIO)), ensureBuilt()]);
}, BUILD_BUDGET_MS);
afterAll(() => rm(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Seen {
  killed: number;
  leftPending: number;
  killedAfterPublish: number;
}

/** One run killed after `killAt` answered requests, then what must hold after it; counts what the kill hit. */
async function killAndRecover(killAt: number, seen: Seen): Promise<void> {
  const at = `killed after ${killAt} answered requests`;
  const { emulator, env, close } = await startEmulator({
    seed: { dns: { credentials: DNS_CREDENTIALS, zones: seedZones(SCENARIO) } },
    sessionIdleMs: IDLE_MS,
    chaos: { latencyMs: 15, jitterMs: 10, seed: killAt },
  });
  try {
    const before = emulator.snapshot();
    const run = spawnCli(['apply', file, '--yes'], env, { built: true });
    let killed = false;
    while (!run.ended()) {
      if (emulator.requestLog.entries.length >= killAt) {
        killed = run.child.kill('SIGKILL');
        break;
      }
      await sleep(2);
    }
    await run.exited;
    const publishedAtKill = emulator.chaos.publishes.length;
    if (killed) seen.killed++;
    if (emulator.chaos.pendingChanges().some((p) => p.changes > 0)) seen.leftPending++;
    if (killed && publishedAtKill > 0) seen.killedAfterPublish++;

    // The dead session expires and takes its pending changes with it; none of them is ever published.
    await sleep(IDLE_MS + 50);
    emulator.chaos.sweepSessions();
    expect(emulator.chaos.pendingChanges(), at).toEqual([]);
    expect(emulator.chaos.publishes.length, at).toBe(publishedAtKill);
    expect(partialPublishes(SCENARIO, emulator.chaos.publishes), at).toEqual([]);

    emulator.chaos.setEnabled(false);
    const next = await cli(['apply', file, '--yes'], env);
    expect(next.code, `${at}: ${next.stderr}`).toBe(0);
    expect((await cli(['plan', file], env)).code, at).toBe(0);
    expect(partialPublishes(SCENARIO, emulator.chaos.publishes), at).toEqual([]);
    expect(lostRecords(SCENARIO, before, emulator.snapshot()), at).toEqual([]);
    expect(unconverged(SCENARIO, emulator.snapshot()), at).toEqual([]);
    // A run that ended before its kill point went all the way: it published.
    expect(killed || publishedAtKill > 0, at).toBe(true);
  } finally {
    await close();
  }
}

/** Each kill: a process (the built CLI) up to its kill point, the idle expiry, an apply and a plan in this process. */
const BUDGET_MS = KILLS * 40_000;

describe('SIGKILL during apply', () => {
  // An uninterrupted apply answers 46 requests: login and reads (5), 33 writes and the three publishes (answered
  // 37th, 40th and 41st), the re-plan's reads (4) and the logout. One kill point in each of KILLS equal parts of 2…45.
  const random = mulberry32(20240606);
  const points = Array.from({ length: KILLS }, (_, i) => 2 + Math.floor(((i + random()) / KILLS) * 44));

  it(
    `killed at ${KILLS} points of its run, before any publish with changes pending and between publishes: each next apply converges`,
    async () => {
      const seen: Seen = { killed: 0, leftPending: 0, killedAfterPublish: 0 };
      for (const killAt of points) await killAndRecover(killAt, seen);
      // The kills hit every phase.
      expect(seen.killed).toBeGreaterThanOrEqual(KILLS - 1);
      expect(seen.leftPending).toBeGreaterThan(0);
      expect(seen.killedAfterPublish).toBeGreaterThan(0);
    },
    BUDGET_MS,
  );
});
