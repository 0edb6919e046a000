import { describe, expect, it } from 'vitest';
import { EmulatorSeedSchema, parseSeed } from '../../src/emulator/seed.js';
import { objectKeysAt } from '../../src/model/schema-keys.js';

/** A typo in an emulator account file: each unknown key is named where it stands, with the keys allowed there. */
describe('unknown keys in a seed', () => {
  it('are each named by path, with the closest allowed key and the list of allowed ones', () => {
    const dnsKeys = objectKeysAt(EmulatorSeedSchema, ['dns']);
    expect(dnsKeys).toContain('zones');
    let message = '';
    try {
      parseSeed({ dns: { zonez: {} }, wav: {} }, 'account.yaml');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid emulator seed account.yaml:',
      `  - dns.zonez: unknown key; did you mean zones? (expected ${dnsKeys.join(', ')})`,
      '  - wav: unknown key; did you mean waf? (expected dns, waf)',
    ]);
  });

  it('gets no suggestion when nothing allowed is close', () => {
    expect(() => parseSeed({ passwords: [] }, 'account.yaml')).toThrow(
      /^Invalid emulator seed account\.yaml:\n {2}- passwords: unknown key \(expected dns, waf\)$/,
    );
  });
});
