/**
 * Each sign of another writer (src/providers/dyn/write/write-conflict.ts), met by two real `edgeplan apply` processes on
 * one emulator, in a known order: run A reads the zone and plans, then its first write of the kind picked is held
 * back by a proxy (support/proxy.ts) while run B applies its own desired state to the same zone to the end; then
 * A's write goes on. A must not publish: it fails the zone with "changed while applying (<the sign>); not published,
 * plan again", its pending changes are discarded, and the zone is exactly as B left it.
 *
 * What this waits on: A's held request is in flight for as long as run B takes (about a second on a quiet
 * machine), against A's 30 s HTTP timeout per attempt.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorSeed } from '../../src/emulator/index.js';
import { publishedRecords, publishedSerial } from '../integration/helpers.js';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { spawnCli } from '../support/cli-process.js';
import { type RunningEmulator, startEmulator } from '../support/emulator.js';
import { startCountingProxy } from '../support/proxy.js';

/**
 * Each case runs two processes of the built CLI one after the other: 6–8 s at load 9 on 2 cores; the budget holds
 * beside a CPU burner with vitest at nice 10 too (`npm run test:load`).
 */
const BUDGET_MS = 180_000;

type Live = { fqdn: string; type: string; ttl: number; rdata: Record<string, string> }[];
const a = (fqdn: string, address: string) => ({ fqdn, type: 'A', ttl: 300, rdata: { address } });
const txt = (fqdn: string, txtdata: string) => ({ fqdn, type: 'TXT', ttl: 300, rdata: { txtdata } });

interface Case {
  name: string;
  zone: string;
  /** The zone's published records before both runs; absent: the zone does not exist. */
  live?: Live;
  /** The `records:` map of the zone in A's and in B's desired state, YAML flow style. */
  runA: string[];
  runB: string[];
  /** Which of A's requests is held until B is done. */
  hold: RegExp;
  sign: RegExp;
}

const CASES: Case[] = [
  {
    name: 'a delete of a record B deleted: 404',
    zone: 'delete.test',
    live: [a('www.delete.test', '192.0.2.1'), txt('old.delete.test', 'old')],
    runA: ['www: { a: [192.0.2.1], ttl: 300 }', 'new: { txt: ["from A"] }'],
    runB: ['www: { a: [192.0.2.1], ttl: 300 }'],
    hold: /^DELETE \/REST\/TXTRecord\//,
    sign: /\(a record the plan read is gone: DELETE \/REST\/TXTRecord\/delete\.test\/old\.delete\.test\/\d+\/: 404 NOT_FOUND /,
  },
  {
    name: 'an update of a record B deleted: 404',
    zone: 'update.test',
    live: [a('www.update.test', '192.0.2.1')],
    runA: ['www: { a: [198.51.100.1], ttl: 300 }'],
    runB: ['other: { a: [192.0.2.9] }'],
    hold: /^PUT \/REST\/ARecord\//,
    sign: /\(a record the plan read is gone: PUT \/REST\/ARecord\/update\.test\/www\.update\.test\/\d+\/: 404 NOT_FOUND /,
  },
  {
    name: 'an add of a value B added: a duplicate',
    zone: 'add.test',
    live: [a('www.add.test', '192.0.2.1')],
    runA: ['www: { a: [192.0.2.1], ttl: 300 }', 'api: { txt: ["same"] }'],
    runB: ['www: { a: [192.0.2.1], ttl: 300 }', 'api: { txt: ["same"] }'],
    hold: /^POST \/REST\/TXTRecord\//,
    sign: /\(a record the plan adds exists already: POST \/REST\/TXTRecord\/add\.test\/api\.add\.test\/: 400 TARGET_EXISTS /,
  },
  {
    name: 'a create of a zone B created',
    zone: 'create.test',
    runA: ['www: { a: [192.0.2.1] }'],
    runB: ['www: { a: [192.0.2.2] }'],
    hold: /^POST \/REST\/(Zone|ZoneFile)\/create\.test\//,
    sign: /\(the zone the plan creates exists already: POST \/REST\/(Zone|ZoneFile)\/create\.test\/: 400 TARGET_EXISTS /,
  },
  {
    name: 'writes that all succeed, in a zone B published meanwhile: the serial moved',
    zone: 'serial.test',
    live: [a('www.serial.test', '192.0.2.1'), a('other.serial.test', '192.0.2.5')],
    runA: ['www: { a: [198.51.100.1], ttl: 300 }', 'other: { a: [192.0.2.5], ttl: 300 }'],
    runB: ['www: { a: [192.0.2.1], ttl: 300 }', 'other: { a: [192.0.2.6], ttl: 300 }'],
    hold: /^PUT \/REST\/ARecord\//,
    sign: /\(serial 7 → 8: someone else published it\)/,
  },
  {
    name: 'a publish B beat between its serial check and the publish: refused',
    zone: 'publish.test',
    live: [a('www.publish.test', '192.0.2.1'), txt('keep.publish.test', 'keep')],
    runA: ['www: { a: [198.51.100.1], ttl: 300 }', 'keep: { txt: ["keep"], ttl: 300 }'],
    runB: ['keep: { txt: ["keep"], ttl: 300 }'],
    hold: /^PUT \/REST\/Zone\/publish\.test\//,
    sign: /\(the publish was refused after another publish, serial 7 → 8: PUT \/REST\/Zone\/publish\.test\/: 400 OPERATION_FAILED /,
  },
];

let dir: string;
let running: RunningEmulator;

beforeAll(async () => {
  const zones: NonNullable<EmulatorSeed['dns']>['zones'] = {};
  for (const c of CASES) if (c.live) zones[c.zone] = { serial: 7, records: c.live };
  [dir, running] = await Promise.all([
    mkdtemp(join(tmpdir(), 'edgeplan-conflict-')),
    startEmulator({ seed: { dns: { zones } } }),
    ensureBuilt(),
  ]);
}, BUILD_BUDGET_MS);

afterAll(async () => {
  await running?.close();
  await rm(dir, { recursive: true, force: true });
});

async function desired(c: Case, run: 'a' | 'b'): Promise<string> {
  const path = join(dir, `${c.zone}-${run}.yaml`);
  const records = (run === 'a' ? c.runA : c.runB).map((line) => `      ${line}`);
  // A zone the account does not have is created only when the desired state says so (settings.safety).
  const create = c.live ? [] : ['    create: {}'];
  await writeFile(path, ['zones:', `  ${c.zone}:`, ...create, '    records:', ...records, ''].join('\n'));
  return path;
}

describe('a run whose zone another run published under it', () => {
  for (const c of CASES) {
    it(
      c.name,
      async () => {
        const [fileA, fileB] = await Promise.all([desired(c, 'a'), desired(c, 'b')]);
        const proxy = await startCountingProxy(running.url.replace(/\/REST$/, ''), {
          hold: (method, path) => c.hold.test(`${method} ${path}`),
        });
        try {
          const envA = { ...running.env, EDGEPLAN_DYN_URL: `${proxy.url}/REST` };
          const runA = spawnCli(['apply', fileA, '--yes'], envA, { built: true });
          const held = await Promise.race([proxy.held, runA.exited.then(() => 'A ended before the hold')]);
          expect(held, runA.stdout() + runA.stderr()).toMatch(c.hold);

          const runB = spawnCli(['apply', fileB, '--yes'], running.env, { built: true });
          expect((await runB.exited).code, runB.stdout() + runB.stderr()).toBe(0);
          const afterB = publishedRecords(running.emulator, c.zone);
          const serialB = publishedSerial(running.emulator, c.zone);

          proxy.release();
          const { code } = await runA.exited;
          const output = runA.stdout() + runA.stderr();
          expect(code, output).toBe(1);
          expect(output).toMatch(new RegExp(`zone ${c.zone.replace('.', '\\.')} changed while applying \\(`));
          expect(output).toMatch(c.sign);
          expect(output).toMatch(/\); not published, plan again/);
          // A published nothing: the zone is as B left it, and nothing of A is pending in any session.
          expect(publishedRecords(running.emulator, c.zone)).toEqual(afterB);
          expect(publishedSerial(running.emulator, c.zone)).toBe(serialB);
          expect(running.emulator.chaos.pendingChanges().filter((p) => p.zone === c.zone)).toEqual([]);
        } finally {
          await proxy.close();
        }
      },
      BUDGET_MS,
    );
  }
});
