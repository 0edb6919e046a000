import { describe, expect, it } from 'vitest';
import { HEAP_FLAGS, heapFlags } from '../../src/cli/heap-policy.js';

/** The heap flags the CLI gives itself (pure): for the V8 they were measured on, and never over the user's own. */
const NODE_20 = { v8: '11.3.244.8-node.33', execArgv: [] };

describe('heap policy', () => {
  it('keeps the young generation at its first size and the old one growing by half on V8 11 (Node 20)', () => {
    expect(heapFlags(NODE_20)).toBe('--semi-space-growth-factor=1 --heap-growing-percent=50');
    expect(HEAP_FLAGS).toHaveLength(2);
  });

  it.each(['12.4.254.21-node.33', '13.6.233.10', '1.0', ''])(
    'sets nothing on V8 %j, where it was not measured',
    (v8) => {
      expect(heapFlags({ ...NODE_20, v8 })).toBe('');
    },
  );

  it.each([
    ['--semi-space-growth-factor=2'],
    ['--semi_space_growth_factor', '3'],
    ['--max-old-space-size=512', '--semi-space-growth-factor'],
  ])('leaves the growth factor to a user who sets it: %j', (...execArgv) => {
    expect(heapFlags({ ...NODE_20, execArgv })).toBe('--heap-growing-percent=50');
  });

  it('leaves both to a user who sets both, and ignores flags that only start alike', () => {
    const both = { execArgv: ['--heap-growing-percent=20', '--semi-space-growth-factor=2'] };
    expect(heapFlags({ ...NODE_20, ...both })).toBe('');
    const alike = { execArgv: ['--heap-growing-percentage=1', '--import=./semi-space-growth-factor.mjs'] };
    expect(heapFlags({ ...NODE_20, ...alike })).toBe(HEAP_FLAGS.join(' '));
  });
});
