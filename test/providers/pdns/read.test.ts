/**
 * What a PowerDNS read believes of a zone (read.ts), against a client that answers from a table: which requests a
 * read makes, which answers it refuses as not the zone asked for, and which sets it manages or leaves alone.
 */
import { describe, expect, it } from 'vitest';
import type { PdnsClient } from '../../../src/providers/pdns/client.js';
import { PdnsApiError, PdnsWireError } from '../../../src/providers/pdns/errors.js';
import {
  isServiceRecord,
  readSecondaryZones,
  readZones,
  readZoneWire,
  secondaryZonesOf,
} from '../../../src/providers/pdns/read.js';

const ZONES = '/servers/localhost/zones';
const SUPPORTED: ReadonlySet<string> = new Set(['A', 'NS', 'SOA', 'TXT']);

/** A client answering each GET from `answers` by path (404 for any other), with the paths asked and the most in flight. */
function clientOf(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const requests: string[] = [];
  let inFlight = 0;
  const seen = { most: 0 };
  const client = {
    zonesPath: (zone?: string) => (zone === undefined ? ZONES : `${ZONES}/${zone}.`),
    async call(method: string, path: string, _body: unknown, retryable: string) {
      asked.push(path);
      requests.push(`${method} ${path} ${retryable}`);
      inFlight += 1;
      seen.most = Math.max(seen.most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new PdnsApiError(method, path, 404, 'Not Found');
      return answer;
    },
  };
  return { client: client as unknown as PdnsClient, asked, requests, seen };
}

const rrset = (name: string, type: string, ...contents: string[]) => ({
  name,
  type,
  ttl: 60,
  records: contents.map((content) => ({ content, disabled: false })),
});

const zoneAnswer = (name: string, rrsets: unknown[] = [], more: object = {}) => ({
  name,
  kind: 'Native',
  serial: 7,
  rrsets,
  ...more,
});

async function refusal(read: Promise<unknown>): Promise<Error> {
  const error = await read.catch((e: unknown) => e);
  if (!(error instanceof Error)) throw new Error('not refused');
  return error;
}

describe('PowerDNS reads: which requests', () => {
  it('reads each zone once, whatever its spelling, at most `concurrency` at a time', async () => {
    const answers = Object.fromEntries(
      ['a.test', 'b.test', 'c.test'].map((zone) => [`${ZONES}/${zone}.`, zoneAnswer(`${zone}.`)]),
    );
    const { client, asked, seen } = clientOf(answers);
    const live = await readZones(client, ['B.test.', 'a.test', 'b.test', 'c.test'], SUPPORTED, {
      concurrency: 1,
    });
    expect(Object.keys(live.zones)).toEqual(['a.test', 'b.test', 'c.test']);
    expect(asked.sort()).toEqual([`${ZONES}/a.test.`, `${ZONES}/b.test.`, `${ZONES}/c.test.`]);
    expect(seen.most).toBe(1);
    const all = clientOf(answers);
    await readZones(all.client, ['a.test', 'b.test', 'c.test'], SUPPORTED);
    expect(all.seen.most).toBe(3);
  });

  it('lists zones only when it reads more than one; a zone not listed is absent, unread', async () => {
    const one = clientOf({ [`${ZONES}/a.test.`]: zoneAnswer('a.test.') });
    await readZones(one.client, ['a.test'], SUPPORTED, { lookup: 'listed' });
    expect(one.asked).toEqual([`${ZONES}/a.test.`]);
    expect(one.requests).toEqual([`GET ${ZONES}/a.test. idempotent`]);
    const two = clientOf({
      [ZONES]: [{ name: 'A.test.', kind: 'Native' }],
      [`${ZONES}/a.test.`]: zoneAnswer('a.test.'),
    });
    const live = await readZones(two.client, ['a.test', 'b.test'], SUPPORTED, { lookup: 'listed' });
    expect(two.requests).toEqual([`GET ${ZONES} idempotent`, `GET ${ZONES}/a.test. idempotent`]);
    expect(live.zones['b.test']).toBeNull();
    expect(live.zones['a.test']).toMatchObject({ zone: 'a.test', serial: 7 });
  });

  it('reads a 404 as no zone, and throws any other failure', async () => {
    const failed = new PdnsApiError('GET', `${ZONES}/b.test.`, 500, 'database is locked');
    const { client } = clientOf({ [`${ZONES}/b.test.`]: failed });
    expect(await readZones(client, ['a.test'], SUPPORTED)).toEqual({ zones: { 'a.test': null } });
    expect(await refusal(readZones(client, ['b.test'], SUPPORTED))).toBe(failed);
  });

  it('asks for one rrset by name and type, URL-encoded, and names the request in a refusal', async () => {
    const path = `${ZONES}/a.test.?rrset_name=x%2By.a.test.&rrset_type=TXT`;
    const { client, asked } = clientOf({ [path]: zoneAnswer('b.test.') });
    const error = await refusal(readZoneWire(client, 'a.test', { name: 'x+y.a.test.', type: 'TXT' }));
    expect(asked).toEqual([path]);
    expect(error).toBeInstanceOf(PdnsWireError);
    expect(error.message).toContain(`zone a.test: GET ${path}`);
    expect(error.message).toContain('name: the answer is zone "b.test.", not a.test');
  });
});

describe('PowerDNS reads: an answer that is not the zone asked for', () => {
  const read = (answer: unknown) =>
    refusal(readZones(clientOf({ [`${ZONES}/a.test.`]: answer }).client, ['a.test'], SUPPORTED));

  it('takes the zone under any spelling, its apex and names below it', async () => {
    const answer = zoneAnswer('A.Test.', [rrset('A.test.', 'TXT', '"x"'), rrset('b.A.TEST.', 'TXT', '"y"')]);
    const { client } = clientOf({ [`${ZONES}/a.test.`]: answer });
    const live = await readZones(client, ['a.test'], SUPPORTED);
    expect(live.zones['a.test']?.records.map((set) => set.fqdn)).toEqual(['a.test', 'b.a.test']);
  });

  it('names one name outside, or the first five of more and how many others', async () => {
    const one = await read(zoneAnswer('a.test.', [rrset('xa.test.', 'A', '192.0.2.1')]));
    expect(one.message).toContain('rrsets: a name outside zone a.test: "xa.test"');
    expect(one.message).not.toContain('name: the answer is zone');
    const names = ['b', 'c', 'd', 'e', 'f', 'g', 'h'].map((label) => `${label}.test.`);
    const seven = await read(
      zoneAnswer(
        'a.test.',
        names.map((name) => rrset(name, 'A', '192.0.2.1')),
      ),
    );
    expect(seven.message).toContain(
      'rrsets: names outside zone a.test: "b.test", "c.test", "d.test", "e.test", "f.test" and 2 more',
    );
    const five = await read(
      zoneAnswer(
        'a.test.',
        names.slice(0, 5).map((name) => rrset(name, 'A', '192.0.2.1')),
      ),
    );
    expect(five.message).toMatch(/"f\.test"$/);
  });
});

describe('PowerDNS reads: the sets of a zone', () => {
  const zoneOf = async (rrsets: unknown[], more: object = {}, supported = SUPPORTED) => {
    const { client } = clientOf({ [`${ZONES}/a.test.`]: zoneAnswer('a.test.', rrsets, more) });
    const zone = (await readZones(client, ['a.test'], supported)).zones['a.test'];
    if (!zone) throw new Error('no zone');
    return zone;
  };

  it('leaves a set at a name no YAML can write alone, as foreign records', async () => {
    const zone = await zoneOf([
      rrset('a\\.b.a.test.', 'A', '192.0.2.1'),
      rrset('\\007.a.test.', 'TXT', '"bell"'),
      rrset('ok.a.test.', 'A', '192.0.2.2'),
    ]);
    expect(zone.records.map((set) => set.fqdn)).toEqual(['ok.a.test']);
    expect(zone.unsupported).toEqual(['\\007.a.test TXT', 'a\\.b.a.test A']);
  });

  it('reads the serial style PowerDNS edits with, in any case', async () => {
    expect((await zoneOf([], { soa_edit_api: 'epoch' })).serialStyle).toBe('epoch');
    expect((await zoneOf([], { soa_edit_api: 'increase' })).serialStyle).toBe('increment');
    expect((await zoneOf([], { soa_edit_api: 'DEFAULT' })).serialStyle).toBe('day');
    expect((await zoneOf([])).serialStyle).toBe('day');
  });

  it('reads the SOA only as one enabled record at the apex, of a type the provider supports', async () => {
    const soa = 'ns1.a.test. hostmaster.a.test. 2024 10800 3600 604800 300';
    const read = await zoneOf([rrset('a.test.', 'SOA', soa)]);
    expect(read.soa).toEqual({
      fqdn: 'a.test',
      type: 'SOA',
      records: [{ value: 'ns1.a.test. hostmaster.a.test. 10800 3600 604800 300', ttl: 60, ref: '2024' }],
    });
    const disabled = { ...rrset('a.test.', 'SOA', soa), records: [{ content: soa, disabled: true }] };
    expect((await zoneOf([disabled])).soa).toBeUndefined();
    expect((await zoneOf([rrset('a.test.', 'SOA', soa, soa)])).soa).toBeUndefined();
    expect((await zoneOf([rrset('b.a.test.', 'SOA', soa)])).soa).toBeUndefined();
    expect((await zoneOf([rrset('a.test.', 'SOA', soa)], {}, new Set(['A']))).soa).toBeUndefined();
    expect((await zoneOf([rrset('a.test.', 'SOA', 'ns1.a.test.')])).soa).toBeUndefined();
    expect((await zoneOf([rrset('a.test.', 'SOA', soa)])).foreign).toEqual([]);
    const spaced = ` ${soa.replaceAll(' ', '  ')}`;
    expect((await zoneOf([rrset('a.test.', 'SOA', spaced)])).soa?.records[0]?.ref).toBe('2024');
  });

  it('takes the apex NS set apart, and an NS set below the apex as a record set', async () => {
    const zone = await zoneOf([
      rrset('a.test.', 'NS', 'ns1.a.test.'),
      rrset('sub.a.test.', 'NS', 'ns2.a.test.'),
    ]);
    expect(zone.apexNs).toEqual({ fqdn: 'a.test', type: 'NS', records: [{ value: 'ns1.a.test.', ttl: 60 }] });
    expect(zone.records).toEqual([
      { fqdn: 'sub.a.test', type: 'NS', records: [{ value: 'ns2.a.test.', ttl: 60 }] },
    ]);
    expect('apexNs' in (await zoneOf([]))).toBe(false);
  });

  it("calls PowerDNS's own the SOA and the apex NS set, nothing else", () => {
    expect(isServiceRecord('SOA', 'a.test', 'a.test')).toBe(true);
    expect(isServiceRecord('NS', 'a.test', 'a.test')).toBe(true);
    expect(isServiceRecord('NS', 'b.a.test', 'a.test')).toBe(false);
    expect(isServiceRecord('A', 'a.test', 'a.test')).toBe(false);
  });
});

describe('PowerDNS reads: secondary zones', () => {
  it('refuses a zone list that is not one, naming the request', async () => {
    const error = await refusal(readSecondaryZones(clientOf({ [ZONES]: { zones: [] } }).client));
    expect(error).toBeInstanceOf(PdnsWireError);
    expect(error.message).toContain(`GET ${ZONES}`);
  });

  it('takes the Slave and Secondary zones of a list, sorted, their masters sorted', () => {
    expect(
      secondaryZonesOf([
        { name: 'Z.test.', kind: 'Secondary', masters: ['192.0.2.2', '192.0.2.1'] },
        { name: 'm.test.', kind: 'Native' },
        { name: 'b.test.', kind: 'Slave' },
      ]).map((zone) => [zone.zone, zone.masters]),
    ).toEqual([
      ['b.test', []],
      ['z.test', ['192.0.2.1', '192.0.2.2']],
    ]);
  });
});
