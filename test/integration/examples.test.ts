import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/config/index.js';
import { loadSeedFile } from '../../src/emulator/index.js';

// examples/github-actions holds CI workflows, not desired state (github-actions.test.ts checks them).
const examples = (await readdir('examples', { withFileTypes: true })).filter(
  (e) => e.isDirectory() && e.name !== 'github-actions',
);

describe('every example', () => {
  it.each(examples.map((e) => e.name))(
    'examples/%s is valid desired state with a valid sandbox seed',
    async (name) => {
      const loaded = await loadDesiredState([join('examples', name)]);
      expect(loaded.ok ? [] : loaded.diagnostics).toEqual([]);
      await expect(loadSeedFile(join('examples', name, 'sandbox-seed.yaml'))).resolves.toBeDefined();
    },
  );
});
