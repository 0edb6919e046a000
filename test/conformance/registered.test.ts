/**
 * Every registered DNS provider runs the conformance suite: a plug-in listed in providers/registry.ts with no
 * `describeConformance({ plugin })` wiring under test/conformance fails here. The suites themselves run in their own
 * files (each with its server); this lists them as vitest collects them, without running them.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DNS_PROVIDERS } from '../../src/providers/registry.js';
import { conformanceTitle } from './run-conformance.js';

const run = promisify(execFile);

/** The names of the tests vitest collects under test/conformance (its `list` command: nothing is run). */
async function collectedTests(): Promise<string[]> {
  const vitest = process.execPath;
  const { stdout } = await run(
    vitest,
    [
      'node_modules/vitest/vitest.mjs',
      'list',
      'test/conformance',
      '--json',
      '--exclude',
      'test/conformance/registered.test.ts',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { name: string }[]).map((test) => test.name);
}

describe('the conformance suite', () => {
  it('runs for every registered DNS provider', { timeout: 300_000 }, async () => {
    const names = await collectedTests();
    const wired = DNS_PROVIDERS.filter((plugin) =>
      names.some((name) => name.startsWith(`${conformanceTitle(plugin)} (`)),
    );
    expect(wired.map((plugin) => plugin.type)).toEqual(DNS_PROVIDERS.map((plugin) => plugin.type));
  });
});
