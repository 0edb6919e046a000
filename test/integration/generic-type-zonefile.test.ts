/**
 * A type by its number (RFC 3597) in a zone file: declared as `type65280`, written `TYPE65280 \# 3 010203`, loaded
 * by BIND (named-checkzone), planned empty after apply; an undeclared one is managed like any type (deleted under
 * the default `manage: all`, kept under `manage: declared`: docs/sharing.md); import writes it.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkZone, checkzoneMissing } from '../providers/zonefile/checkzone.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its test (about 1.5 s alone on 2 cores), rounded up; it runs the CLI and named-checkzone.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

// 65280 is private use (RFC 6895 §3.1); 65534 is BIND's own signing state, never used here.
const ZONE = `$TTL 300
@ SOA ns1.example.net. hostmaster.example.com. 2024010101 1h 10m 2w 5m
@ NS ns1.example.net.
old TYPE65280 \\# 2 ABCD
`;
const desired = (manage: string) => `providers:
  files: { type: zonefile, directory: zones }
zones:
  example.com:
    providers: [files]
${manage}    records:
      x: { type65280: ["\\\\# 3 01 02 03", "\\\\# 0"], ttl: 300 }
`;

let repo = '';
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'edgeplan-generic-zonefile-'));
  await mkdir(join(repo, '.git'));
  await mkdir(join(repo, 'zones'));
  await writeFile(join(repo, 'zones', 'example.com.zone'), ZONE);
  await writeFile(join(repo, 'declared.yaml'), desired('    manage: declared\n'));
  await writeFile(join(repo, 'all.yaml'), desired(''));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

const run = (args: string[]) => cli(args, {}, { cwd: repo });
const file = () => join(repo, 'zones', 'example.com.zone');

describe('a type by its number in a zone file (RFC 3597 §5)', () => {
  it('is written in the generic form, loads in BIND, plans empty, and an undeclared one goes only under manage: all (the default)', async () => {
    const applied = await run(['apply', 'declared.yaml', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const text = await readFile(file(), 'utf8');
    expect(text).toContain('x\t300\tIN\tTYPE65280\t\\# 0\nx\t300\tIN\tTYPE65280\t\\# 3 010203\n');
    expect(text).toContain('old TYPE65280 \\# 2 ABCD\n');
    if (checkzoneMissing() === null) {
      const checked = await checkZone('example.com', file());
      expect(checked.ok, checked.output).toBe(true);
      const generic = checked.dump.split('\n').filter((line) => /\sTYPE65280\s/.test(line));
      expect(
        generic.map((line) => line.split(/\s+/).slice(0, 1).concat(line.split(/\s+/).slice(4)).join(' ')),
      ).toEqual(['old.example.com. \\# 2 ABCD', 'x.example.com. \\# 0', 'x.example.com. \\# 3 010203']);
    }
    const again = await run(['plan', 'declared.yaml']);
    expect(again.code, again.stdout).toBe(0);

    const all = await run(['plan', 'all.yaml']);
    expect(all.code, all.stderr).toBe(2);
    expect(all.stdout).toContain('  - old.example.com TYPE65280 ttl 300 \\# 2 abcd\n');
    expect((await run(['apply', 'all.yaml', '--yes'])).code).toBe(0);
    expect(await readFile(file(), 'utf8')).not.toContain('old');
    expect((await run(['plan', 'all.yaml'])).code).toBe(0);
  });

  it('is refused for a provider that cannot hold it, by its name, and TYPE65534 by RFC 2136', async () => {
    await writeFile(
      join(repo, 'dyn.yaml'),
      `providers:
  dyn: { type: dyn, customer_env: EDGEPLAN_C, user_env: EDGEPLAN_U, password_env: EDGEPLAN_P }
zones:
  example.com:
    providers: [dyn]
    records:
      x: { type65280: ["\\\\# 1 ff"] }
`,
    );
    const checked = await run(['validate', 'dyn.yaml']);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(
      'dyn.yaml:7:12: EP1301 record "x": the DNS provider dyn does not support record type TYPE65280',
    );

    // RFC 2136: BIND keeps a signed zone's signing state in TYPE65534, which the provider leaves to the server.
    await writeFile(
      join(repo, 'dns.yaml'),
      `providers:
  dns: { type: rfc2136, server_env: EDGEPLAN_DNS_SERVER, tsig_env: EDGEPLAN_DNS_TSIG }
zones:
  example.com:
    providers: [dns]
    records:
      "@": { type65534: ["\\\\# 5 0d30390000"] }
      x: { type65280: ["\\\\# 1 ff"] }
`,
    );
    const server = await run(['validate', 'dns.yaml']);
    expect(server.code).toBe(1);
    expect(server.stderr.replace(repo + sep, '')).toBe(
      'dns.yaml:7:26: EP1301 record "@" TYPE65534: the DNS provider dns does not write TYPE65534: BIND keeps a ' +
        "signed zone's signing state in it; the server's records of it are left alone\n" +
        '1 problem found; nothing was sent to any API.\n',
    );
  });
});
