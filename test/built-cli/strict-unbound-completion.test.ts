/**
 * The built CLI, in a process of its own, for the flags of the zone lints (`--strict`), of saved plans without an
 * account (`--allow-unbound`), and `completion`: each checked by what it changes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { workDir } from '../integration/review-helpers.js';
import { BUILD_BUDGET_MS, ensureBuilt } from '../support/built-cli.js';
import { runCliProcess } from '../support/cli-process.js';
import { quickstartSandbox, type Sandbox } from '../support/sandbox.js';

// Time budget: each test runs up to five processes of the built CLI, about a second each on a quiet machine.
vi.setConfig({ testTimeout: 120_000 });

let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

beforeAll(ensureBuilt, BUILD_BUDGET_MS);
beforeEach(async () => {
  [sandbox, work] = await Promise.all([quickstartSandbox(), workDir()]);
});
afterEach(async () => {
  await Promise.all([sandbox.close(), work.close()]);
});

const edgeplan = (argv: string[]) => runCliProcess(argv, sandbox.env, { built: true, cwd: work.dir });

/** A TXT value written with zone-file quotes: a warning (it would publish the quotes), never an error. */
async function addQuotedTxt(): Promise<void> {
  const zone = 'zones:\n  example.com:\n    records:\n      quoted: { txt: [\'"v=spf1 -all"\'] }\n';
  await writeFile(join(work.config, 'quoted.yaml'), zone);
}

describe('the built CLI', () => {
  it('--strict turns the warnings of validate, plan, apply and drift into errors, before any request', async () => {
    await addQuotedTxt();
    const valid = await edgeplan(['validate', work.config]);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stderr).toContain('warning:');

    for (const command of [
      ['validate', work.config, '--strict'],
      ['plan', work.config, '--strict'],
      ['apply', work.config, '--yes', '--strict'],
      ['drift', work.config, '--strict'],
    ]) {
      sandbox.emulator.requestLog.clear();
      const run = await edgeplan(command);
      expect(run.code, `${command.join(' ')}: ${run.stderr}`).toBe(1);
      expect(run.stderr).toContain('nothing was sent to any API');
      expect(sandbox.emulator.requestLog.entries).toEqual([]);
    }
  });

  it('apply --allow-unbound applies a saved plan that records no account; without it, refused', async () => {
    const saved = join(work.dir, 'plan.json');
    expect((await edgeplan(['plan', work.config, '--out', saved])).code).toBe(2);
    const { accounts: _dropped, ...unbound } = JSON.parse(await readFile(saved, 'utf8'));
    await writeFile(saved, JSON.stringify(unbound));

    const refused = await edgeplan(['apply', '--plan', saved, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('pass --allow-unbound to apply it anyway');

    const applied = await edgeplan(['apply', '--plan', saved, '--yes', '--allow-unbound']);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await edgeplan(['plan', work.config])).code).toBe(0);
  });

  it('completion prints a script each shell loads; an unknown shell is a usage error', async () => {
    const bash = await edgeplan(['completion', 'bash']);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toContain('complete -F');
    const fish = await edgeplan(['completion', 'fish']);
    expect(fish.stdout).toContain('complete -c edgeplan');
    expect((await edgeplan(['completion', 'tcsh'])).code).toBe(64);
  });
});
