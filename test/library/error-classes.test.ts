import { describe, expect, it } from 'vitest';
import * as library from '../../src/index.js';
import { libraryErrorClasses } from '../support/error-classes.js';

/** Every error class a library call can throw is exported, so callers tell failures apart with `instanceof`. */

describe('the library exports its error classes', () => {
  it('every one, each an Error subclass', async () => {
    const names = await libraryErrorClasses();
    expect(names.length).toBeGreaterThan(35);
    const exported: Record<string, unknown> = library;
    expect(names.filter((name) => typeof exported[name] !== 'function')).toEqual([]);
    for (const name of names) {
      const value = exported[name];
      expect(typeof value === 'function' && value.prototype instanceof Error, name).toBe(true);
    }
  });
});
