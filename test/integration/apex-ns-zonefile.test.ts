/**
 * The apex NS set of a zone file: left as written while the desired state does not declare it; declared, a change
 * is held for approval (`apex-ns`), applied with `--allow-unsafe`, loaded by BIND (named-checkzone) with the new
 * servers, and a second plan is empty.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkZone, checkzoneMissing } from '../providers/zonefile/checkzone.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its test (about 1 s alone on 2 cores), rounded up; it runs the CLI and named-checkzone.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const ZONE = `$TTL 300
@ SOA ns1.example.net. hostmaster.example.com. 2024010101 1h 10m 2w 5m
@ NS ns1.example.net.
www A 192.0.2.1
`;
const desired = (apex: string) => `providers:
  files: { type: zonefile, directory: zones }
zones:
  example.com:
    providers: [files]
    records:
${apex}      www: { a: [192.0.2.1], ttl: 300 }
`;
const APEX_NS = '      "@": { ns: [ns1.example.net., ns2.example.net.], ttl: 600 }\n';

let repo = '';
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'edgeplan-apex-zonefile-'));
  await mkdir(join(repo, '.git'));
  await mkdir(join(repo, 'zones'));
  await writeFile(join(repo, 'zones', 'example.com.zone'), ZONE);
  await writeFile(join(repo, 'plain.yaml'), desired(''));
  await writeFile(join(repo, 'declared.yaml'), desired(APEX_NS));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

const run = (args: string[]) => cli(args, {}, { cwd: repo });

describe('the apex NS set of a zone file', () => {
  it('is left as written undeclared; declared, its change waits for approval, loads, and converges', async () => {
    expect((await run(['plan', 'plain.yaml'])).code).toBe(0);

    const plan = await run(['plan', 'declared.yaml']);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(
      'zone:example.com@files: changes the apex NS set of example.com (adds ns2.example.net.): the parent ' +
        "zone's delegation must name the same servers [apex-ns]",
    );
    expect((await run(['apply', 'declared.yaml', '--yes'])).code).toBe(1);
    expect(await readFile(join(repo, 'zones', 'example.com.zone'), 'utf8')).toBe(ZONE);

    const applied = await run(['apply', 'declared.yaml', '--yes', '--allow-unsafe']);
    expect(applied.code, applied.stderr).toBe(0);
    const text = await readFile(join(repo, 'zones', 'example.com.zone'), 'utf8');
    expect(text).toContain('@\t600\tIN\tNS\tns1.example.net.\n@\t600\tIN\tNS\tns2.example.net.\n');
    if (checkzoneMissing() === null) {
      const checked = await checkZone('example.com', join(repo, 'zones', 'example.com.zone'));
      expect(checked.ok, checked.output).toBe(true);
      const apexNs = checked.dump
        .split('\n')
        .filter((line) => /^example\.com\.\s+\d+\s+IN\s+NS\s/.test(line));
      expect(apexNs.map((line) => line.split(/\s+/).filter((_, i) => i === 1 || i === 4))).toEqual([
        ['600', 'ns1.example.net.'],
        ['600', 'ns2.example.net.'],
      ]);
    }
    expect((await run(['plan', 'declared.yaml'])).code).toBe(0);
    expect((await run(['plan', 'plain.yaml'])).code).toBe(0);
  });
});
