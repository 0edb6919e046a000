import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { loadDesiredState } from '../../src/config/index.js';
import { importDocuments } from '../../src/import/documents.js';
import { zoneDocument } from '../../src/import/zone-document.js';
import type { DnsInventory, WafInventory, ZoneInventory } from '../../src/model/inventory.js';
import { PROTOTYPE_KEYS } from '../fixtures/prototype-keys.js';

// Time budget: ten times its slowest test (0.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

/** Live names are lower case: these are the ones that stay members of every object. */
const LABELS = [...new Set(PROTOTYPE_KEYS.map((name) => name.toLowerCase()))];

const zone = (name: string, labels: readonly string[]): ZoneInventory => ({
  zone: name,
  records: labels.map((label, i) => ({
    fqdn: `${label}.${name}`,
    type: 'A',
    records: [{ value: '192.0.2.1', ttl: 300, ref: String(i + 1) }],
  })),
  unsupported: [],
});

const dns = (zones: ZoneInventory[]): DnsInventory => ({
  zones,
  secondaryZones: [],
  geoServices: PROTOTYPE_KEYS.map((name) => ({
    service: {
      name,
      groups: [{ name, countries: ['DE'], records: [{ type: 'A', values: ['192.0.2.9'] }] }],
      nodes: [],
    },
    problems: [],
  })),
});

const waf: WafInventory = {
  webapps: PROTOTYPE_KEYS.map((name, i) => ({
    id: String(i).padStart(32, '0'),
    name,
    bots: [{ id: '1'.repeat(32), name: 'Googlebot', enabled: true }],
  })),
};

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('import of names that are members of every JavaScript object', () => {
  it('writes a record set at each such name', () => {
    const { document } = zoneDocument(zone('a.test', LABELS));
    expect(Object.keys(document.records)).toEqual(LABELS);
  });

  it('writes files that load back with every record, geo service and webapp', async () => {
    const { files } = importDocuments(dns([zone('a.test', LABELS)]), waf, false);
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-import-'));
    for (const file of files) await writeFile(join(dir, file.name), file.text);
    const loaded = await loadDesiredState([dir]);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
    expect(loaded.desired.zones[0]?.records.map((set) => set.fqdn)).toEqual(
      LABELS.map((label) => `${label}.a.test`).sort(),
    );
    expect(loaded.desired.geoServices?.map((service) => service.name)).toEqual(PROTOTYPE_KEYS);
    expect(loaded.desired.waf?.webapps.map((webapp) => webapp.ref)).toEqual(PROTOTYPE_KEYS);
  });

  it('keeps every zone in one file, whatever the zone is called', () => {
    const { files } = importDocuments(dns([zone('a.test', []), zone('__proto__', [])]), undefined, true);
    const [file] = files;
    expect(Object.keys(parse(file?.text ?? '').zones)).toEqual(['a.test', '__proto__']);
  });
});
