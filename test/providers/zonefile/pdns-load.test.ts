/**
 * A file the zonefile provider wrote is one other DNS software serves as it says: BIND loads it (named-checkzone),
 * and a real PowerDNS server, given it through its API's zone-file import, transfers exactly the records BIND read.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { applyPlan, planReviewed, writersOf } from '../../../src/engine/index.js';
import { compareStrings } from '../../../src/model/compare.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import {
  createZonefileProvider,
  locationOf,
  ZONEFILE_CAPABILITIES,
} from '../../../src/providers/zonefile/index.js';
import { providerLike } from '../../support/load-options.js';
import { DYN } from '../../support/one-provider.js';
import { type Answer, transfer } from '../pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../pdns/server.js';
import { checkedRecords, checkzoneMissing } from './checkzone.js';

const missing = pdnsMissing() ?? checkzoneMissing();
const ZONE = 'served.example';

/** A zone edgeplan did not write, with records it does not manage, which the apply must keep. */
const START = `$TTL 600
@ SOA ns1.example.net. hostmaster.served.example. 1 3600 600 1209600 300
@ NS ns1.example.net.
afs AFSDB 1 afs.example.net.
legacy KX 10 kx.example.net.
hightype TYPE65280 \\# 2 abcd
`;

/** Every type a zone file carries, as JSON (which YAML reads): escapes, a TXT longer than one string, a delegation. */
const RECORDS = JSON.stringify({
  '@': {
    a: ['192.0.2.1'],
    mx: [{ preference: 10, exchange: 'mail' }],
    caa: [{ tag: 'issue', value: 'ca.example.net' }],
  },
  www: { aaaa: ['2001:db8::1'] },
  // A type by its number (RFC 3597), managed: the set the file had, declared as it is.
  hightype: { type65280: ['\\# 2 abcd'] },
  docs: { cname: 'www' },
  mail: { a: ['192.0.2.25'] },
  txt: { txt: ['v=spf1 -all', 'say "hi" \\ bye', 'a'.repeat(300), 'Åland'] },
  _sip: { spf: ['v=spf1 ~all'] },
  '_sip._tcp': { srv: [{ priority: 10, weight: 5, port: 5060, target: 'sip.example.net.' }] },
  sub: {
    ns: ['ns1.example.net.'],
    ds: [{ key_tag: 12345, algorithm: 13, digest_type: 2, digest: 'ab'.repeat(32) }],
  },
  ssh: { sshfp: [{ algorithm: 4, fingerprint_type: 2, fingerprint: 'cd'.repeat(32) }] },
  '_443._tcp.www': {
    tlsa: [
      { certificate_usage: 3, selector: 1, matching_type: 1, certificate_association_data: 'ef'.repeat(32) },
    ],
  },
  '1.2': { ptr: ['host.example.net.'] },
  enum: {
    naptr: [
      {
        order: 100,
        preference: 10,
        flags: 'u',
        service: 'E2U+sip',
        regexp: '!^.*$!sip:info@example.net!',
        replacement: '.',
      },
    ],
  },
});

let server: PdnsServer | undefined;
let dir = '';
if (missing === null) {
  beforeAll(async () => {
    server = await startPdnsServer();
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-zonefile-pdns-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });
}

const lines = (records: readonly Answer[]) =>
  records.map((r) => `${r.fqdn} ${r.type} ${r.ttl} ${r.value}`).sort(compareStrings);

describe.skipIf(missing !== null)(
  `a zone file written by apply, served by BIND and PowerDNS${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    it('loads in both, with the same records, those edgeplan does not manage included', async () => {
      const path = join(dir, `${ZONE}.zone`);
      await writeFile(path, START);
      const desired = join(dir, 'desired.yaml');
      await writeFile(desired, `zones:\n  ${ZONE}:\n    records: ${RECORDS}\n`);
      const loaded = await loadDesiredState([desired], providerLike('files', ZONEFILE_CAPABILITIES));
      if (!loaded.ok) throw new Error(loaded.diagnostics.map(formatDiagnostic).join('\n'));
      const dns = createZonefileProvider({
        name: 'files',
        location: locationOf('.', '{zone}.zone', desired),
      });
      const result = await applyPlan(
        await planReviewed(loaded.desired, { dns: { [DYN]: dns } }),
        writersOf({ dns: { [DYN]: dns } }),
      );
      expect(result.steps.map((step) => step.status)).toEqual(['applied']);

      const bind = await checkedRecords(ZONE, path);
      const { apiUrl, apiKey, dnsPort } = server ?? { apiUrl: '', apiKey: '', dnsPort: 0 };
      const created = await fetch(`${apiUrl}/servers/localhost/zones`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `${ZONE}.`, kind: 'Native', zone: await readFile(path, 'utf8') }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const served = await transfer(dnsPort, ZONE);
      expect(lines(served ?? [])).toEqual(lines(bind));
      expect(lines(bind).filter((line) => / (AFSDB|KX|TYPE65280) /.test(line))).toHaveLength(3);
      expect(lines(bind).filter((line) => line.startsWith(`txt.${ZONE} TXT `))).toHaveLength(4);
    });
  },
);
