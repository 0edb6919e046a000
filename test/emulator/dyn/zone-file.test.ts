import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZONE_FILE_MAX_BYTES } from '../../../src/emulator/dyn/zone-file-handlers.js';
import type { Harness } from '../helpers.js';
import { SEED, startHarness } from '../helpers.js';

// Time budget: ten times its slowest test (0.5 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

let h: Harness;
afterEach(async () => h?.close());

type Tree = Record<
  string,
  Array<{ fqdn: string; ttl: number; rdata: Record<string, unknown>; record_id: number }>
>;

const SOA = '@ 3600 IN SOA ns1.p01.dynect.net. host\\.master.new.test. 0 3600 600 604800 1800';

async function tree(token: string, zone = 'new.test'): Promise<Tree> {
  return (await h.call('GET', `/AllRecord/${zone}/?detail=Y`, { token })).body.data as Tree;
}

describe('POST /ZoneFile/<zone>/', () => {
  it('creates the zone at once; its records are pending in the session until publish', async () => {
    h = await startHarness();
    const token = await h.login();
    const file = [
      '$ORIGIN new.test.',
      '$TTL 300',
      SOA,
      '@ IN NS ns9.elsewhere.example.   ; the service keeps its own apex NS',
      'www 60 A 192.0.2.1',
      '    IN 60 A 192.0.2.2            ; no owner: www again',
      'mail.new.test. MX ( 10',
      '                     mx.new.test. )',
      '',
      'txt TXT "v=spf1 -all" "two \\"strings\\";" \\195\\169',
      'sub NS ns1.example.net.',
      '$ORIGIN sub2.new.test.',
      'deep 1h30m CNAME www.new.test.',
    ].join('\n');
    const posted = await h.call('POST', '/ZoneFile/new.test/', { token, body: { file } });
    expect(posted.status).toBe(200);
    expect(posted.body.data).toMatchObject({ zone: 'new.test', serial_style: 'increment', serial: 0 });
    const taskId = (posted.body.data as { task_id: string }).task_id;
    expect(taskId).toMatch(/^\d+$/);

    const task = await h.call('GET', `/Task/${taskId}/`, { token });
    expect(task.body.data).toMatchObject({
      task_id: taskId,
      name: 'UploadZoneFile',
      zone_name: 'new.test',
      status: 'complete',
      blocking: 'N',
    });

    // Not listed before the publish, not even to the session that uploaded them (as the live service): they are
    // the session's pending changes.
    const other = await h.login();
    expect((await tree(other)).a_records ?? []).toEqual([]);
    expect((await tree(token)).a_records ?? []).toEqual([]);
    const changes = await h.call('GET', '/ZoneChanges/new.test/', { token });
    expect((changes.body.data as unknown[]).length).toBe(6);
    const published = await h.call('PUT', '/Zone/new.test/', { token, body: { publish: true } });
    expect(published.body.data).toMatchObject({ serial: 1 });
    const mine = await tree(other);
    expect(mine.a_records?.map((r) => [r.fqdn, r.ttl, r.rdata.address])).toEqual([
      ['www.new.test', 60, '192.0.2.1'],
      ['www.new.test', 60, '192.0.2.2'],
    ]);
    expect(mine.a_records?.every((r) => r.record_id > 0)).toBe(true);
    expect(mine.mx_records?.map((r) => [r.fqdn, r.ttl, r.rdata])).toEqual([
      ['mail.new.test', 300, { preference: 10, exchange: 'mx.new.test.' }],
    ]);
    expect(mine.txt_records?.map((r) => r.rdata.txtdata)).toEqual([
      '"v=spf1 -all" "two \\"strings\\";" "\\195\\169"',
    ]);
    expect(mine.cname_records?.map((r) => [r.fqdn, r.ttl, r.rdata.cname])).toEqual([
      ['deep.sub2.new.test', 5400, 'www.new.test.'],
    ]);
    expect(mine.ns_records?.map((r) => [r.fqdn, r.rdata.nsdname])).toEqual([
      ['new.test', 'ns1.p01.dynect.net.'],
      ['new.test', 'ns2.p01.dynect.net.'],
      ['new.test', 'ns3.p01.dynect.net.'],
      ['new.test', 'ns4.p01.dynect.net.'],
      ['sub.new.test', 'ns1.example.net.'],
    ]);
    expect(mine.soa_records?.[0]?.rdata).toMatchObject({ rname: 'host.master@new.test', serial: 1 });

    expect(h.emulator.snapshot().dns?.zones?.['new.test']?.ttl).toBe(300);
  });

  it('reads every type the service serves from its presentation format', async () => {
    h = await startHarness();
    const token = await h.login();
    const file = [
      '$ORIGIN new.test.',
      SOA,
      '@ ALIAS lb.example.net.',
      'host AAAA 2001:DB8::7',
      '@ CAA 0 issue "letsencrypt.org"',
      'host CERT PKIX 0 8 ( MIIB AAAA )',
      'sub DS 60485 5 1 2BB183AF5F22588179A53B0A98631FAD ( 1A292118 )',
      'sip NAPTR 100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .',
      '7 PTR host',
      'sub NS ns1.example.net.',
      '_sip._tcp SRV 10 5 5060 sip',
      'host SSHFP 4 2 123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0',
      '_443._tcp TLSA 3 1 1 d2abde240d7cd3ee6b4b28c54df034b9 7983a1d16e8a410e4561cb106618e971',
      '@ SPF "v=spf1 -all"',
      'rp RP host.new.test. txt.new.test.',
    ].join('\n');
    const posted = await h.call('POST', '/ZoneFile/new.test/', { token, body: { file } });
    expect(posted.body.msgs.filter((m) => m.ERR_CD !== '')).toEqual([]);
    await h.call('PUT', '/Zone/new.test/', { token, body: { publish: true } });
    const t = await tree(token);
    const rdata = (key: string) => t[key]?.map((r) => r.rdata);
    expect(rdata('alias_records')).toEqual([{ alias: 'lb.example.net.' }]);
    expect(rdata('aaaa_records')).toEqual([{ address: '2001:DB8::7' }]);
    expect(rdata('caa_records')).toEqual([{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }]);
    expect(rdata('cert_records')).toEqual([{ format: 1, tag: 0, algorithm: 8, certificate: 'MIIBAAAA' }]);
    expect(rdata('ds_records')).toEqual([
      { keytag: 60485, algorithm: 5, digtype: 1, digest: '2BB183AF5F22588179A53B0A98631FAD1A292118' },
    ]);
    expect(rdata('naptr_records')).toEqual([
      {
        order: 100,
        preference: 10,
        flags: 'U',
        services: 'E2U+sip',
        regexp: '!^.*$!sip:info@example.com!',
        replacement: '.',
      },
    ]);
    expect(rdata('ptr_records')).toEqual([{ ptrdname: 'host.new.test.' }]);
    expect(rdata('srv_records')).toEqual([{ priority: 10, weight: 5, port: 5060, target: 'sip.new.test.' }]);
    expect(rdata('sshfp_records')?.[0]).toMatchObject({ algorithm: 4, fptype: 2 });
    expect(rdata('tlsa_records')).toEqual([
      {
        cert_usage: 3,
        selector: 1,
        match_type: 1,
        certificate: 'd2abde240d7cd3ee6b4b28c54df034b97983a1d16e8a410e4561cb106618e971',
      },
    ]);
    expect(rdata('spf_records')).toEqual([{ txtdata: '"v=spf1 -all"' }]);
    expect(rdata('rp_records')).toEqual([{ mbox: 'host.new.test.', txtdname: 'txt.new.test.' }]);
  });

  it('refuses a bad file as a whole, with every problem at its line, and creates nothing', async () => {
    h = await startHarness();
    const token = await h.login();
    const file = [
      '$ORIGIN new.test.',
      '$INCLUDE other.zone',
      'www A 192.0.2.300',
      'www A 192.0.2.1',
      'www CNAME other.new.test.',
      'x CH A 192.0.2.1',
      'x NSEC3PARAM 1 0 0 -',
      'y.other.test. A 192.0.2.1',
      'z MX 10',
      't TXT "open',
      'dup A 192.0.2.9',
      'dup A 192.0.2.9',
    ].join('\n');
    const reply = await h.call('POST', '/ZoneFile/new.test/', { token, body: { file } });
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe('failure');
    expect(reply.body.msgs.map((m) => m.INFO)).toEqual([
      'file: line 1: the file has no SOA record: a new zone needs one at new.test',
      'file: line 2: $INCLUDE is not supported: upload one self-contained file',
      'file: line 3: A address: Not a valid IP address',
      'file: line 4: www.new.test has a CNAME record; it cannot hold A records',
      'file: line 5: www.new.test has other records; a CNAME record must be alone at its node',
      'file: line 6: class CH is not supported (only IN)',
      'file: line 7: type NSEC3PARAM is not supported',
      'file: line 8: y.other.test is not in zone new.test',
      'file: line 9: MX exchange: required field missing',
      'file: line 10: a quoted string is not closed on its line',
      'file: line 11: Cannot duplicate existing record data',
      'zonefile: Zone not created',
    ]);
    expect(reply.body.msgs[0]).toMatchObject({ ERR_CD: 'INVALID_DATA', SOURCE: 'DYN' });
    expect((await h.call('GET', '/Zone/new.test/', { token })).status).toBe(404);
  });

  it('refuses a zone that exists, and a file over 1 MB', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const exists = await h.call('POST', '/ZoneFile/example.com/', {
      token,
      body: { file: '@ SOA ns. h.example.com. 0 1 1 1 1' },
    });
    expect(exists.status).toBe(400);
    expect(exists.body.msgs.map((m) => [m.ERR_CD, m.INFO])).toEqual([
      ['TARGET_EXISTS', 'name: Name already exists'],
      ['', 'create: You already have this zone.'],
    ]);
    const line = 'host A 192.0.2.1\n';
    const big = `${SOA}\n${line.repeat(Math.ceil(ZONE_FILE_MAX_BYTES / line.length))}`;
    const tooBig = await h.call('POST', '/ZoneFile/new.test/', { token, body: { file: big } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.msgs[0]?.INFO).toMatch(
      /^file: The zone file has \d+ bytes; an upload is limited to 1 MB \(1048576 bytes\)/,
    );
    const missing = await h.call('POST', '/ZoneFile/new.test/', { token, body: {} });
    expect(missing.body.msgs[0]).toMatchObject({
      ERR_CD: 'MISSING_DATA',
      INFO: 'file: required field missing',
    });
  });
});

describe('PUT /ZoneFile/<zone>/', () => {
  it('adds the records of a file to an existing zone, pending until publish, checked against its records', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    const conflict = await h.call('PUT', '/ZoneFile/example.com/', {
      token,
      body: { file: 'www CNAME web.example.net.\n' },
    });
    expect(conflict.body.msgs.map((m) => m.INFO)).toEqual([
      'file: line 1: www.example.com has other records; a CNAME record must be alone at its node',
      'zonefile: Records not added',
    ]);
    const added = await h.call('PUT', '/ZoneFile/example.com/', {
      token,
      body: {
        file: '$TTL 120\n@ SOA ignored. ignored. 9 9 9 9 9\nnew A 192.0.2.50\nnew AAAA 2001:db8::50\n',
      },
    });
    expect(added.status).toBe(200);
    expect((await h.call('GET', '/ZoneChanges/example.com/', { token })).body.data).toHaveLength(2);
    const discarded = await h.call('DELETE', '/ZoneChanges/example.com/', { token });
    expect(discarded.status).toBe(200);
    expect((await tree(token, 'example.com')).aaaa_records).toEqual([]);
    const missing = await h.call('PUT', '/ZoneFile/nope.test/', { token, body: { file: '' } });
    expect(missing.status).toBe(404);
  });
});

describe('GET /Task/<id>/', () => {
  it('answers the tasks the account started, publishes too, and 404 for any other id', async () => {
    h = await startHarness({ seed: SEED });
    const token = await h.login();
    await h.call('POST', '/ARecord/example.com/t.example.com/', {
      token,
      body: { rdata: { address: '192.0.2.9' }, ttl: 300 },
    });
    const published = await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    const id = (published.body.data as { task_id: string }).task_id;
    const task = await h.call('GET', `/Task/${id}/`, { token });
    expect(task.body.data).toMatchObject({
      name: 'PublishZone',
      zone_name: 'example.com',
      status: 'complete',
    });
    const unknown = await h.call('GET', '/Task/12/', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msgs[0]).toMatchObject({ ERR_CD: 'NOT_FOUND', INFO: 'task: No such task 12' });
  });
});
