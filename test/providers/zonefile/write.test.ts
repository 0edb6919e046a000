/**
 * The zonefile writer through plan and apply, on files in a temporary directory: each zone's changes replace its
 * file once, the SOA serial goes up once, records edgeplan does not manage are kept as written, and a file that
 * changed after the plan read it (edited, created or removed, even between the new file's writing and its rename)
 * is never replaced.
 */
import { mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { applyPlan, planReviewed, writersOf } from '../../../src/engine/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import type { DnsProvider } from '../../../src/model/dns.js';
import {
  createZonefileProvider,
  locationOf,
  ZONEFILE_CAPABILITIES,
} from '../../../src/providers/zonefile/index.js';
import { createZoneFileStore, type ZoneFileStore } from '../../../src/providers/zonefile/store.js';
import { providerLike } from '../../support/load-options.js';
import { DYN } from '../../support/one-provider.js';

/** 2026-03-04T05:06:00Z: the clock of SOA serials. */
const NOW = Date.UTC(2026, 2, 4, 5, 6);

const ZONE = [
  '; hand-written',
  '$ORIGIN example.com.',
  '$TTL 300',
  '@ IN SOA ns1.example.net. hostmaster ( 2026010102 1h 10m 2w 5m )',
  '  NS ns1.example.net.',
  'www A 192.0.2.1',
  'old TXT "going"',
  'hightype TYPE262 \\# 2 abcd',
  '$ORIGIN lab.example.com.',
  'afs AFSDB 1 afs',
  'kx KX 10 target',
  '',
].join('\n');

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function provider(
  store: ZoneFileStore = createZoneFileStore(),
  warnings: string[] = [],
  debug: (line: string) => void = () => {},
): DnsProvider {
  const location = locationOf('.', '{zone}.zone', join(dir, 'desired.yaml'));
  return createZonefileProvider({
    name: 'files',
    location,
    nameservers: ['ns1.example.net.'],
    store,
    now: () => NOW,
    logger: { debug, info() {}, warn: (line) => warnings.push(line) },
  });
}

/** A provider whose parses of zone files are counted (each is logged at debug level: parsed.ts). */
function counted(store?: ZoneFileStore) {
  const parses: string[] = [];
  return {
    dns: provider(store, [], (line) => parses.push(line)),
    parses: () => parses.filter((line) => line.startsWith('reading ')).length,
  };
}

async function plan(dns: DnsProvider, records: string, create = '') {
  const file = join(dir, 'desired.yaml');
  await writeFile(file, `zones:\n  example.com:\n${create}    records: ${records}\n`);
  const loaded = await loadDesiredState([file], providerLike('files', ZONEFILE_CAPABILITIES));
  if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
  return planReviewed(loaded.desired, { dns: { [DYN]: dns } });
}

const zoneFile = () => join(dir, 'example.com.zone');
/** `default_ttl` is not given: the sets take 3600. */
const DESIRED = '{ www: { a: [192.0.2.1, 192.0.2.7] }, new: { txt: [hello] } }';

describe('the zonefile writer', () => {
  it('replaces the file once: the changes made, the serial up once, every other line kept as written', async () => {
    await writeFile(zoneFile(), ZONE);
    const dns = provider();
    const planned = await plan(dns, DESIRED);
    expect(planned.steps).toHaveLength(1);
    const result = await applyPlan(planned, writersOf({ dns: { [DYN]: dns } }));
    expect(result.steps.map((step) => step.status)).toEqual(['applied']);
    // www's set where its record was, `old` gone, `new` at the end under the zone's origin, the serial in place.
    expect(await readFile(zoneFile(), 'utf8')).toBe(
      [
        '; hand-written',
        '$ORIGIN example.com.',
        '$TTL 300',
        '@ IN SOA ns1.example.net. hostmaster ( 2026030401 1h 10m 2w 5m )',
        '  NS ns1.example.net.',
        'www\t3600\tIN\tA\t192.0.2.1',
        'www\t3600\tIN\tA\t192.0.2.7',
        'hightype TYPE262 \\# 2 abcd',
        '$ORIGIN lab.example.com.',
        'afs AFSDB 1 afs',
        'kx KX 10 target',
        '$ORIGIN example.com.',
        'new\t3600\tIN\tTXT\t"hello"',
        '',
      ].join('\n'),
    );
    expect(await readdir(dir)).toEqual(['desired.yaml', 'example.com.zone']);
    const again = await plan(provider(), DESIRED);
    expect(again.changes).toEqual([]);
  });

  it('parses the file once to plan, and twice in all for an apply with its check plan', async () => {
    await writeFile(zoneFile(), ZONE);
    const { dns, parses } = counted();
    const planned = await plan(dns, DESIRED);
    expect(parses()).toBe(1);
    expect((await applyPlan(planned, writersOf({ dns: { [DYN]: dns } }))).steps[0]?.status).toBe('applied');
    // The file found is the plan's by its digest: not parsed again; the text written is, to read it back.
    expect(parses()).toBe(2);
    const check = await plan(dns, DESIRED);
    expect(check.changes).toEqual([]);
    // The check finds the file that was written: its read-back parse is taken.
    expect(parses()).toBe(2);
    // Another provider (another run) holds no parse: it parses the file.
    const other = counted();
    expect((await plan(other.dns, DESIRED)).changes).toEqual([]);
    expect(other.parses()).toBe(1);
  });

  it('applies a plan another provider read (a saved plan): parses the file it checks, then the text it writes', async () => {
    await writeFile(zoneFile(), ZONE);
    const planned = await plan(provider(), DESIRED);
    const { dns, parses } = counted();
    expect((await applyPlan(planned, writersOf({ dns: { [DYN]: dns } }))).steps[0]?.status).toBe('applied');
    expect(parses()).toBe(2);
    const text = await readFile(zoneFile(), 'utf8');
    expect(text).toContain('\nhightype TYPE262 \\# 2 abcd\n');
    expect(text).toContain('\nwww\t3600\tIN\tA\t192.0.2.7\n');
    expect((await plan(dns, DESIRED)).changes).toEqual([]);
    expect(parses()).toBe(2);
  });

  it('a file edited after a read is parsed again, never taken for the parse of other bytes', async () => {
    await writeFile(zoneFile(), ZONE);
    const { dns, parses } = counted();
    await plan(dns, DESIRED);
    await writeFile(zoneFile(), ZONE.replace('www A 192.0.2.1', 'www A 192.0.2.7'));
    const again = await plan(dns, DESIRED);
    expect(parses()).toBe(2);
    const www = again.changes.find(
      (change) => change.address.kind === 'record-set' && change.address.fqdn === 'www.example.com',
    );
    expect(www && 'before' in www ? www.before : undefined).toMatchObject({ values: ['192.0.2.7'] });
  });

  it('writes the whole file anew, and says so, where a change in place would change what other lines mean', async () => {
    // No $TTL: a record without a TTL takes the last TTL written (RFC 1035 §5.1), so www's new TXT row, with its
    // own TTL, would give mail's A record that TTL.
    await writeFile(
      zoneFile(),
      [
        '$ORIGIN example.com.',
        '@ 300 IN SOA ns1.example.net. hostmaster 2026010102 1h 10m 2w 5m',
        '  NS ns1.example.net.',
        'www A 192.0.2.1',
        'mail A 192.0.2.9',
        '',
      ].join('\n'),
    );
    const desired =
      '{ www: [{ a: [192.0.2.1], ttl: 300 }, { txt: [hi] }], mail: { a: [192.0.2.9], ttl: 300 } }';
    const warnings: string[] = [];
    const dns = provider(createZoneFileStore(), warnings);
    const result = await applyPlan(await plan(dns, desired), writersOf({ dns: { [DYN]: dns } }));
    expect(result.steps.map((step) => step.status)).toEqual(['applied']);
    expect(warnings).toEqual([
      "example.com.zone: the changes could not be made in place (the record sets differ), so the whole file was written in edgeplan's layout: its comments and order were not kept",
    ]);
    expect(await readFile(zoneFile(), 'utf8')).toMatch(/^; Zone example.com, written by edgeplan\./);
    expect((await plan(provider(), desired)).changes).toEqual([]);
  });

  it("creates a zone file with an SOA in the zone's serial style and the provider's name servers", async () => {
    const dns = provider();
    const planned = await plan(
      dns,
      '{ www: { a: [192.0.2.1] } }',
      '    create: { contact: dns@example.com, serial_style: day }\n',
    );
    await applyPlan(planned, writersOf({ dns: { [DYN]: dns } }));
    const text = await readFile(zoneFile(), 'utf8');
    expect(text).toContain(
      '@\t3600\tIN\tSOA\tns1.example.net. dns.example.com. 2026030401 3600 600 1209600 300\n',
    );
    expect(text).toContain('@\t3600\tIN\tNS\tns1.example.net.\n');
    expect((await plan(provider(), '{ www: { a: [192.0.2.1] } }')).changes).toEqual([]);
  });

  it.each([
    ['edited', async () => writeFile(zoneFile(), ZONE.replace('192.0.2.1', '192.0.2.9')), 'was edited'],
    ['removed', async () => unlink(zoneFile()), 'was removed'],
  ])('refuses a file %s since the plan, and writes nothing', async (_how, disturb, sign) => {
    await writeFile(zoneFile(), ZONE);
    const dns = provider();
    const planned = await plan(dns, DESIRED);
    await disturb();
    const before = await readFile(zoneFile(), 'utf8').catch(() => null);
    const result = await applyPlan(planned, writersOf({ dns: { [DYN]: dns } }));
    expect(result.steps).toEqual([
      expect.objectContaining({
        status: 'failed',
        error: expect.stringContaining(
          `zone example.com changed since the plan (example.com.zone ${sign}); nothing was written, plan again`,
        ),
      }),
    ]);
    expect(await readFile(zoneFile(), 'utf8').catch(() => null)).toBe(before);
  });

  it('refuses a file created by someone else after a plan that creates it', async () => {
    const dns = provider();
    const planned = await plan(dns, '{ www: { a: [192.0.2.1] } }', '    create: {}\n');
    await writeFile(zoneFile(), ZONE);
    const result = await applyPlan(planned, writersOf({ dns: { [DYN]: dns } }));
    expect(result.steps[0]).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('was created'),
    });
    expect(await readFile(zoneFile(), 'utf8')).toBe(ZONE);
  });

  it('checks the file again right before the rename: an edit in between wins, and no temporary file is left', async () => {
    await writeFile(zoneFile(), ZONE);
    const edited = ZONE.replace('old TXT', 'older TXT');
    const files = createZoneFileStore();
    const racing: ZoneFileStore = {
      ...files,
      replace: (path, text, beforeRename) =>
        files.replace(path, text, async () => {
          await writeFile(zoneFile(), edited);
          await beforeRename();
        }),
    };
    const dns = provider(racing);
    const result = await applyPlan(await plan(dns, DESIRED), writersOf({ dns: { [DYN]: dns } }));
    expect(result.steps[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('was edited') });
    expect(await readFile(zoneFile(), 'utf8')).toBe(edited);
    expect(await readdir(dir)).toEqual(['desired.yaml', 'example.com.zone']);
  });
});
