/**
 * The zonefile writer's last guard: a text that does not read back as the zone it was made from is never written,
 * and the user sees a typed error (EP2502) naming the zone, the file, and why, and that the file was not changed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { silentLogger } from '../../../src/model/logger.js';
import { ZonefileReadBackError } from '../../../src/providers/zonefile/errors.js';
import { locationOf } from '../../../src/providers/zonefile/location.js';
import { ParsedZones } from '../../../src/providers/zonefile/parsed.js';
import type { ZoneFileStore } from '../../../src/providers/zonefile/store.js';
import { ZonefileWriter } from '../../../src/providers/zonefile/write.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-guard-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Parses that find a problem in whatever they read, as a writer bug would make its own text. */
class BrokenParses extends ParsedZones {
  override async parsed<T>(): Promise<T> {
    return {
      ok: false,
      problems: [{ line: 4, col: 7, message: 'an A value that does not read' }],
      total: 1,
    } as T;
  }
}

it('refuses to write a text that does not read back: EP2502, where, why, and that nothing changed', async () => {
  const replaced: string[] = [];
  const store: ZoneFileStore = {
    read: async () => null,
    list: async () => [],
    replace: async (path) => {
      replaced.push(path);
      return { notKept: [] };
    },
  };
  const writer = new ZonefileWriter({
    location: locationOf('.', '{zone}.zone', join(dir, 'desired.yaml')),
    store,
    supported: new Set(['A']),
    maxFileBytes: 1024 * 1024,
    logger: silentLogger,
    now: () => Date.UTC(2026, 0, 1),
    parsed: new BrokenParses(silentLogger),
  });
  const op = {
    kind: 'write-zone',
    zone: 'example.com',
    file: 'example.com.zone',
    digest: null,
    create: {
      contact: 'hostmaster@example.com',
      ttl: 3600,
      serialStyle: 'day',
      nameservers: ['ns1.example.net.'],
    },
    delete: [],
    replace: [{ fqdn: 'www.example.com', type: 'A', ttl: 300, values: ['192.0.2.1'] }],
  };
  const error = await writer.execute(op).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ZonefileReadBackError);
  expect(error).toMatchObject({
    code: 'EP2502',
    kind: 'provider',
    zone: 'example.com',
    file: 'example.com.zone',
    message:
      'zone example.com: the file edgeplan would write does not read back (line 4, column 7: an A value that ' +
      'does not read); example.com.zone was not changed',
  });
  expect(replaced).toEqual([]);
});
