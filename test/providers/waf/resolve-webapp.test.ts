import { describe, expect, it } from 'vitest';
import { resolveWebapp } from '../../../src/providers/waf/read.js';

const HEX_A = 'a'.repeat(32);
const HEX_B = 'b'.repeat(32);

describe('resolveWebapp', () => {
  const webapps = [
    { id: HEX_A, name: 'Shop' },
    { id: HEX_B, name: 'c'.repeat(32) },
    { id: '1'.repeat(32), name: 'blog' },
    { id: '2'.repeat(32), name: 'Blog' },
  ];

  it('finds a webapp by its 32-hex id in any letter case', () => {
    expect(resolveWebapp(webapps, HEX_A.toUpperCase())?.name).toBe('Shop');
  });

  it('finds a webapp whose name is 32 hex letters by that name when no id matches', () => {
    expect(resolveWebapp(webapps, 'c'.repeat(32))?.id).toBe(HEX_B);
    expect(resolveWebapp(webapps, 'C'.repeat(32))?.id).toBe(HEX_B);
  });

  it("prefers the id when a ref is one webapp's id and another's name", () => {
    const clash = [...webapps, { id: 'd'.repeat(32), name: HEX_A }];
    expect(resolveWebapp(clash, HEX_A)?.name).toBe('Shop');
  });

  it('matches a name exactly first, case-insensitively only when that finds one webapp', () => {
    expect(resolveWebapp(webapps, 'blog')?.id).toBe('1'.repeat(32));
    expect(resolveWebapp(webapps, 'BLOG')).toBeUndefined();
    expect(resolveWebapp(webapps, 'shop')?.id).toBe(HEX_A);
    expect(resolveWebapp(webapps, 'e'.repeat(32))).toBeUndefined();
  });
});
