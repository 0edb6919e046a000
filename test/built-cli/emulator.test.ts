/**
 * `edgeplan emulator` as users start it: the built CLI in its own process, every flag, each checked by what the
 * running emulator does (and what its start-up line says it does), then stopped with SIGTERM. Where a line of the
 * README is run, it is run as written, plus `--port 0` so that it never collides with another emulator.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { runCliProcess } from '../support/cli-process.js';
import { type EmulatorProcess, startEmulatorProcess } from '../support/emulator-process.js';
import { QUICKSTART, QUICKSTART_SEED } from '../support/sandbox.js';

// Time budget: each test starts one or two processes of the built CLI, about a second each on a quiet machine.
vi.setConfig({ testTimeout: 60_000 });

const DEMO = {
  EDGEPLAN_DYN_CUSTOMER: 'demo',
  EDGEPLAN_DYN_USER: 'demo',
  EDGEPLAN_DYN_PASSWORD: 'demo',
  EDGEPLAN_WAF_CLIENT_ID: 'demo',
  EDGEPLAN_WAF_CLIENT_SECRET: 'demo',
};

let dir: string;
beforeAll(async () => {
  [dir] = await Promise.all([mkdtemp(join(tmpdir(), 'edgeplan-emulator-cli-')), ensureBuilt()]);
}, BUILD_BUDGET_MS);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs `check` against an emulator started with `flags`, then stops it: it must say so and exit 0. */
async function withEmulator(flags: string[], check: (emulator: EmulatorProcess) => Promise<void>) {
  const emulator = await startEmulatorProcess(flags);
  try {
    await check(emulator);
  } finally {
    const { code, stderr } = await emulator.stop();
    expect(stderr).toContain('edgeplan emulator: stopped');
    expect(code).toBe(0);
  }
}

function envFor(emulator: EmulatorProcess): Record<string, string> {
  return { ...DEMO, EDGEPLAN_DYN_URL: emulator.url, EDGEPLAN_WAF_URL: emulator.wafUrl };
}

async function login(url: string): Promise<string> {
  const body = { customer_name: 'demo', user_name: 'demo', password: 'demo' };
  const headers = { 'Content-Type': 'application/json' };
  const response = await fetch(`${url}/Session/`, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await response.json()) as { data: { token: string } };
  return answer.data.token;
}

describe('edgeplan emulator', () => {
  it("serves the README's line (--latency --jitter --error-rate --seed-random) with --seed, and a plan reads through it", async () => {
    const readme = ['--latency', '20', '--jitter', '10', '--error-rate', '0.02', '--seed-random', '42'];
    await withEmulator([...readme, '--port', '0', '--seed', QUICKSTART_SEED], async (emulator) => {
      expect(emulator.banner).toContain('faults (seed 42): latency 20+10 ms, error-5xx 0.02');
      const plan = await runCliProcess(['plan', QUICKSTART], envFor(emulator), { built: true });
      expect(plan.code, plan.stderr).toBe(2);
      expect(plan.stdout).toContain('example.com (serial 41');
    });
  });

  it('--host, --port, --state and --session-idle: a change published there is there after a restart', async () => {
    const state = join(dir, 'state.json');
    const desired = join(dir, 'kept.yaml');
    await writeFile(
      desired,
      'zones:\n  kept.test:\n    create: {}\n    records:\n      www: { a: [192.0.2.7] }\n',
    );
    const flags = ['--host', '127.0.0.2', '--port', '0', '--state', state, '--session-idle', '30'];
    await withEmulator(flags, async (emulator) => {
      expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/REST$/);
      expect(emulator.banner).toContain(`state in ${state}`);
      expect(emulator.banner).toContain('idle logout after 30 s');
      const apply = await runCliProcess(['apply', desired, '--yes'], envFor(emulator), { built: true });
      expect(apply.code, apply.stderr).toBe(0);
    });
    const kept = JSON.parse(await readFile(state, 'utf8')).dns.zones['kept.test'];
    expect(kept.records).toContainEqual(
      expect.objectContaining({ fqdn: 'www.kept.test', rdata: { address: '192.0.2.7' } }),
    );
    await withEmulator(['--host', '127.0.0.2', '--port', '0', '--state', state], async (emulator) => {
      const headers = { 'Auth-Token': await login(emulator.url), 'Content-Type': 'application/json' };
      const zones = await fetch(`${emulator.url}/Zone/`, { headers });
      expect(((await zones.json()) as { data: string[] }).data).toEqual(['/REST/Zone/kept.test/']);
    });
  });

  it('every --<kind>-rate flag reaches the fault injection, and --error-rate yields to --error-5xx-rate', async () => {
    const rates = [
      ['--error-5xx-rate', '0.03'],
      ['--reset-rate', '0.02'],
      ['--timeout-rate', '0.004'],
      ['--job-307-rate', '0.05'],
      ['--job-incomplete-rate', '0.06'],
      ['--job-running-rate', '0.07'],
      ['--session-expired-rate', '0.08'],
      ['--task-blocked-rate', '0.09'],
      ['--waf-token-expired-rate', '0.1'],
      ['--waf-429-rate', '0.11'],
      ['--waf-change-failed-rate', '0.12'],
    ];
    const flags = rates.flat();
    await withEmulator([...flags, '--error-rate', '0.5', '--port', '0'], async (emulator) => {
      const listed = rates.map(([flag, p]) => `${flag?.slice(2, -'-rate'.length)} ${p}`).join(', ');
      expect(emulator.banner).toContain(`faults (seed 1): ${listed}\n`);
    });
  });

  it('--timeout-rate 1 with --hang: a request gets no answer, its connection is dropped', async () => {
    await withEmulator(['--port', '0', '--timeout-rate', '1', '--hang', '50'], async (emulator) => {
      await expect(fetch(`${emulator.url}/Session/`, { method: 'POST', body: '{}' })).rejects.toThrow();
    });
  });

  it('--job-307-rate 1 with --job-ms: a request in a session is answered as a job that runs that long', async () => {
    await withEmulator(['--port', '0', '--job-307-rate', '1', '--job-ms', '50'], async (emulator) => {
      expect(emulator.banner).toContain('jobs run 50 ms');
      const token = await login(emulator.url);
      const headers = { 'Auth-Token': token, 'Content-Type': 'application/json' };
      const answer = await fetch(`${emulator.url}/Zone/`, { headers, redirect: 'manual' });
      expect(answer.status).toBe(307);
      expect(answer.headers.get('location')).toMatch(/^\/REST\/Job\/\d+\/$/);
    });
  });

  it('--waf-429-rate 1 with --retry-after; --dns-rate-limit with --dns-rate-window', async () => {
    const flags = ['--port', '0', '--waf-429-rate', '1', '--retry-after', '7'];
    await withEmulator([...flags, '--dns-rate-limit', '2', '--dns-rate-window', '600'], async (emulator) => {
      expect(emulator.banner).toContain('DNS rate limit 2 per 600 s');
      const token = await fetch(emulator.wafUrl.replace('/api/v3', '/api/oauth/token'), { method: 'POST' });
      expect(token.status).toBe(429);
      expect(token.headers.get('retry-after')).toBe('7');
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${emulator.url}/Zone/`)).status);
      expect(statuses.slice(2)).toEqual([429]);
    });
  });

  it('--dns-port and --dns-lag: its name servers answer verify --nameserver with what is published', async () => {
    const flags = ['--port', '0', '--seed', QUICKSTART_SEED, '--dns-port', '0', '--dns-lag', '0'];
    await withEmulator(flags, async (emulator) => {
      const port = /name servers on 127\.0\.0\.1:(\d+)/.exec(emulator.banner)?.[1];
      expect(port, emulator.banner).toBeDefined();
      const zones = join(dir, 'verify.yaml');
      // The seed's published record; and one the emulator does not serve.
      await writeFile(zones, 'zones:\n  example.com:\n    records:\n      nothere: { a: [192.0.2.99] }\n');
      const argv = ['verify', zones, '--nameserver', `127.0.0.1:${port}`, '--query-timeout', '5000'];
      const run = await runCliProcess(argv, envFor(emulator), { built: true });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stdout).toContain('nothere.example.com A');
    });
  });

  it('--realistic with --time-scale; --time-scale alone is refused', async () => {
    await withEmulator(['--port', '0', '--realistic', '--time-scale', '0.01'], async (emulator) => {
      expect(emulator.banner).toContain('realistic profile (time scale 0.01)');
      expect(emulator.banner).toContain('DNS rate limit 300 per 0.6 s');
    });
    const alone = await runCliProcess(
      ['emulator', '--port', '0', '--time-scale', '0.5'],
      {},
      { built: true },
    );
    expect(alone.code).toBe(64);
    expect(alone.stderr).toContain('--time-scale only works with --realistic');
  });
});
