/**
 * Moving a zone from Dyn (the emulator) to a real BIND 9 through the `rfc2136` provider, as docs/rfc2136.md tells
 * it: `import` the zone, add BIND beside Dyn on the zone, plan (every managed record set a create on BIND, and the
 * records BIND will not get named), apply, ask BIND over DNS, plan again (no changes), `verify --nameserver` BIND.
 * A type BIND cannot hold (Dyn's ALIAS) is refused at its file:line:col before anything is read or sent.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVED_TYPES } from '../emulator/dyn/served-types.js';
import { ask, transfer } from '../providers/pdns/dig.js';
import { type Rfc2136Server, serversMissing, startServer } from '../providers/rfc2136/servers.js';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times its slowest test (import, plan, apply, plan, verify as child processes: 4 s idle), rounded
// up; starting BIND waits up to 15 s for its zone.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const missing = serversMissing();
const ZONE = 'example.com';
/** Types edgeplan does not manage: imported as comments, never copied to BIND. */
const FOREIGN = SERVED_TYPES.filter((sample) => sample.type === 'IPSECKEY' || sample.type === 'KX');
const MANAGED: { type: string; fqdn: string; rdata: Record<string, string | number>; ttl: number }[] = [
  { type: 'A', fqdn: 'www.example.com', rdata: { address: '192.0.2.1' }, ttl: 300 },
  { type: 'AAAA', fqdn: 'www.example.com', rdata: { address: '2001:db8::1' }, ttl: 300 },
  { type: 'MX', fqdn: 'example.com', rdata: { preference: 10, exchange: 'mail.example.net.' }, ttl: 3600 },
  { type: 'TXT', fqdn: 'example.com', rdata: { txtdata: 'v=spf1 -all' }, ttl: 300 },
  { type: 'CNAME', fqdn: 'docs.example.com', rdata: { cname: 'www.example.com.' }, ttl: 300 },
  {
    type: 'SRV',
    fqdn: '_sip._tcp.example.com',
    rdata: { priority: 10, weight: 5, port: 5060, target: 'sip.example.net.' },
    ttl: 300,
  },
];

interface Change {
  action: string;
  address: { provider: string; fqdn: string; type: string };
}

let sandbox: Sandbox;
let server: Rfc2136Server | undefined;
let dir = '';

function bind(): Rfc2136Server {
  if (!server) throw new Error('BIND is not started');
  return server;
}

const env = () => ({
  ...sandbox.env,
  EDGEPLAN_BIND_SERVER: `127.0.0.1:${bind().port}`,
  EDGEPLAN_BIND_TSIG: bind().keyText,
});

/** The imported file with BIND added beside Dyn on the zone, and `alias` in place of the apex ALIAS. */
function withBind(imported: string, alias = 'alias: lb.example.net.'): string {
  const providers = [
    'providers:',
    '  dyn: { type: dyn }',
    '  bind: { type: rfc2136, server_env: EDGEPLAN_BIND_SERVER, tsig_env: EDGEPLAN_BIND_TSIG }',
  ].join('\n');
  return imported
    .replace('zones:\n', `${providers}\nzones:\n`)
    .replace(`  ${ZONE}:\n`, `  ${ZONE}:\n    providers: [dyn, bind]\n`)
    .replace('alias: lb.example.net.', alias);
}

if (missing !== null) {
  describe.skip(`migration from Dyn to BIND (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  beforeAll(async () => {
    const records = [
      ...MANAGED,
      { type: 'ALIAS', fqdn: ZONE, rdata: { alias: 'lb.example.net.' }, ttl: 300 },
      ...FOREIGN.map(({ type, fqdn, rdata }) => ({ type, fqdn, rdata, ttl: 300 })),
    ];
    sandbox = await startSandbox({ dns: { zones: { [ZONE]: { records } } } });
    server = await startServer('bind', [{ zone: ZONE }]);
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-migrate-bind-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  describe('migration from Dyn to BIND', () => {
    let imported = '';

    it('import writes the zone; with BIND beside Dyn, the ALIAS BIND cannot hold is refused at its place', async () => {
      const out = join(dir, 'imported');
      const result = await cli(['import', '--out', out], sandbox.env);
      expect(result.code, result.stderr).toBe(0);
      imported = await readFile(join(out, `${ZONE}.yaml`), 'utf8');
      expect(imported).toContain('alias: lb.example.net.');
      const file = join(dir, 'as-imported.yaml');
      await writeFile(file, withBind(imported));
      const plan = await cli(['plan', file], env());
      expect(plan.code).toBe(1);
      const line = (await readFile(file, 'utf8')).split('\n').findIndex((l) => l.includes('alias:')) + 1;
      expect(plan.stderr).toMatch(
        new RegExp(
          `as-imported\\.yaml:${line}:\\d+: .*the DNS provider bind does not support record type ALIAS`,
        ),
      );
      expect(await transfer(bind().port, ZONE, bind().keyText)).toEqual([]);
    });

    it('the plan creates every managed set on BIND and names what BIND will not get; apply makes BIND serve them', async () => {
      const file = join(dir, 'desired.yaml');
      await writeFile(file, withBind(imported, 'a: [ 192.0.2.80 ]'));
      const plan = await cli(['plan', file, '--format', 'json'], env());
      expect(plan.code, plan.stderr).toBe(2);
      const doc = JSON.parse(plan.stdout);
      expect(doc.steps.filter((step: { provider: string }) => step.provider === 'bind')).toHaveLength(1);
      const onBind = doc.changes.filter((c: Change) => c.address.provider === 'bind');
      expect(onBind.map((c: Change) => `${c.action} ${c.address.fqdn} ${c.address.type}`)).toEqual([
        'create _sip._tcp.example.com SRV',
        'create docs.example.com CNAME',
        'create example.com A',
        'create example.com MX',
        'create example.com TXT',
        'create www.example.com A',
        'create www.example.com AAAA',
      ]);
      expect(doc.leftAlone).toContainEqual({
        zone: ZONE,
        provider: 'bind',
        records: [],
        notCopied: ['kx.example.com KX', 'vpn.example.com IPSECKEY'],
      });
      const text = await cli(['plan', file], env());
      expect(text.stdout).toContain(
        "example.com on bind will not get 2 record sets the zone's other providers hold: kx.example.com KX, vpn.example.com IPSECKEY",
      );

      const applied = await cli(['apply', file, '--yes'], env());
      expect(applied.code, applied.stderr).toBe(0);
      const answers = await ask(bind().port, [
        { fqdn: 'www.example.com', type: 'A' },
        { fqdn: 'www.example.com', type: 'AAAA' },
        { fqdn: 'example.com', type: 'MX' },
        { fqdn: 'docs.example.com', type: 'CNAME' },
        { fqdn: '_sip._tcp.example.com', type: 'SRV' },
        { fqdn: 'example.com', type: 'A' },
      ]);
      expect(answers.map((a) => `${a.fqdn} ${a.type} ${a.value}`).sort()).toEqual([
        '_sip._tcp.example.com SRV 10 5 5060 sip.example.net.',
        'docs.example.com CNAME www.example.com.',
        'example.com A 192.0.2.80',
        'example.com MX 10 mail.example.net.',
        'www.example.com A 192.0.2.1',
        'www.example.com AAAA 2001:db8::1',
      ]);
      const again = await cli(['plan', file], env());
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/^No changes\./);

      const verified = await cli(
        ['verify', file, '--nameserver', `127.0.0.1:${bind().port}`, '--format', 'json'],
        env(),
      );
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
      const report = JSON.parse(verified.stdout);
      expect(report.counts.differs).toBe(0);
      expect(report.counts.failed).toBe(0);
    });
  });
}
