import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { findYamlFiles } from '../../src/config/read/find-files.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its slowest test (1.4 s at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

// examples/github-actions holds CI workflows, not desired state (github-actions.test.ts checks them).
const examples = (await readdir('examples', { withFileTypes: true })).filter(
  (e) => e.isDirectory() && e.name !== 'github-actions',
);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-examples-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('every example', () => {
  it.each(examples.map((e) => e.name))(
    'examples/%s: dns/ is valid desired state that plans changes against the seed beside it, none held back',
    async (name) => {
      const path = join('examples', name, 'dns');
      const loaded = await loadDesiredState([path]);
      expect(loaded.ok ? [] : loaded.diagnostics).toEqual([]);
      // The seed is the account the example is written for: it loads, and the example plans against it with
      // changes to show (exit 2) and nothing that needs approval (a zone the seed lacks and the example does not
      // declare with create:, a deletion over the safety limit).
      const state = join(dir, `${name}.json`);
      const seed = join('examples', name, 'sandbox-seed.yaml');
      const run = await cli(
        ['plan', path, '--sandbox', '--seed', seed, '--sandbox-state', state, '--format', 'json'],
        {},
      );
      expect(run.code, run.stderr).toBe(2);
      const plan = JSON.parse(run.stdout);
      expect(plan.needsApproval).toEqual([]);
      expect(plan.summary.zones).toBeGreaterThan(0);
    },
  );

  it.each(examples.map((e) => e.name))(
    'examples/%s/dns loads every file in it, skipping none',
    async (name) => {
      const found = await findYamlFiles([join('examples', name, 'dns')]);
      expect(found.skipped).toEqual([]);
      expect(found.files.length).toBeGreaterThan(0);
    },
  );
});
