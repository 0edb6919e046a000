/**
 * What `edgeplan import` reads from a directory of zone files (read.ts's readInventory), on disk through the
 * provider's real store: the files the pattern names with a zone's name, those the selection takes, in order of
 * their names; the SOA and an apex NS set named as the zone's own.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createZonefileProvider, locationOf } from '../../../src/providers/zonefile/index.js';

const SOA = '@ 300 SOA ns1.example.net. hostmaster 1 1h 10m 2w 5m';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-inventory-'));
  await mkdir(join(dir, 'zones'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const zoneFile = (name: string, lines: readonly string[]) =>
  writeFile(join(dir, 'zones', name), `${lines.join('\n')}\n`);

/** The inventory of zones/, the pattern `{zone}.zone`, the selection `take`; the zones it was asked about. */
async function inventory(take: (zone: string) => boolean = () => true) {
  const location = locationOf('zones', '{zone}.zone', join(dir, 'providers.yaml'));
  const asked: string[] = [];
  const read = await createZonefileProvider({ name: 'files', location }).readInventory?.({
    zones: (zone) => {
      asked.push(zone);
      return take(zone);
    },
    geoServices: () => false,
  });
  return { read, asked };
}

describe('a zone-file inventory', () => {
  it('is each file the pattern names, in order, its SOA and apex NS set the zone’s own', async () => {
    await zoneFile('example.org.zone', [SOA, 'www 60 A 192.0.2.1']);
    await zoneFile('example.com.zone', [SOA, '@ 300 NS ns1.example.net.', 'mail 60 A 192.0.2.2']);
    await zoneFile('README', ['not a zone']);
    const { read } = await inventory();
    expect(read).toEqual({
      zones: [
        {
          zone: 'example.com',
          records: [{ fqdn: 'mail.example.com', type: 'A', records: [{ value: '192.0.2.2', ttl: 60 }] }],
          unsupported: [],
          providerOwned: ['example.com SOA', 'example.com NS'],
        },
        {
          zone: 'example.org',
          records: [{ fqdn: 'www.example.org', type: 'A', records: [{ value: '192.0.2.1', ttl: 60 }] }],
          unsupported: [],
          providerOwned: ['example.org SOA'],
        },
      ],
      secondaryZones: [],
      geoServices: [],
    });
  });

  it('reads only the zones the selection takes, and asks it of none but names a zone can have', async () => {
    await zoneFile('example.org.zone', [SOA, 'www 60 A 192.0.2.1']);
    await zoneFile('example.com.zone', [SOA, 'mail 60 A 192.0.2.2']);
    // Not the name of a zone as the provider writes it (upper case), and a label over 63 octets.
    await zoneFile('Example.NET.zone', [SOA]);
    await zoneFile(`${'a'.repeat(64)}.example.zone`, [SOA]);
    const { read, asked } = await inventory((zone) => zone === 'example.org');
    expect(read?.zones.map((zone) => zone.zone)).toEqual(['example.org']);
    expect([...asked].sort()).toEqual(['example.com', 'example.org']);
  });
});
