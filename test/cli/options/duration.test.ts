import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../src/cli/options/duration.js';

describe('a duration flag (--wait-served)', () => {
  it('takes milliseconds, seconds, minutes, or a bare number of seconds', () => {
    expect(parseDuration('1500ms')).toBe(1_500);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('120')).toBe(120_000);
    expect(parseDuration(' 2.5 ')).toBe(2_500);
    expect(parseDuration('0.001s')).toBe(1);
  });

  it('refuses less than a millisecond, a unit alone, other units and text, as a usage error', () => {
    for (const bad of ['0', '0s', '0.0004s', 's', '5h', '-1', 'soon', '', '1e3', '5 m'])
      expect(() => parseDuration(bad), bad).toThrow(
        new InvalidArgumentError('expected a duration such as 90s, 5m or 1500ms'),
      );
  });
});
