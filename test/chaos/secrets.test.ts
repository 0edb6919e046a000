/**
 * Secrets: every command `edgeplan --help` lists runs in-process with `--verbose` (when it takes
 * it) against an emulator whose account has distinctive credentials; neither stdout, stderr nor any file a command
 * writes (plan files, imported YAML) may contain the DNS password, the WAF client secret, or any session token or
 * access token the emulator issued (captured by a proxy in front of it, token-tap.ts; and no run of 100 base64
 * characters, the shape of a DNS token). Commands are discovered from the program, so ones added later are
 * covered too; the flags each gets are read from its own `--help`. A service URL carrying a user name and password
 * is refused by every command that reads the services, naming the variable, without showing either.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { CREDENTIALS, PASSWORD, type Sandbox, startSandbox, WAF_CLIENT } from '../support/sandbox.js';
import { startTokenTap, type TokenTap } from './token-tap.js';

// Time budget: ten times its slowest test (3.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const DNS_TOKEN_SHAPE = /[A-Za-z0-9+/]{100,}={0,2}/;

let dir: string;
let sandbox: Sandbox;
let tap: TokenTap;
/** The sandbox's environment with both APIs reached through the token tap. */
let env: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-secrets-'));
  sandbox = await startSandbox({
    dns: {
      zones: {
        'example.com': {
          records: [{ fqdn: 'old.example.com', type: 'A', ttl: 60, rdata: { address: '192.0.2.9' } }],
        },
      },
    },
    waf: { webapps: [{ name: 'shop', enabled_bots: ['Bingbot'] }] },
  });
  await writeFile(
    join(dir, 'desired.yaml'),
    'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n' +
      'waf:\n  webapps:\n    shop:\n      good_bots: { allow: [Googlebot] }\n',
  );
  tap = await startTokenTap(new URL(sandbox.url));
  const viaTap = (url: string) => `${tap.origin}${new URL(url).pathname}`;
  env = {
    ...sandbox.env,
    EDGEPLAN_DYN_URL: viaTap(sandbox.env.EDGEPLAN_DYN_URL as string),
    EDGEPLAN_WAF_URL: viaTap(sandbox.env.EDGEPLAN_WAF_URL as string),
  };
  const seed = { dns: { credentials: CREDENTIALS }, waf: { client: WAF_CLIENT } };
  await writeFile(join(dir, 'seed.json'), JSON.stringify(seed));
});
afterAll(async () => {
  await tap.close();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

/** `edgeplan <argv>` in-process in `dir`; a long-running command (the emulator) is asked to stop after 300 ms. */
const run = (argv: string[], env: Record<string, string>) => cli(argv, env, { cwd: dir, stopAfterMs: 300 });

/** Command names from the top-level help, `help` itself aside. */
async function commands(): Promise<string[]> {
  const help = (await run(['--help'], {})).stdout;
  const section = help.slice(help.indexOf('Commands:'));
  return [...section.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1] as string).filter((c) => c !== 'help');
}

/** The command line a command gets, from its own help: paths, a webapp, --yes, --out, a server's port and seed. */
async function argvFor(command: string): Promise<string[]> {
  const help = (await run([command, '--help'], {})).stdout;
  const argv = [command];
  if (/\[paths\.\.\.\]/.test(help)) argv.push(join(dir, 'desired.yaml'));
  if (/<webapp>/.test(help)) argv.push('shop');
  if (/--verbose\b/.test(help)) argv.push('--verbose');
  if (/--yes\b/.test(help)) argv.push('--yes');
  if (/--out <dir>/.test(help)) argv.push('--out', join(dir, `${command}-out`));
  else if (/--out <file>/.test(help)) argv.push('--out', join(dir, `${command}-out.json`));
  if (/--port <n>/.test(help)) argv.push('--port', '0', '--seed', join(dir, 'seed.json'));
  return argv;
}

/** Everything a command wrote below `dir`, as text. */
async function writtenFiles(): Promise<string> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = names.filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name));
  const texts = await Promise.all(
    files.filter((f) => !f.endsWith('seed.json')).map((f) => readFile(f, 'utf8')),
  );
  return texts.join('\n');
}

function expectNoSecret(text: string, where: string): void {
  for (const secret of [PASSWORD, WAF_CLIENT.client_secret, ...tap.tokens]) {
    expect(text.includes(secret), `${where} contains a secret`).toBe(false);
  }
  expect(text, `${where} contains a token`).not.toMatch(DNS_TOKEN_SHAPE);
}

describe('no secret in any output', () => {
  // First: a run of an earlier test may still be logging out while a later test counts requests.
  it('a service URL with a user name and password is refused by every command that reads it, showing neither', async () => {
    // An unencoded @ in the password: the URL still parses, with the user name and the @-encoded password.
    const user = 'url-User-4';
    const password = 'url-P@ss-Word-5!';
    const withCredentials = (url: string) => url.replace('://', `://${user}:${password}@`);
    const instead = {
      EDGEPLAN_DYN_URL: 'EDGEPLAN_DYN_USER and EDGEPLAN_DYN_PASSWORD',
      EDGEPLAN_WAF_URL: 'EDGEPLAN_WAF_CLIENT_ID and EDGEPLAN_WAF_CLIENT_SECRET',
      EDGEPLAN_WAF_TOKEN_URL: 'EDGEPLAN_WAF_CLIENT_ID and EDGEPLAN_WAF_CLIENT_SECRET',
    };
    const urls = {
      EDGEPLAN_DYN_URL: env.EDGEPLAN_DYN_URL as string,
      EDGEPLAN_WAF_URL: env.EDGEPLAN_WAF_URL as string,
      EDGEPLAN_WAF_TOKEN_URL: `${tap.origin}/api/oauth/token`,
    };
    for (const [variable, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
      for (const command of ['plan', 'apply', 'drift', 'import']) {
        const argv = await argvFor(command);
        // Counted per command: a run of an earlier test may still be ending (its logout) while this one starts.
        const requestsBefore = sandbox.emulator.requestLog.count();
        const result = await run(argv, { ...env, [variable]: withCredentials(url) });
        const where = `${variable} with credentials: edgeplan ${argv.join(' ')}`;
        expect(sandbox.emulator.requestLog.count(), `${where}: requests sent`).toBe(requestsBefore);
        expect(result.code, where).toBe(1);
        expect(result.stderr, where).toContain(
          `${variable} (credentials in a URL are refused: ${url.replace('://', '://***@')}; ` +
            `set ${instead[variable]} instead)`,
        );
        for (const text of [result.stdout, result.stderr]) {
          for (const secret of [user, password, encodeURIComponent(password)]) {
            expect(text.includes(secret), `${where}: output contains ${secret}`).toBe(false);
          }
        }
      }
    }
    expectNoSecret(await writtenFiles(), 'files written by the commands');
  });

  it('every command, with --verbose, against the emulator', async () => {
    const found = await commands();
    expect(found).toEqual(expect.arrayContaining(['validate', 'plan', 'apply', 'emulator']));
    for (const command of found) {
      const argv = await argvFor(command);
      const result = await run(argv, env);
      const where = `edgeplan ${argv.join(' ')} (exit ${result.code})`;
      expectNoSecret(result.stdout, `${where}: stdout`);
      expectNoSecret(result.stderr, `${where}: stderr`);
      // verify asks name servers over DNS with no credential: its log has nothing to redact.
      if (argv.includes('--verbose') && command !== 'verify') expect(result.stderr, where).toContain('***');
    }
    expectNoSecret(await writtenFiles(), 'files written by the commands');
    expect(tap.tokens.size).toBeGreaterThanOrEqual(2);
    expect(sandbox.emulator.requestLog.count({ path: /^\/REST\/Zone\/example\.com\/$/, method: 'PUT' })).toBe(
      1,
    );
  });

  it('failed logins and a wrong client secret are reported without the secret that was sent', async () => {
    const wrong = {
      ...env,
      EDGEPLAN_DYN_PASSWORD: 'wrong-Pass-Word-1!',
      EDGEPLAN_WAF_CLIENT_SECRET: 'wrong-Client-Secret-2!',
    };
    for (const command of ['plan', 'apply']) {
      const yes = command === 'apply' ? ['--yes'] : [];
      const result = await run([command, join(dir, 'desired.yaml'), '--verbose', ...yes], wrong);
      expect(result.code).toBe(1);
      for (const text of [result.stdout, result.stderr]) {
        expect(text).not.toContain('wrong-Pass-Word-1!');
        expect(text).not.toContain('wrong-Client-Secret-2!');
      }
    }
  });
});
