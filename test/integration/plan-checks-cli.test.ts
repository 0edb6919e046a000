import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { type Sandbox, startSandbox } from '../support/sandbox.js';
import { workDir } from './review-helpers.js';

// Time budget: ten times its slowest test (1.0 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 });

/**
 * A green plan means the apply will not be refused: what the service would refuse, or what would silently do the
 * wrong thing, is found at plan time against the emulator, through the CLI, before any write.
 */
let sandbox: Sandbox;
let work: Awaited<ReturnType<typeof workDir>>;

const A = (fqdn: string, address: string) => ({ fqdn, type: 'A', ttl: 3600, rdata: { address } });

beforeEach(async () => {
  sandbox = await startSandbox({
    dns: {
      secondary_zones: { 'copied.example': { masters: ['203.0.113.53'] } },
      geo_services: {
        'Edge Web': {
          groups: [{ name: 'Everyone', countries: ['@@'], a: ['192.0.2.80'] }],
          nodes: [{ zone: 'example.com', fqdn: 'geo.example.com' }],
        },
      },
      zones: {
        'example.com': {
          serial: 5,
          records: [A('www.example.com', '192.0.2.1'), A('api.example.com', '192.0.2.2')],
        },
        'acme.io': { serial: 1, records: [A('www.acme.io', '192.0.2.9')] },
      },
    },
  });
  work = await workDir();
});
afterEach(async () => {
  await sandbox.close();
  await work.close();
});

const KEEP = '      www: { a: [192.0.2.1] }\n      api: { a: [192.0.2.2] }\n';

/** Nothing was written: no record, zone, secondary zone or publish. */
function expectNoWrites(): void {
  expect(sandbox.emulator.requestLog.count({ method: 'POST', path: /Record|Zone|Secondary|Geo/ })).toBe(0);
  expect(sandbox.emulator.requestLog.count({ method: 'PUT' })).toBe(0);
  expect(sandbox.emulator.requestLog.count({ method: 'DELETE', path: /Record|Node|Zone|Secondary/ })).toBe(0);
}

describe('plan-time checks through the CLI', () => {
  it('refuses a record at a node a geo service the YAML does not list answers for', async () => {
    const file = await work.write(
      'zones.yaml',
      `zones:\n  example.com:\n    records:\n${KEEP}      geo: { a: [192.0.2.7] }\n`,
    );
    sandbox.emulator.requestLog.clear();
    const plan = await cli(['plan', file], sandbox.env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `${file}:6:7: EP1603 geo.example.com A: the node is linked to the live geo service "Edge Web", which this plan ` +
        'does not unlink',
    );
    const apply = await cli(['apply', file, '--yes'], sandbox.env);
    expect(apply.code).toBe(1);
    expectNoWrites();
  });

  it('says what a name is in the account: a primary zone that is a live secondary, and the reverse', async () => {
    const file = await work.write(
      'zones.yaml',
      'zones:\n  copied.example:\n    records:\n      www: { a: [192.0.2.1] }\n' +
        'secondary_zones:\n  example.com: { masters: [203.0.113.10] }\n',
    );
    sandbox.emulator.requestLog.clear();
    const plan = await cli(['plan', file], sandbox.env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `${file}:2:3: EP1604 zone "copied.example" is a secondary zone in the account`,
    );
    expect(plan.stderr).toContain(
      `${file}:6:3: EP1606 secondary zone "example.com" is a primary zone in the account`,
    );
    expectNoWrites();
    // A secondary zone alone: the account's zone list is read for it too.
    const alone = await work.write(
      'secondary.yaml',
      'secondary_zones:\n  example.com: { masters: [203.0.113.10] }\n',
    );
    const second = await cli(['plan', alone], sandbox.env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `${alone}:2:3: EP1606 secondary zone "example.com" is a primary zone in the account`,
    );
  });

  it('holds back creating a zone not declared with create:, naming the account zone it may mistype', async () => {
    const typo = await work.write(
      'typo.yaml',
      'zones:\n  acme.oi:\n    records:\n      www: { a: [192.0.2.9] }\n',
    );
    const plan = await cli(['plan', typo], sandbox.env);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(
      'zone:acme.oi: creates the zone acme.oi, which the account does not have (did you mean acme.io?)',
    );
    expect(plan.stdout).toContain('contact hostmaster@acme.oi, serial increment');
    sandbox.emulator.requestLog.clear();
    const refused = await cli(['apply', typo, '--yes'], sandbox.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('[zone-create]');
    expectNoWrites();

    const meant = await work.write(
      'meant.yaml',
      'zones:\n  acme.dev:\n    create: { contact: dns@acme.io, serial_style: day }\n' +
        '    records:\n      www: { a: [192.0.2.9] }\n',
    );
    const planned = await cli(['plan', meant], sandbox.env);
    expect(planned.stdout).toContain('contact dns@acme.io, serial day');
    expect(planned.stdout).not.toContain('zone-create');
    const applied = await cli(['apply', meant, '--yes'], sandbox.env);
    expect(applied.code).toBe(0);
    expect(await cli(['plan', meant], sandbox.env)).toMatchObject({ code: 0 });
  });

  it('refuses to delete every record of a zone whose records no file gives', async () => {
    const file = await work.write('zones.yaml', 'zones:\n  example.com:\n    default_ttl: 300\n');
    const plan = await cli(['plan', file], sandbox.env);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `${file}:2:3: EP1605 zone "example.com" has no records map in any file, but 2 managed record set(s) live`,
    );
  });
});
