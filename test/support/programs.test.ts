import { afterEach, describe, expect, it, vi } from 'vitest';
import { findProgram, missingPrograms } from './programs.js';

/** A test needing a program skips without it on a developer's machine, and fails in CI (`CI` set). */

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('missingPrograms', () => {
  it('is null when every program is found (sh is on every machine the tests run on)', () => {
    expect(findProgram('sh')).toMatch(/\/sh$/);
    vi.stubEnv('CI', 'true');
    expect(missingPrograms(['sh'], 'nothing to install')).toBeNull();
  });

  it('gives the reason to skip outside CI, and throws in CI', () => {
    vi.stubEnv('CI', '');
    expect(missingPrograms(['sh', 'no-such-program-x1'], 'apt-get install -y x1')).toBe(
      'no-such-program-x1 not installed (apt-get install -y x1)',
    );
    vi.stubEnv('CI', 'true');
    expect(() => missingPrograms(['no-such-program-x1'], 'apt-get install -y x1')).toThrow(
      'these tests must run in CI, but no-such-program-x1 not installed (apt-get install -y x1)',
    );
  });
});
