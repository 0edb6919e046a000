/**
 * A live geo service's name is the service's to spell: ESC, OSC, BEL and CR in it reach no terminal raw. The text
 * plan's approval list, the apply report and the progress lines print it escaped (model/text.ts `printable`), as
 * the rest of the plan already does.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUnprintable } from '../../src/model/text.js';
import { cli } from '../support/cli.js';
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
