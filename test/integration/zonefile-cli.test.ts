/**
 * The zonefile provider through the CLI, as a user runs it in a repository: the directory is relative to the file
 * that declares the provider (the same plan from the root and from a subdirectory), apply rewrites the file, a saved
 * plan refuses a file edited after it, and a directory outside the repository is refused before anything is read.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkZone, checkzoneMissing } from '../providers/zonefile/checkzone.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its slowest test (0.7 s quiet, in the full suite on 2 cores), rounded up; it runs the
// CLI or other programs, which a loaded machine slows most.
vi.setConfig({ testTimeout: 15_000, hookTimeout: 30_000 });

const ZONE = `$TTL 300
@ SOA ns1.example.net. hostmaster.example.com. 2024010101 1h 10m 2w 5m
@ NS ns1.example.net.
www A 192.0.2.1
legacy KX 10 kx.example.net.
`;
const DESIRED = `providers:
  files: { type: zonefile, directory: zones }
zones:
  example.com:
    providers: [files]
    records:
      www: { a: [192.0.2.1, 192.0.2.2] }
`;

let repo = '';
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-cli-'));
  await mkdir(join(repo, '.git'));
  await mkdir(join(repo, 'dns', 'zones'), { recursive: true });
  await writeFile(join(repo, 'dns', 'zones', 'example.com.zone'), ZONE);
  await writeFile(join(repo, 'dns', 'desired.yaml'), DESIRED);
});
afterEach(() => rm(repo, { recursive: true, force: true }));

const zoneFile = () => join(repo, 'dns', 'zones', 'example.com.zone');

describe('edgeplan with a zonefile provider', () => {
  it('plans the same from any directory, applies once, and plans nothing after', async () => {
    const fromRoot = await cli(['plan', 'dns/desired.yaml'], {}, { cwd: repo });
    const fromDns = await cli(['plan', 'desired.yaml'], {}, { cwd: join(repo, 'dns') });
    expect(fromRoot.code).toBe(2);
    expect(fromRoot.stdout).toContain('~ www.example.com A ttl 300→3600, +192.0.2.2');
    expect(fromDns.stdout).toBe(fromRoot.stdout);

    const applied = await cli(['apply', 'dns/desired.yaml', '--yes'], {}, { cwd: repo });
    expect(applied.code).toBe(0);
    const text = await readFile(zoneFile(), 'utf8');
    expect(text).toContain('www\t3600\tIN\tA\t192.0.2.2\n');
    // The lines of records the apply did not change are kept as written; the SOA's serial is changed in place.
    expect(text).toContain('\nlegacy KX 10 kx.example.net.\n');
    expect(text).toMatch(/\n@ SOA ns1\.example\.net\. hostmaster\.example\.com\. 20\d{8} 1h 10m 2w 5m\n/);
    if (checkzoneMissing() === null) expect((await checkZone('example.com', zoneFile())).ok).toBe(true);
    expect((await cli(['plan', 'dns/desired.yaml'], {}, { cwd: repo })).code).toBe(0);
  });

  it('an apply parses the zone file twice: its plan, the text it writes; the check plan takes that parse', async () => {
    const applied = await cli(['apply', 'dns/desired.yaml', '--yes', '--verbose'], {}, { cwd: repo });
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Converged');
    const parses = applied.stderr
      .split('\n')
      .filter((line) => line.includes('reading dns/zones/example.com.zone ('));
    expect(parses).toHaveLength(2);
  });

  it('applies a saved plan only to the file it was made from, byte for byte', async () => {
    const saved = await cli(['plan', 'dns/desired.yaml', '--out', 'plan.json'], {}, { cwd: repo });
    expect(saved.code).toBe(2);
    expect(await readFile(join(repo, 'plan.json'), 'utf8')).toContain('"file": "dns/zones/example.com.zone"');

    // Records edited: the plan is stale (apply reads the zone again before anything is written).
    await writeFile(zoneFile(), ZONE.replace('192.0.2.1', '192.0.2.9'));
    const stale = await cli(['apply', 'dns/desired.yaml', '--plan', 'plan.json', '--yes'], {}, { cwd: repo });
    expect(stale.code).not.toBe(0);
    expect(stale.stderr).toContain('zone:example.com@files: its records differ from the ones planned');

    // Only a comment added: the records are the plan's, but the file is not the one it read (its digest is in
    // the plan's op), and it is kept. The writer's own compare-and-swap (write.test.ts) covers an edit after this.
    const commented = `${ZONE}; a note someone added\n`;
    await writeFile(zoneFile(), commented);
    const run = await cli(['apply', 'dns/desired.yaml', '--plan', 'plan.json', '--yes'], {}, { cwd: repo });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('"digest":"');
    expect(run.stderr).toContain('Nothing was sent. Plan again and review the new plan.');
    expect(await readFile(zoneFile(), 'utf8')).toBe(commented);
  });

  it('refuses a directory outside the repository before reading anything', async () => {
    await writeFile(
      join(repo, 'dns', 'desired.yaml'),
      DESIRED.replace('directory: zones', 'directory: ../..'),
    );
    const run = await cli(['plan', 'dns/desired.yaml'], {}, { cwd: repo });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`the zone file directory .. lies outside the git repository at ${repo}`);
  });

  it('prints each problem of a zone file at file:line:col with its code, as every problem is printed', async () => {
    await writeFile(
      zoneFile(),
      `${ZONE}www IN IN A 192.0.2.3\n\tTXT "open\nmx MX ( 10\n  mail.example.net.\n`,
    );
    const run = await cli(['plan', 'dns/desired.yaml'], {}, { cwd: repo });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const file = 'dns/zones/example.com.zone';
    expect(run.stderr).toContain(
      [
        `${file}: 3 problems, so the zone cannot be read:`,
        `  ${file}:6:8: EP2501 IN is a second class after IN: a record has one class (RFC 1035 §5.1)`,
        `  ${file}:7:6: EP2501 a quoted string is not closed on its line`,
        `  ${file}:8:7: EP2501 "(" is not closed before the end of the file`,
      ].join('\n'),
    );
  });
});
