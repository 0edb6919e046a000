/**
 * Templates and mirrors against the sandbox: the 30 brand zones of test/fixtures/reuse (25 using two templates, five
 * same_as one of them) validate, plan, apply and plan again empty; a change to one template then plans as one
 * grouped block in the markdown plan, with where the template wrote it (golden file), and the JSON plan carries each
 * change's provenance; a saved plan is refused once the template changes under it.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';

// Time budget: ten times the flow (about 3 s alone on 2 cores), rounded up.
vi.setConfig({ testTimeout: 40_000, hookTimeout: 30_000 });

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-reuse-'));
  await cp('test/fixtures/reuse/templated', join(dir, 'dns'), { recursive: true });
});
afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

const run = (...args: string[]) => cli(args, sandbox.env, { cwd: dir });

describe('30 zones of two templates and five mirrors, on the sandbox', () => {
  it('validate, apply, plan again empty; one template change is one grouped block', async () => {
    const valid = await run('validate', 'dns');
    expect(valid.stdout, valid.stderr).toContain('Valid: 30 zones, 211 record sets.');
    const apply = await run('apply', 'dns', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    const again = await run('plan', 'dns');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('No changes.');

    const mail = join(dir, 'dns/templates/mail.yaml');
    const text = await readFile(mail, 'utf8');
    await writeFile(mail, text.replace('p=reject', 'p=quarantine'));
    const markdown = await run('plan', 'dns', '--format', 'markdown');
    expect(markdown.code, markdown.stderr).toBe(2);
    // Paths are as the command was given them, here resolved in the test's directory.
    await expect(markdown.stdout.replaceAll(dir, '<dir>')).toMatchFileSnapshot(
      'golden/reuse-template-change.md',
    );

    const json = JSON.parse((await run('plan', 'dns', '--format', 'json')).stdout);
    const dmarc = json.changes.find(
      (change: { address: { fqdn: string } }) => change.address.fqdn === '_dmarc.brand26.example',
    );
    expect(dmarc.provenance).toEqual({
      at: `${dir}/dns/templates/mail.yaml:7:15`,
      via: [
        { kind: 'same_as', zone: 'brand01.example' },
        { kind: 'template', name: 'mail-google' },
      ],
    });
    // A saved plan covers the template's file: changed after the plan was saved, the apply refuses it.
    const saved = await run('plan', 'dns', '--out', 'saved.json');
    expect(saved.code, saved.stderr).toBe(2);
    await writeFile(mail, text.replace('p=reject', 'p=none'));
    const stale = await run('apply', '--plan', 'saved.json', '--yes');
    expect(stale.code).not.toBe(0);
    expect(stale.stderr).toContain('zone:brand01.example: its desired state changed since the plan');
    await writeFile(mail, text.replace('p=reject', 'p=quarantine'));
    const applied = await run('apply', '--plan', 'saved.json', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    expect((await run('plan', 'dns')).stdout).toContain('No changes.');

    const plain = json.changes.filter((change: { provenance?: unknown }) => change.provenance === undefined);
    expect(plain).toEqual([]);
  });
});
