/**
 * Two Dyn providers in one desired state: each reads its own variables (`url_env`, `customer_env`,
 * `user_env`, `password_env`, default EDGEPLAN_DYN_*), so one zone can be on two Dyn accounts. Two emulators with
 * different credentials stand for the two accounts. No password is ever printed.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type RunningEmulator, startEmulator } from '../support/emulator.js';
import { PASSWORD, type Sandbox, startSandbox } from '../support/sandbox.js';
import { publishedRecords } from './helpers.js';

// Time budget: ten times its slowest test (1.2 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

const SECOND = { customer_name: 'beta', user_name: 'bot-two', password: 'pw-Second-S3cret-77' };

const DESIRED = `providers:
  main: { type: dyn }
  second:
    type: dyn
    url_env: EDGEPLAN_DYN2_URL
    customer_env: EDGEPLAN_DYN2_CUSTOMER
    user_env: EDGEPLAN_DYN2_USER
    password_env: EDGEPLAN_DYN2_PASSWORD
zones:
  two.example:
    providers: [main, second]
    create: {}
    records: { "@": { a: [192.0.2.1] }, www: { cname: web.example.net. }, mail: { txt: [hello] } }
`;

let sandbox: Sandbox;
let second: RunningEmulator;
let env: Record<string, string>;
let dir: string;

beforeEach(async () => {
  sandbox = await startSandbox();
  second = await startEmulator({ seed: { dns: { credentials: SECOND, zones: {} } } });
  env = {
    ...sandbox.env,
    EDGEPLAN_DYN2_URL: second.url,
    EDGEPLAN_DYN2_CUSTOMER: SECOND.customer_name,
    EDGEPLAN_DYN2_USER: SECOND.user_name,
    EDGEPLAN_DYN2_PASSWORD: SECOND.password,
  };
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-two-dyn-'));
});
afterEach(async () => {
  await sandbox.close();
  await second.close();
  await rm(dir, { recursive: true, force: true });
});

async function desired(text: string): Promise<string> {
  const path = join(dir, 'desired.yaml');
  await writeFile(path, text);
  return path;
}

describe('two Dyn providers', () => {
  it('plans, applies and re-plans empty on both accounts, each with its own credentials, none printed', async () => {
    const path = await desired(DESIRED);
    const plan = await cli(['plan', path], env);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('two.example on main (new zone');
    expect(plan.stdout).toContain('two.example on second (new zone');

    const apply = await cli(['apply', path, '--yes', '--verbose'], env);
    expect(apply.code, apply.stderr).toBe(0);
    const main = publishedRecords(sandbox.emulator, 'two.example');
    expect(main).toHaveLength(3);
    expect(publishedRecords(second.emulator, 'two.example')).toEqual(main);
    expect(await cli(['plan', path], env)).toMatchObject({ code: 0 });

    for (const run of [plan, apply])
      for (const secret of [PASSWORD, SECOND.password]) {
        expect(run.stdout).not.toContain(secret);
        expect(run.stderr).not.toContain(secret);
      }
  });

  it('a saved plan records each account and applies to both; another account for one of them is refused', async () => {
    const path = await desired(DESIRED);
    const file = join(dir, 'plan.json');
    const plan = await cli(['plan', path, '--out', file], env, { cwd: dir });
    expect(plan.code, plan.stderr).toBe(2);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.accounts.main.customer).toBe('acme');
    expect(saved.accounts.second.customer).toBe(SECOND.customer_name);
    const moved = await cli(
      ['apply', '--plan', file, path, '--yes'],
      {
        ...env,
        EDGEPLAN_DYN2_URL: sandbox.env.EDGEPLAN_DYN_URL ?? '',
        EDGEPLAN_DYN2_CUSTOMER: sandbox.env.EDGEPLAN_DYN_CUSTOMER ?? '',
        EDGEPLAN_DYN2_USER: sandbox.env.EDGEPLAN_DYN_USER ?? '',
        EDGEPLAN_DYN2_PASSWORD: PASSWORD,
      },
      { cwd: dir },
    );
    expect(moved.code).toBe(1);
    expect(moved.stderr).toContain('it was made against another account:\n');
    expect(moved.stderr).toMatch(
      / {2}second: url \S+, customer beta in the plan, url \S+, customer acme now\n/,
    );
    expect(publishedRecords(second.emulator, 'two.example')).toEqual([]);
    const apply = await cli(['apply', '--plan', file, path, '--yes'], env, { cwd: dir });
    expect(apply.code, apply.stderr).toBe(0);
    expect(publishedRecords(second.emulator, 'two.example')).toEqual(
      publishedRecords(sandbox.emulator, 'two.example'),
    );
  });

  it("a provider's missing variables are named, by the provider, before any request", async () => {
    const path = await desired(DESIRED);
    const { EDGEPLAN_DYN2_PASSWORD: _password, EDGEPLAN_DYN2_USER: _user, ...without } = env;
    const run = await cli(['plan', path], without);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Dyn provider "second" configuration: missing EDGEPLAN_DYN2_USER, EDGEPLAN_DYN2_PASSWORD',
    );
    expect(second.emulator.requestLog.count()).toBe(0);
  });

  it('two dyn providers on the same variables are refused at validation, where the second is written', async () => {
    const path = await desired(
      'providers:\n  main: { type: dyn }\n  copy: { type: dyn, user_env: EDGEPLAN_OTHER_USER }\n  pdns: { type: powerdns, url_env: EDGEPLAN_U, api_key_env: EDGEPLAN_K, customer_env: EDGEPLAN_C }\nzones: {}\n',
    );
    const run = await cli(['validate', path], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${path}:3:3: EP1217 provider "copy" reads EDGEPLAN_DYN_URL, EDGEPLAN_DYN_CUSTOMER, EDGEPLAN_DYN_PASSWORD by default, which provider "main" reads too; a variable serves one role of one provider only: give it its own url_env, customer_env, password_env`,
    );
    expect(run.stderr).toContain(`${path}:4:73: EP1302 customer_env is for dyn providers`);
  });

  it('--sandbox serves one Dyn account: two dyn providers are refused', async () => {
    const path = await desired(DESIRED);
    const run = await cli(['plan', path, '--sandbox'], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--sandbox serves one Dyn account: providers "main" and "second"');
  });
});
