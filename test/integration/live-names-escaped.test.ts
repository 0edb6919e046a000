/**
 * A live geo service's name is the service's to spell: ESC, OSC, BEL and CR in it reach no terminal raw. The text
 * plan's approval list, the apply report and the progress lines print it escaped (model/text.ts `printable`), as
 * the rest of the plan already does. So are the names of records edgeplan leaves alone, from a zone file, a zone
 * transfer or PowerDNS: the text plan lists them, escaped like every other live name, and never plans them deleted.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUnprintable } from '../../src/model/text.js';
import { pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { serversMissing, startServer } from '../providers/rfc2136/servers.js';
import { cli } from '../support/cli.js';
import { findProgram, missingPrograms } from '../support/programs.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Budget: flows against the emulator, about ten times their quiet time (docs/testing.md).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const EVIL = 'Global\u001b]0;pwned\u0007 Web\r\u001b[2J';
const SHOWN = 'Global\\x1b]0;pwned\\x07 Web\\r\\x1b[2J';

let sandbox: Sandbox;
let dir: string;

beforeEach(async () => {
  sandbox = await startSandbox({
    dns: {
      zones: { 'a.test': { serial: 1, records: [] } },
      geo_services: { [EVIL]: { groups: [{ name: 'all', countries: ['@@'], a: ['192.0.2.1'] }] } },
    },
  });
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-live-names-'));
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

/** Control characters other than the line breaks the CLI itself puts between lines. */
const raw = (text: string) => hasUnprintable(text.replaceAll('\n', ''));

describe('a live geo service named with terminal escapes', () => {
  it('is escaped in the approval list, the apply report and the progress lines', async () => {
    const path = join(dir, 'state.yaml');
    await writeFile(path, 'zones:\n  a.test:\n    records: {}\nsettings:\n  geo_services: { manage: all }\n');

    const plan = await cli(['plan', path], sandbox.env);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(`  geo:${SHOWN}: deletes the geo service "${SHOWN}"`);
    expect(raw(plan.stdout)).toBe(false);

    const apply = await cli(['apply', path, '--yes', '--allow-unsafe'], sandbox.env);
    expect(apply.code, apply.stdout).toBe(0);
    expect(apply.stdout).toContain(`✓ geo:${SHOWN}:`);
    expect(apply.stderr).toContain(`geo:${SHOWN}: done`);
    expect(raw(apply.stdout)).toBe(false);
    expect(raw(apply.stderr)).toBe(false);
  });
});

describe('names of records left alone, with terminal escapes', () => {
  const LEFT = 'Left alone (types edgeplan does not manage: never changed, deleted or copied):';

  it('from a zone file: ESC, BEL and NUL are escaped in the text and markdown plans', async () => {
    await mkdir(join(dir, 'zones'));
    await writeFile(
      join(dir, 'zones', 'a.test.zone'),
      '$TTL 300\n@ SOA ns1.example.net. hostmaster.a.test. 1 1h 10m 2w 5m\n@ NS ns1.example.net.\n' +
        'ev\u001b[2J\u0007il\u0000 HINFO "PDP-11" "RSX"\n',
    );
    const path = join(dir, 'desired.yaml');
    await writeFile(
      path,
      'providers:\n  files: { type: zonefile, directory: zones }\nzones:\n  a.test:\n    providers: [files]\n' +
        '    records:\n      www: { a: [192.0.2.1] }\n',
    );
    const plan = await cli(['plan', path], {});
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(
      `${LEFT}\n  a.test on files: 1 record set: ev\\x1b[2j\\x07il\\x00.a.test HINFO\n`,
    );
    expect(raw(plan.stdout)).toBe(false);
    const markdown = await cli(['plan', path, '--format', 'markdown'], {});
    expect(markdown.stdout).toContain('ev\\\\x1b\\[2j\\\\x07il\\\\x00.a.test HINFO');
    expect(raw(markdown.stdout)).toBe(false);
  });

  const missing = serversMissing() ?? missingPrograms(['nsupdate'], 'apt-get install -y bind9-dnsutils');
  it.skipIf(missing !== null)(
    `from a zone transfer of BIND: ESC, OSC, BEL and NUL are escaped${missing ? ` (skipped: ${missing})` : ''}`,
    async () => {
      const server = await startServer('bind', [{ zone: 'a.test' }]);
      try {
        // A type edgeplan does not manage (WALLET, in RFC 3597's generic form) and one it does (TXT), at a name of
        // ESC ] 0 ; pwned BEL il NUL, written with RFC 1035 §5.1's escapes: the transfer carries those octets as
        // they are. No desired state can write that name, so both sets are left alone, never planned for deletion.
        const script = [
          `server 127.0.0.1 ${server.port}`,
          `key hmac-sha256:${server.key.name} ${server.key.secret.toString('base64')}`,
          'zone a.test',
          'update add ev\\027]0\\;pwned\\007il\\000.a.test. 300 TYPE262 \\# 2 0102',
          'update add ev\\027]0\\;pwned\\007il\\000.a.test. 300 TXT kept-text',
          'send',
          '',
        ].join('\n');
        await execFileAsync(findProgram('nsupdate') ?? 'nsupdate', [], script);
        const path = join(dir, 'desired.yaml');
        await writeFile(
          path,
          'providers:\n  dns: { type: rfc2136, server_env: EDGEPLAN_DNS_SERVER, tsig_env: EDGEPLAN_DNS_TSIG }\n' +
            'zones:\n  a.test:\n    providers: [dns]\n    records:\n      www: { a: [192.0.2.1] }\n',
        );
        const env = { EDGEPLAN_DNS_SERVER: `127.0.0.1:${server.port}`, EDGEPLAN_DNS_TSIG: server.keyText };
        const plan = await cli(['plan', path], env);
        expect(plan.code, plan.stderr).toBe(2);
        // WALLET (262), which edgeplan does not manage, as the wire decoder names it, and the TXT set beside it.
        expect(plan.stdout).toMatch(
          /\n {2}a\.test on dns: 2 record sets: ev\\x1b\]0;pwned\\x07il\\x00\.a\.test TXT, ev\\x1b\]0;pwned\\x07il\\x00\.a\.test (?:WALLET|\S*262)\n/,
        );
        expect(plan.stdout).not.toContain('kept-text');
        expect(raw(plan.stdout)).toBe(false);
      } finally {
        await server.stop();
      }
    },
  );
});

describe('names of records left alone on PowerDNS', () => {
  const LEFT = 'Left alone (types edgeplan does not manage: never changed, deleted or copied):';
  const missing = pdnsMissing() ?? missingPrograms(['nsupdate'], 'apt-get install -y bind9-dnsutils');
  it.skipIf(missing !== null)(
    `an escaped dot, a space and ESC, BEL and NUL in a name: left alone${missing ? ` (skipped: ${missing})` : ''}`,
    async () => {
      const server = await startPdnsServer({ dnsUpdate: true });
      try {
        const created = await fetch(`${server.apiUrl}/servers/localhost/zones`, {
          method: 'POST',
          headers: { 'X-API-Key': server.apiKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'a.test.', kind: 'Native', nameservers: ['ns1.example.net.'] }),
        });
        expect(created.status).toBe(201);
        await server.allowUpdates('a.test');
        // PowerDNS's API refuses such names ("contains unsupported characters"); an UPDATE (RFC 2136) writes them,
        // and the API then lists them with RFC 1035 §5.1's escapes: `a\.b`, `sp\032ace`, `\027`.
        const [algorithm, name, secret] = (server.updateKeyText ?? '').split(':');
        const script = [
          `server 127.0.0.1 ${server.dnsPort}`,
          `key ${algorithm}:${name} ${secret}`,
          'zone a.test',
          'update add a\\.b.a.test. 300 TXT dot',
          'update add sp\\032ace.a.test. 300 TXT space',
          'update add ev\\027]0\\;pwned\\007il\\000.a.test. 300 TXT evil',
          'send',
          '',
        ].join('\n');
        await execFileAsync(findProgram('nsupdate') ?? 'nsupdate', [], script);
        const path = join(dir, 'desired.yaml');
        await writeFile(
          path,
          'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }\n' +
            'zones:\n  a.test:\n    providers: [pdns]\n    records:\n      www: { a: [192.0.2.1] }\n',
        );
        const env = { EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
        const plan = await cli(['plan', path], env);
        expect(plan.code, plan.stderr).toBe(2);
        // No desired state can write these names: their TXT sets are never planned for deletion, only listed.
        expect(plan.stdout).toContain(
          `${LEFT}\n  a.test on pdns: 3 record sets: a\\.b.a.test TXT, ev\\027]0;pwned\\007il\\000.a.test TXT, ` +
            'sp\\032ace.a.test TXT\n',
        );
        expect(plan.stdout).toContain('+ www.a.test A');
        expect(plan.stdout).not.toMatch(/ - .*TXT/);
        expect(raw(plan.stdout)).toBe(false);
      } finally {
        await server.stop();
      }
    },
  );
});

/** Runs `program` with `input` on its stdin; rejects on a non-zero exit, with its stderr. */
function execFileAsync(program: string, args: string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(program, args, (error, _stdout, stderr) =>
      error ? reject(new Error(`${program}: ${stderr || error.message}`)) : resolve(),
    );
    child.stdin?.end(input);
  });
}
