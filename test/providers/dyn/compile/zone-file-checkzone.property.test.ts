/**
 * Zone files from hostile values, read by BIND: whatever validation accepts (a `create.contact`, TXT, SPF and CAA
 * text, NAPTR fields and regexps, generated with quotes, backslashes, semicolons, parentheses, controls and any
 * Unicode) is written by the Dyn provider's zone-file writer (providers/dyn/compile/zone-file.ts) and checked with
 * `named-checkzone`: the file must load, the SOA must name the contact the desired state gave (its local part one
 * label, its domain the rest), and every record must read back as the value that was written. A contact validation
 * refuses is written nowhere. Needs `named-checkzone` (Debian's `bind9-utils`); in CI it never skips.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailboxProblem } from '../../../../src/model/mailbox.js';
import { requireRecordType } from '../../../../src/model/record-types/registry.js';
import type { ZoneFileSet } from '../../../../src/providers/dyn/compile/ops.js';
import { createZoneFile } from '../../../../src/providers/dyn/compile/zone-file.js';
import { text, YAML_VALUES } from '../../../model/record-types/values.js';
import { findProgram } from '../../../support/programs.js';

// Budget: a property run calling named-checkzone, about ten times their quiet time (docs/testing.md).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const run = promisify(execFile);
const ZONE = 'hostile.example';
const RUNS = { numRuns: Number(process.env.EDGEPLAN_PROPERTY_RUNS ?? 80) };
const TYPES = ['TXT', 'SPF', 'CAA', 'NAPTR'] as const;

const checkzone = findProgram('named-checkzone');
if (!checkzone && process.env.CI)
  throw new Error('named-checkzone must run in CI (apt-get install bind9-utils)');

/** Characters of a contact: a local part's own, and every one the master-file syntax reads otherwise. */
const CONTACT_CHARACTERS = [
  ..."abcXYZ019.-_!#$%&'*+/=?^`{|}~".split(''),
  ...[';', '(', ')', '"', '\\', ' ', '\t', '\n', '\r', '\u0000', '\u0007', '\u007f', '@', 'é', '😀'],
];

const contact = fc.oneof(
  fc
    .tuple(
      fc.array(fc.constantFrom(...CONTACT_CHARACTERS), { minLength: 0, maxLength: 70 }),
      fc.constantFrom('example.com', 'Sub.Example.NET', 'a..b', 'x', 'e_x.test', 'bad\\.test', 'ok.test.'),
    )
    .map(([local, domain]) => `${local.join('')}@${domain}`),
  fc.constantFrom('hostmaster@hostile.example', 'first.last@example.com', "o'brien+dns@example.org"),
);

/** NAPTR input as users write it, or with a regexp of any text (quotes, delimiters, controls). */
const naptr = fc.oneof(
  YAML_VALUES.get('naptr') ?? fc.constant(null),
  fc.record({
    order: fc.nat(65535),
    preference: fc.nat(65535),
    flags: fc.constant('U'),
    service: fc.constant('E2U+sip'),
    regexp: text,
    replacement: fc.constant('.'),
  }),
);

/** A value of one of the text-carrying types as validation accepts it, canonical; null when it is refused. */
const record = fc.constantFrom(...TYPES).chain((type) =>
  (type === 'NAPTR' ? naptr : (YAML_VALUES.get(type.toLowerCase()) ?? fc.constant(null))).map((input) => {
    const parsed = requireRecordType(type).parse(input, ZONE);
    return parsed.ok ? { type, value: parsed.value } : null;
  }),
);

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-checkzone-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A record as `named-checkzone -D` prints it: owner, TTL, class, type, RDATA. */
interface Dumped {
  owner: string;
  type: string;
  rdata: string;
}

/** `named-checkzone -D`: the zone as BIND read it, a record a line; rejects with BIND's reason when it refuses it. */
async function readByBind(text: string): Promise<Dumped[]> {
  const path = join(dir, 'zone.db');
  await writeFile(path, text);
  const args = ['-k', 'ignore', '-i', 'none', '-D', '-o', '-', ZONE, path];
  const { stdout } = await run(checkzone ?? 'named-checkzone', args);
  return stdout.split('\n').flatMap((line) => {
    const match = /^(\S+)\s+\d+\s+IN\s+(\S+)\s+(.*)$/.exec(line);
    return match ? [{ owner: match[1] ?? '', type: match[2] ?? '', rdata: match[3] ?? '' }] : [];
  });
}

/** A name in master-file form (`a\.b.example.com.`) → its labels, escapes decoded. */
function labelsOf(name: string): string[] {
  const labels = [''];
  for (let i = 0; i < name.length; i++) {
    const c = name.charAt(i);
    if (c === '\\') {
      const digits = /^\d{3}/.exec(name.slice(i + 1))?.[0];
      labels[labels.length - 1] += digits ? String.fromCharCode(Number(digits)) : name.charAt(i + 1);
      i += digits ? 3 : 1;
    } else if (c === '.') labels.push('');
    else labels[labels.length - 1] += c;
  }
  return labels.filter((label, i) => label !== '' || i < labels.length - 1);
}

if (!checkzone) {
  describe.skip('zone files from hostile values (skipped: named-checkzone not installed; apt-get install bind9-utils)', () => {
    it.skip('not run', () => {});
  });
} else {
  describe('zone files from hostile values, read by BIND', () => {
    it('load, name the contact given, and read back every value as written', async () => {
      await fc.assert(
        fc.asyncProperty(contact, fc.array(record, { minLength: 1, maxLength: 8 }), async (given, values) => {
          const problem = mailboxProblem(given);
          const rname = problem === null ? given : `hostmaster@${ZONE}`;
          const sets: ZoneFileSet[] = values.flatMap((entry, i) =>
            entry ? [{ fqdn: `r${i}.${ZONE}`, type: entry.type, ttl: 300, values: [entry.value] }] : [],
          );
          // The service sets the apex NS records; BIND needs one to load the zone.
          const file = `${createZoneFile(ZONE, { rname, ttl: 300 }, sets)}${ZONE}. 300 IN NS ns1.example.net.\n`;
          const lines = await readByBind(file);

          const soa = lines.find((line) => line.type === 'SOA')?.rdata.split(/\s+/) ?? [];
          const at = rname.lastIndexOf('@');
          const expected = [rname.slice(0, at), ...rname.slice(at + 1).split('.')].map((l) =>
            l.toLowerCase(),
          );
          expect(labelsOf(soa[1] ?? '').map((l) => l.toLowerCase())).toEqual(expected);

          for (const set of sets) {
            const line = lines.find((l) => l.owner === `${set.fqdn}.` && l.type === set.type);
            const rdata = line?.rdata ?? '';
            expect(requireRecordType(set.type).parsePresentation(rdata)).toEqual({
              ok: true,
              value: set.values[0],
            });
          }
        }),
        RUNS,
      );
    }, 300_000);

    it('refuses at validation the contacts that would break or change the SOA line', () => {
      for (const bad of [
        'a;b@x.test',
        'a(b@x.test',
        '"a"@x.test',
        'a@x.test\\',
        'a\u0000b@x.test',
        'a\tb@x.test',
        '@x.test',
        `${'a'.repeat(64)}@x.test`,
        'a@x..test',
      ])
        expect(mailboxProblem(bad), bad).not.toBeNull();
    });
  });
}
