import { describe, expect, it } from 'vitest';
import * as library from '../../src/index.js';
import { EdgeplanError } from '../../src/model/edgeplan-error.js';
import { errorCodeTable } from '../../src/model/error-codes.js';
import { libraryErrorClasses } from '../support/error-classes.js';

/**
 * Every error a library call throws is an EdgeplanError, told apart by its `code` (and `kind`); the library exports
 * the classes a caller acts on, and only those (docs/library.md, "Errors").
 */
const ACTIONABLE = [
  'AckFileError',
  'ApplyInterruptedError',
  'EdgeplanError',
  'EnvConfigError',
  'OutcomeUnknownError',
  'PlanFileError',
  'PlanProblemsError',
  'ZoneChangedError',
];

describe('the error classes of the library', () => {
  it('exports the ones a caller acts on, each of the family, and no other', () => {
    const exported: Record<string, unknown> = library;
    const classes = Object.keys(exported).filter((name) => {
      const value = exported[name];
      return typeof value === 'function' && value.prototype instanceof Error;
    });
    expect(classes.sort()).toEqual(ACTIONABLE);
    for (const name of classes.filter((n) => n !== 'EdgeplanError'))
      expect((exported[name] as { prototype: unknown }).prototype instanceof EdgeplanError, name).toBe(true);
  });

  it('lets a caller look every code up, and the classes it does not export exist to be found by code', async () => {
    expect(library.errorCodeTable()).toEqual(errorCodeTable());
    const names = await libraryErrorClasses();
    expect(names.length).toBeGreaterThan(35);
    expect(ACTIONABLE.filter((name) => name !== 'EdgeplanError' && !names.includes(name))).toEqual([]);
  });
});
