import { describe, expect, it } from 'vitest';
import { exposureWarning } from '../../../src/cli/sandbox/emulator-exposure.js';
import { cli } from '../../support/cli.js';

/** `edgeplan emulator --host`: loopback is quiet; any address beyond it is said on stderr, the emulator still up. */

const WARNING = 'edgeplan emulator: warning: listening on';

describe('exposureWarning', () => {
  it('says nothing of loopback: 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '127.255.255.254', '::1', '::ffff:127.0.0.1'])
      expect(exposureWarning(address), address).toBeUndefined();
  });

  it('warns of every other address, and names 0.0.0.0 and :: as every interface', () => {
    for (const address of [
      '192.168.1.10',
      '10.0.0.1',
      '126.255.255.255',
      '128.0.0.1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ])
      expect(exposureWarning(address), address).toContain(`listening on ${address}, beyond loopback`);
    expect(exposureWarning('0.0.0.0')).toBe(
      'edgeplan emulator: warning: listening on 0.0.0.0 (every interface), beyond loopback: anyone who can reach ' +
        'it can use the emulator with its published demo credentials and change its account; --host 127.0.0.1 ' +
        'keeps it to this machine',
    );
    expect(exposureWarning('::')).toContain('listening on :: (every interface), beyond loopback');
  });
});

describe('edgeplan emulator --host', () => {
  it('0.0.0.0: starts, then warns on stderr after the line that says where it listens', async () => {
    const run = await cli(['emulator', '--host', '0.0.0.0', '--port', '0'], {}, { stopAfterMs: 0 });
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n');
    expect(lines[0]).toMatch(/^edgeplan emulator: DNS API on http:\/\/0\.0\.0\.0:\d+\/REST/);
    expect(lines[1]).toBe(exposureWarning('0.0.0.0'));
  });

  it('the default and another loopback address: no warning', async () => {
    for (const flags of [[], ['--host', '127.0.0.2'], ['--host', 'localhost']]) {
      const run = await cli(['emulator', ...flags, '--port', '0'], {}, { stopAfterMs: 0 });
      expect([run.code, run.stderr], flags.join(' ')).toEqual([0, expect.not.stringContaining(WARNING)]);
      expect(run.stderr, flags.join(' ')).toContain('edgeplan emulator: stopped');
    }
  });
});
