/**
 * The SOA of a zone file (RFC 1035 §3.3.13): left as written while the desired state does not declare `soa`;
 * declared, the plan changes only the fields the YAML names, the splice writer rewrites the SOA line in place with
 * the serial up once (never planned), BIND loads it (named-checkzone), and a second plan is empty.
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
; the zone's own records
@ 3600 SOA ns1.example.net. hostmaster.example.com. 2024010101 10800 10m 2w 5m ; timers
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
const SOA = '      "@": { soa: { refresh: 1h, rname: dns@example.com } }\n';

let repo = '';
beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'edgeplan-soa-zonefile-'));
  await mkdir(join(repo, '.git'));
  await mkdir(join(repo, 'zones'));
  await writeFile(join(repo, 'zones', 'example.com.zone'), ZONE);
  await writeFile(join(repo, 'plain.yaml'), desired(''));
  await writeFile(join(repo, 'declared.yaml'), desired(SOA));
});
afterEach(() => rm(repo, { recursive: true, force: true }));

const run = (args: string[]) => cli(args, {}, { cwd: repo });

describe('the SOA of a zone file', () => {
  it('changes only the fields declared, in place, with the serial up once, and converges', async () => {
    expect((await run(['plan', 'plain.yaml'])).code).toBe(0);

    const plan = await run(['plan', 'declared.yaml']);
    expect(plan.code, plan.stderr).toBe(2);
    // Only the fields that differ; the serial never appears (RFC 1035 §3.3.13: it is the provider's).
    const line = plan.stdout.split('\n').find((one) => one.includes('example.com SOA'));
    expect(line?.trim()).toBe(
      '~ example.com SOA rname hostmaster.example.com.→dns.example.com., refresh 10800→3600',
    );

    const applied = await run(['apply', 'declared.yaml', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const text = await readFile(join(repo, 'zones', 'example.com.zone'), 'utf8');
    const lines = text.split('\n');
    // The other lines as written; the SOA row in place, its TTL, MNAME, retry, expire and minimum kept.
    expect(lines[1]).toBe("; the zone's own records");
    // The serial in its day style (YYYYMMDDnn), up from the one read: today's, or 2024010102.
    const serial =
      /^@\t3600\tIN\tSOA\tns1\.example\.net\. dns\.example\.com\. (\d{10}) 3600 600 1209600 300$/.exec(
        lines[2] ?? '',
      )?.[1];
    expect(Number(serial)).toBeGreaterThan(2024010101);
    expect(lines.slice(3)).toEqual(['@ NS ns1.example.net.', 'www A 192.0.2.1', '']);
    if (checkzoneMissing() === null) {
      const checked = await checkZone('example.com', join(repo, 'zones', 'example.com.zone'));
      expect(checked.ok, checked.output).toBe(true);
      const soa = checked.dump.split('\n').find((line) => /^example\.com\.\s+\d+\s+IN\s+SOA\s/.test(line));
      expect(soa?.split(/\s+/).slice(1)).toEqual([
        '3600',
        'IN',
        'SOA',
        'ns1.example.net.',
        'dns.example.com.',
        serial,
        '3600',
        '600',
        '1209600',
        '300',
      ]);
    }
    expect((await run(['plan', 'declared.yaml'])).code).toBe(0);
    expect((await run(['plan', 'plain.yaml'])).code).toBe(0);
  });

  it('is written with a zone file the plan creates, the fields left out as a new file has them', async () => {
    await writeFile(
      join(repo, 'new.yaml'),
      `providers:
  files: { type: zonefile, directory: zones, nameservers: [ns1.example.net.] }
zones:
  new.example:
    providers: [files]
    create: { contact: dns@example.com }
    records:
      "@": { soa: { refresh: 7200, minimum: 60, ttl: 600 } }
`,
    );
    const applied = await run(['apply', 'new.yaml', '--yes']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const text = await readFile(join(repo, 'zones', 'new.example.zone'), 'utf8');
    // RFC 1035 §3.3.13: MNAME the first name server, RNAME the contact, retry and expire a new file's own.
    expect(text).toMatch(
      /\n@\t600\tIN\tSOA\tns1\.example\.net\. dns\.example\.com\. \d+ 7200 600 1209600 60\n/,
    );
    expect((await run(['plan', 'new.yaml'])).code).toBe(0);
  });
});
