/**
 * The provider conformance suite (run-conformance.ts), unchanged, against the zonefile provider and a directory of
 * zone files: a fresh provider per group over one directory for the file. What is "served" is what BIND loads from
 * the file (`named-checkzone -D`, an independent parser of RFC 1035 files), so every step also proves that the file
 * the apply wrote is one BIND accepts. Writes are counted at the provider's file store: a zone's changes must be
 * exactly one replacement of its file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { createZonefileProvider, locationOf, zoneFilePath } from '../../src/providers/zonefile/index.js';
import { ZONEFILE } from '../../src/providers/zonefile/plugin.js';
import { createZoneFileStore, type ZoneFileStore } from '../../src/providers/zonefile/store.js';
import { checkedRecords, checkzoneMissing } from '../providers/zonefile/checkzone.js';
import { conformanceTitle, describeConformance } from './run-conformance.js';

const missing = checkzoneMissing();
const NAMESERVERS = ['ns1.example.net.', 'ns2.example.net.'];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefiles-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** One file replacement per zone with changes (its creation included). */
function zonefileMinimum(plan: Plan): number {
  return plan.zones.length;
}

if (missing !== null) {
  describe.skip(`${conformanceTitle(ZONEFILE)} (skipped: ${missing})`, () => {
    it.skip('not run', () => {});
  });
} else {
  describeConformance({
    plugin: ZONEFILE,
    options: { directory: '.', nameservers: NAMESERVERS },
    server: 'files',
    async open() {
      const location = locationOf('.', '{zone}.zone', join(dir, 'desired.yaml'));
      let writes = 0;
      const files = createZoneFileStore();
      const store: ZoneFileStore = {
        ...files,
        replace(path, text, beforeRename) {
          writes += 1;
          return files.replace(path, text, beforeRename);
        },
      };
      const dns = createZonefileProvider({ name: 'files', location, nameservers: NAMESERVERS, store });
      return {
        provider: dns,
        async liveRecords(zone) {
          const path = zoneFilePath(location, zone);
          if ((await files.read(path, Number.MAX_SAFE_INTEGER)) === null) return null;
          return checkedRecords(zone, path);
        },
        requests: () => writes,
        minimumApplyRequests: zonefileMinimum,
        close: () => dns.close(),
      };
    },
  });
}
