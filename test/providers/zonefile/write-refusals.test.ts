/**
 * What the zonefile writer refuses to write, each a typed error that says where, and that the file was not changed:
 * a file found not UTF-8 (EP2501, at its first octet that is not), and its last guard, a text that does not read
 * back as the zone it was made from (EP2502).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { silentLogger } from '../../../src/model/logger.js';
import { ZonefileReadBackError, ZonefileReadError } from '../../../src/providers/zonefile/errors.js';
import { locationOf } from '../../../src/providers/zonefile/location.js';
import { ParsedZones } from '../../../src/providers/zonefile/parsed.js';
import { digestOf } from '../../../src/providers/zonefile/read.js';
import type { ZoneFileStore } from '../../../src/providers/zonefile/store.js';
import { ZonefileWriter } from '../../../src/providers/zonefile/write.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-guard-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** "café" in Latin-1: its é is the one octet 0xE9, which UTF-8 never has alone. */
const OCTETS = Buffer.concat([Buffer.from('$TTL 300\n; caf'), Buffer.from([0xe9, 0x0a])]);

/** A writer of zone files in `dir`, its store `store`, its parses `parsed`. */
function writerOf(store: ZoneFileStore, parsed = new ParsedZones(silentLogger)) {
  return new ZonefileWriter({
    location: locationOf('.', '{zone}.zone', join(dir, 'desired.yaml')),
    store,
    supported: new Set(['A']),
    maxFileBytes: 1024 * 1024,
    logger: silentLogger,
    now: () => Date.UTC(2026, 0, 1),
    parsed,
  });
}

/** A store that holds `bytes` (null: no file), and the paths it replaced. */
function storeOf(bytes: Buffer | null) {
  const replaced: string[] = [];
  const store: ZoneFileStore = {
    read: async () => bytes,
    list: async () => [],
    replace: async (path) => {
      replaced.push(path);
      return { notKept: [] };
    },
  };
  return { store, replaced };
}

const WWW = { fqdn: 'www.example.com', type: 'A', ttl: 300, values: ['192.0.2.1'] };

it("refuses a file that is not UTF-8 at its first octet that is not, even when it is the plan's", async () => {
  const { store, replaced } = storeOf(OCTETS);
  const op = {
    kind: 'write-zone',
    zone: 'example.com',
    file: 'example.com.zone',
    digest: digestOf(OCTETS),
    delete: [],
    replace: [WWW],
  };
  const error = await writerOf(store)
    .execute(op)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ZonefileReadError);
  expect(error).toMatchObject({
    code: 'EP2501',
    problems: [
      {
        line: 2,
        col: 6,
        message:
          'not UTF-8 text: the octet 0xE9 here does not start a UTF-8 character (write other octets as \\DDD)',
      },
    ],
  });
  expect(replaced).toEqual([]);
});

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
  const { store, replaced } = storeOf(null);
  const writer = writerOf(store, new BrokenParses(silentLogger));
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
    replace: [WWW],
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
