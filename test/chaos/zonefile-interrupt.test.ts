/**
 * An interrupt while a plan reads a large zone file: a real `edgeplan plan --verbose` process gets SIGINT or SIGTERM
 * once it says it is reading the file's text (some 300,000 records: seconds of work). The read stops at its next
 * step, and the command says so and exits 130 or 143, printing no plan. "While reading" is the process's own debug
 * line, not a time.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { spawnCli } from '../support/cli-process.js';

const RECORDS = 300_000;
const DESIRED = `providers:
  files: { type: zonefile, directory: zones }
zones:
  example.com:
    providers: [files]
    records:
      www: { a: [192.0.2.1] }
    unmanaged: ["h*"]
`;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-interrupt-'));
  await mkdir(join(dir, 'zones'));
  const lines = ['$TTL 300', '@ SOA ns1.example.net. hostmaster 1 1h 10m 2w 5m', '@ NS ns1.example.net.'];
  for (let i = 0; i < RECORDS; i++) lines.push(`h${i} A 192.0.2.${i % 250}`);
  await writeFile(join(dir, 'zones', 'example.com.zone'), `${lines.join('\n')}\n`);
  await writeFile(join(dir, 'desired.yaml'), DESIRED);
  await ensureBuilt();
}, BUILD_BUDGET_MS);
afterAll(() => rm(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an interrupt while the plan reads a zone file', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s: stops the read, says so, exits %i and prints no plan',
    async (signal, code) => {
      const run = spawnCli(['plan', join(dir, 'desired.yaml'), '--verbose'], {}, { built: true });
      const reading = () => run.stderr().includes('debug: reading zones/example.com.zone (');
      while (!reading() && !run.ended()) await sleep(2);
      run.child.kill(signal);
      const exit = await run.exited;
      expect(exit, run.stderr()).toEqual({ code, signal: null });
      expect(run.stderr()).toContain(`${signal}: stopping: the reads under way are abandoned`);
      expect(run.stderr()).toContain(
        `error EP7001: interrupted by ${signal} while reading live state: nothing was changed`,
      );
      expect(run.stdout()).toBe('');
    },
    60_000,
  );
});
