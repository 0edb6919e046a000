import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findYamlFiles } from '../../src/config/find-files.js';
import { loadDesiredState } from '../../src/config/index.js';
import { loadSeedFile } from '../../src/emulator/index.js';

// examples/github-actions holds CI workflows, not desired state (github-actions.test.ts checks them).
const examples = (await readdir('examples', { withFileTypes: true })).filter(
  (e) => e.isDirectory() && e.name !== 'github-actions',
);

describe('every example', () => {
  it.each(examples.map((e) => e.name))(
    'examples/%s: dns/ is valid desired state, and its sandbox seed beside it a valid account',
    async (name) => {
      const loaded = await loadDesiredState([join('examples', name, 'dns')]);
      expect(loaded.ok ? [] : loaded.diagnostics).toEqual([]);
      await expect(loadSeedFile(join('examples', name, 'sandbox-seed.yaml'))).resolves.toBeDefined();
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
