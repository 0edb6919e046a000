/**
 * A live zone with what the zone lints call errors (two SPF policies at a name, a CNAME loop) imported from the
 * emulator: import writes the zone as it is, with an `allow_lints` naming the lint at each set a finding is about,
 * and its round trip holds (exit 0); `validate` and `plan` on the same files warn and plan nothing; a plan that
 * changes an allowed set refuses it, and a finding no allowance names stays an error.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_LINT_REASON } from '../../src/cli/services/import-provider.js';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: an import with its round-trip plan, then validate and plan, through the CLI in-process (about 1.5 s at
// load 10 on 2 cores); ten times that, rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

const ZONE = 'lint.example';

const RECORDS: { fqdn: string; type: string; ttl: number; rdata: Record<string, string> }[] = [
  { fqdn: ZONE, type: 'TXT', ttl: 300, rdata: { txtdata: 'v=spf1 -all' } },
  { fqdn: ZONE, type: 'TXT', ttl: 300, rdata: { txtdata: 'v=spf1 include:_spf.example.net ~all' } },
  { fqdn: `a.${ZONE}`, type: 'CNAME', ttl: 300, rdata: { cname: `b.${ZONE}.` } },
  { fqdn: `b.${ZONE}`, type: 'CNAME', ttl: 300, rdata: { cname: `a.${ZONE}.` } },
  { fqdn: `www.${ZONE}`, type: 'A', ttl: 300, rdata: { address: '192.0.2.10' } },
];

describe('import of a live zone with lint errors', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-lints-'));
    sandbox = await startSandbox({ dns: { zones: { [ZONE]: { records: RECORDS } } } });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });
  const file = () => join(dir, `${ZONE}.yaml`);

  it('writes the zone with an allow_lints at each set a lint error is about, and its round trip holds', async () => {
    const run = await cli(['import', '--zones', ZONE, '--out', dir], sandbox.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Round trip: planning the written files against live state shows no changes.',
    );
    const text = await readFile(file(), 'utf8');
    expect(text).toContain(
      `"@": { txt: [ v=spf1 -all, v=spf1 include:_spf.example.net ~all ], allow_lints: [ spf-twice ] }`,
    );
    expect(text).toContain(`a: { cname: b.${ZONE}., allow_lints: [ cname-loop ] }`);
    expect(text).toContain(`b: { cname: a.${ZONE}., allow_lints: [ cname-loop ] }`);
    expect(text).toContain(`www: { a: [ 192.0.2.10 ] }`);
    const warnings = run.stderr.split('\n').filter((line) => line.includes(': warning: '));
    // Two SPF policies (one finding at the set), and the loop at each of its aliases.
    expect(warnings).toHaveLength(3);
    for (const line of warnings) {
      expect(line.startsWith(`${file()}:`), line).toBe(true);
      expect(line).toContain('(an error, allowed by allow_lints at ');
      expect(line).not.toContain(LIVE_LINT_REASON);
    }
    expect(run.stderr.split('\n').filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('validate and plan take the written files as they are: warnings, exit 0, no changes', async () => {
    const validate = await cli(['validate', file()], sandbox.env);
    expect(validate.code, validate.stderr).toBe(0);
    expect(validate.stderr.split('\n').filter((line) => line.includes(': warning: '))).toHaveLength(3);
    const plan = await cli(['plan', file()], sandbox.env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes');
  });

  it('a plan that changes an allowed set refuses it: the finding is an error for a change', async () => {
    const text = await readFile(file(), 'utf8');
    const changed = join(dir, 'changed');
    await mkdir(changed);
    await writeFile(
      join(changed, `${ZONE}.yaml`),
      text.replace(
        `a: { cname: b.${ZONE}., allow_lints: [ cname-loop ] }`,
        `a: { cname: b.${ZONE}., ttl: 600, allow_lints: [ cname-loop ] }`,
      ),
    );
    const plan = await cli(['plan', changed], sandbox.env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `a.${ZONE} CNAME: this plan changes the set, and allow_lints: [cname-loop] allows the finding only for the set ` +
        'as it is live: record "a" CNAME: a loop of aliases',
    );
  });

  it('a new loop without allow_lints stays an error; an allowance that allows nothing is a warning', async () => {
    const dirNew = join(dir, 'new');
    await mkdir(dirNew);
    await writeFile(
      join(dirNew, `${ZONE}.yaml`),
      `zones:\n  ${ZONE}:\n    records:\n      c: { cname: d.${ZONE}. }\n      d: { cname: c.${ZONE}. }\n` +
        '      www: { a: [ 192.0.2.10 ], allow_lints: [ cname-loop ] }\n',
    );
    const validate = await cli(['validate', dirNew], sandbox.env);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toContain('record "c" CNAME: a loop of aliases');
    expect(validate.stderr).toContain(
      'warning: EP1408 allow_lints: cname-loop allows nothing here (no such finding at this set): remove it',
    );
  });
});
