import { describe, expect, it } from 'vitest';
import type { RecordSetChange } from '../../../src/model/change.js';
import type { DesiredState } from '../../../src/model/dns.js';
import type { ServedAnswer } from '../../../src/model/served.js';
import {
  judge,
  plannedExpectations,
  renderServedJson,
  renderServedMarkdown,
  renderServedText,
  type ServedExpectation,
  servedExpectations,
  servedHeadline,
  servedReport,
} from '../../../src/plan/index.js';
import { oneProviderDesired } from '../../support/one-provider.js';

const www: ServedExpectation = {
  zone: 'example.com',
  provider: 'dyn',
  fqdn: 'www.example.com',
  type: 'A',
  expected: { ttl: 300, values: ['192.0.2.1', '192.0.2.2'] },
};
const gone: ServedExpectation = {
  zone: 'example.com',
  provider: 'dyn',
  fqdn: 'old.example.com',
  type: 'TXT',
  expected: 'absent',
};

describe('judging a served answer', () => {
  // RFC 1035 §3.3.13: an SOA is checked by the fields the desired state names; the serial and, unless `soa.ttl`
  // names one (PROVIDER_TTL, 0, otherwise), the TTL are the provider's.
  it('checks an SOA by its declared fields, whatever its serial and TTL', () => {
    const soa: ServedExpectation = {
      zone: 'example.com',
      provider: 'dyn',
      fqdn: 'example.com',
      type: 'SOA',
      expected: { ttl: 0, values: ['- - 3600 - - 300'] },
    };
    const served = (value: string, ttl = 86400): ServedAnswer => ({ kind: 'records', ttl, values: [value] });
    expect(judge(soa, served('ns1.example.net. hostmaster.example.com. 3600 600 1209600 300'))).toEqual({
      verdict: 'served',
    });
    expect(judge(soa, served('ns1.example.net. hostmaster.example.com. 7200 600 1209600 300'))).toEqual({
      verdict: 'differs',
      why: 'serves ns1.example.net. hostmaster.example.com. 7200 600 1209600 300',
    });
    const named = { ...soa, expected: { ttl: 600, values: ['- - 3600 - - 300'] } };
    expect(
      judge(named, served('ns1.example.net. hostmaster.example.com. 3600 600 1209600 300', 300)),
    ).toEqual({
      verdict: 'differs',
      why: 'TTL 300, not 600',
    });
  });

  it('served only with the same values and TTL', () => {
    expect(judge(www, { kind: 'records', ttl: 300, values: ['192.0.2.1', '192.0.2.2'] })).toEqual({
      verdict: 'served',
    });
    expect(judge(www, { kind: 'records', ttl: 300, values: ['192.0.2.1'] })).toEqual({
      verdict: 'differs',
      why: 'serves 192.0.2.1',
    });
    expect(judge(www, { kind: 'records', ttl: 60, values: ['192.0.2.1', '192.0.2.2'] })).toEqual({
      verdict: 'differs',
      why: 'TTL 60, not 300',
    });
    expect(
      judge(www, { kind: 'records', ttl: 300, values: ['192.0.2.1', '192.0.2.2'], mixedTtls: true }),
    ).toEqual({
      verdict: 'differs',
      why: 'TTLs differ between its records (lowest 300)',
    });
  });

  it('says why a set is missing', () => {
    expect(judge(www, { kind: 'nxdomain' }).why).toBe('the name does not exist (NXDOMAIN)');
    expect(judge(www, { kind: 'nodata' }).why).toBe('no records of the type (NODATA)');
    expect(judge(www, { kind: 'cname', target: 'x.example.net.' }).why).toBe(
      'the name is an alias (CNAME x.example.net.)',
    );
    expect(judge(www, { kind: 'referral', at: 'example.com' }).why).toBe(
      'the name is delegated away at example.com',
    );
    expect(judge(www, { kind: 'not-authoritative' })).toEqual({
      verdict: 'differs',
      why: 'does not serve the zone (not authoritative)',
    });
    expect(judge(www, { kind: 'failed', reason: 'no answer within 50 ms' })).toEqual({
      verdict: 'failed',
      why: 'no answer within 50 ms',
    });
  });

  it('glue, served in a referral, says so when it differs (RFC 9471 §2)', () => {
    const glue = { kind: 'records', glue: true } as const;
    expect(judge(www, { ...glue, ttl: 300, values: ['192.0.2.1', '192.0.2.2'] })).toEqual({
      verdict: 'served',
    });
    expect(judge(www, { ...glue, ttl: 300, values: ['192.0.2.9'] }).why).toBe('serves as glue 192.0.2.9');
    expect(judge(www, { ...glue, ttl: 60, values: ['192.0.2.1', '192.0.2.2'] }).why).toBe(
      'TTL 60 as glue, not 300',
    );
    expect(judge(www, { ...glue, ttl: 60, values: ['192.0.2.1', '192.0.2.2'], mixedTtls: true }).why).toBe(
      'TTLs differ between its records as glue (lowest 60)',
    );
    expect(judge(gone, { ...glue, ttl: 60, values: ['192.0.2.1', '192.0.2.2'] }).why).toBe(
      'still served as glue: 192.0.2.1, 192.0.2.2',
    );
  });

  it('a deleted set is served when no records are', () => {
    for (const kind of ['nxdomain', 'nodata'] as const) expect(judge(gone, { kind }).verdict).toBe('served');
    expect(judge(gone, { kind: 'records', ttl: 1, values: ['"x"'] })).toEqual({
      verdict: 'differs',
      why: 'still served: "x"',
    });
    expect(judge(gone, { kind: 'not-authoritative' }).verdict).toBe('differs');
  });
});

describe('the expectations', () => {
  it('without providers: are the desired record sets, once each', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [
        {
          zone: 'example.com',
          defaultTtl: 3600,
          unmanaged: [],
          records: [{ fqdn: 'www.example.com', type: 'A', ttl: 300, values: ['192.0.2.1'] }],
        },
      ],
    });
    expect(servedExpectations(desired).expectations).toEqual([
      {
        zone: 'example.com',
        provider: 'dyn',
        fqdn: 'www.example.com',
        type: 'A',
        expected: { ttl: 300, values: ['192.0.2.1'] },
      },
    ]);
  });

  it('are the desired record sets, once per provider, ALIAS not asked', () => {
    const desired: DesiredState = oneProviderDesired({
      zones: [
        {
          zone: 'example.com',
          defaultTtl: 3600,
          unmanaged: [],
          providers: ['dyn', 'pdns'],
          records: [
            { fqdn: 'example.com', type: 'ALIAS', ttl: 60, values: ['lb.example.net.'] },
            { fqdn: 'www.example.com', type: 'A', ttl: 300, values: ['192.0.2.1'] },
          ],
        },
      ],
      dnsProviders: [
        { name: 'dyn', type: 'dyn', options: {} },
        { name: 'pdns', type: 'powerdns', options: {} },
      ],
    });
    expect(servedExpectations(desired)).toEqual({
      expectations: [
        {
          zone: 'example.com',
          provider: 'dyn',
          fqdn: 'www.example.com',
          type: 'A',
          expected: { ttl: 300, values: ['192.0.2.1'] },
        },
        {
          zone: 'example.com',
          provider: 'pdns',
          fqdn: 'www.example.com',
          type: 'A',
          expected: { ttl: 300, values: ['192.0.2.1'] },
        },
      ],
      notAsked: [
        {
          zone: 'example.com',
          fqdn: 'example.com',
          type: 'ALIAS',
          why: expect.stringContaining('ALIAS has no DNS type'),
        },
      ],
    });
  });

  it('of a plan are its created and updated sets, and its deleted ones as absent', () => {
    const change = (
      action: RecordSetChange['action'],
      fqdn: string,
      type: string,
      after: RecordSetChange['after'],
      provider = 'dyn',
    ): RecordSetChange => ({
      address: { kind: 'record-set', zone: 'example.com', provider, fqdn, type },
      action,
      before: null,
      after,
    });
    expect(
      plannedExpectations([
        change('update', 'www.example.com', 'A', { ttl: 300, values: ['192.0.2.9'] }),
        change('delete', 'old.example.com', 'TXT', null, 'pdns'),
        change('create', 'example.com', 'ALIAS', { ttl: 300, values: ['lb.example.net.'] }),
      ]),
    ).toEqual([
      {
        zone: 'example.com',
        provider: 'dyn',
        fqdn: 'www.example.com',
        type: 'A',
        expected: { ttl: 300, values: ['192.0.2.9'] },
      },
      { zone: 'example.com', provider: 'pdns', fqdn: 'old.example.com', type: 'TXT', expected: 'absent' },
    ]);
  });
});

describe('the report', () => {
  // Made in each test (not once for the file), so that each test runs the code it checks.
  const report = () =>
    servedReport(
      [
        {
          expectation: www,
          answers: [
            {
              server: '192.0.2.53:53',
              answer: { kind: 'records', ttl: 300, values: ['192.0.2.1', '192.0.2.2'] },
            },
          ],
        },
        {
          expectation: { ...www, fqdn: 'api.example.com' },
          answers: [
            {
              server: '192.0.2.53:53',
              answer: { kind: 'records', ttl: 300, values: ['192.0.2.1', '192.0.2.2'] },
            },
            { server: '198.51.100.53:53', answer: { kind: 'nxdomain' } },
          ],
        },
        {
          expectation: { ...www, fqdn: 'x.example.com' },
          answers: [
            { server: '198.51.100.53:53', answer: { kind: 'failed', reason: 'no answer within 2000 ms' } },
          ],
        },
        { expectation: { ...www, fqdn: 'y.example.com' }, answers: [] },
      ],
      [{ zone: 'example.com', fqdn: 'example.com', type: 'ALIAS', why: 'not on the wire' }],
      'dyn',
    );

  it('counts a set as failed when any server failed or none was asked, differs when any differs', () => {
    expect(report().counts).toEqual({ sets: 4, served: 1, differs: 1, failed: 2 });
    expect(servedHeadline(report())).toBe(
      '1 of 4 record sets served as desired; 1 served differently; 2 not checked (a server did not answer).',
    );
    expect(servedHeadline(servedReport([]))).toBe('No record set to check.');
    expect(servedReport([])).toEqual({
      checks: [],
      notAsked: [],
      counts: { sets: 0, served: 0, differs: 0, failed: 0 },
    });
    const one = (answer: ServedAnswer) =>
      servedReport([{ expectation: www, answers: [{ server: 'a:53', answer }] }]);
    expect(servedHeadline(one({ kind: 'records', ttl: 300, values: ['192.0.2.1', '192.0.2.2'] }))).toBe(
      '1 record set served as desired by every server.',
    );
    expect(servedHeadline(one({ kind: 'nodata' }))).toBe(
      '0 of 1 record set served as desired; 1 served differently.',
    );
    expect(servedHeadline(one({ kind: 'failed', reason: 'x' }))).toBe(
      '0 of 1 record set served as desired; 1 not checked (a server did not answer).',
    );
    // One server failing is enough to leave a set unchecked, even when another serves it.
    const mixed = servedReport([
      {
        expectation: www,
        answers: [
          { server: 'a:53', answer: { kind: 'records', ttl: 300, values: ['192.0.2.1', '192.0.2.2'] } },
          { server: 'b:53', answer: { kind: 'failed', reason: 'x' } },
        ],
      },
    ]);
    expect(mixed.counts).toEqual({ sets: 1, served: 0, differs: 0, failed: 1 });
  });

  it('says how many sets were served as glue, each by every server asked', () => {
    const glue = {
      kind: 'records' as const,
      ttl: 300,
      values: ['192.0.2.1', '192.0.2.2'],
      glue: true as const,
    };
    const { glue: _, ...plain } = glue;
    const sets = (...answers: ServedAnswer[][]) =>
      servedReport(
        answers.map((list, i) => ({
          expectation: { ...www, fqdn: `ns${i}.example.com` },
          answers: list.map((answer, j) => ({ server: `s${j}:53`, answer })),
        })),
      );
    expect(servedHeadline(sets([glue, glue], [plain]))).toBe(
      '2 record sets served as desired by every server (1 as glue in referrals).',
    );
    expect(servedHeadline(sets([glue, plain], [glue], [{ kind: 'nodata' }]))).toBe(
      '2 of 3 record sets served as desired (1 as glue in referrals); 1 served differently.',
    );
    expect(servedHeadline(sets([{ ...glue, ttl: 1 }]))).toBe(
      '0 of 1 record set served as desired; 1 served differently.',
    );
    expect(servedHeadline(sets([]))).toBe(
      '0 of 1 record set served as desired; 1 not checked (a server did not answer).',
    );
    const doc = JSON.parse(renderServedJson(sets([glue])));
    expect(doc.recordSets[0].servers[0].answer).toEqual(glue);
  });

  it('in text lists what failed, then what differs, only the servers that are not right', () => {
    expect(renderServedText(report())).toBe(
      [
        '1 of 4 record sets served as desired; 1 served differently; 2 not checked (a server did not answer).',
        'Not checked:',
        '  x.example.com A (desired TTL 300: 192.0.2.1, 192.0.2.2)',
        '    198.51.100.53:53: no answer within 2000 ms',
        '  y.example.com A (desired TTL 300: 192.0.2.1, 192.0.2.2)',
        '    no name server to ask',
        'Served differently:',
        '  api.example.com A (desired TTL 300: 192.0.2.1, 192.0.2.2)',
        '    198.51.100.53:53: the name does not exist (NXDOMAIN)',
        'Not asked:',
        '  example.com ALIAS: not on the wire',
        '',
      ].join('\n'),
    );
  });

  it('in markdown as tables, in JSON with every server', () => {
    const markdown = renderServedMarkdown(report());
    expect(markdown).toContain(
      '### Served differently\n\n| record set | server | desired | served |\n|---|---|---|---|\n| `api.example.com A` | 198.51.100.53:53 | TTL 300: 192.0.2.1, 192.0.2.2 | the name does not exist (NXDOMAIN) |',
    );
    expect(markdown).toContain(
      '| `y.example.com A` |  | TTL 300: 192.0.2.1, 192.0.2.2 | no name server to ask |',
    );
    const doc = JSON.parse(renderServedJson(report()));
    expect(doc.recordSets[1]).toEqual({
      zone: 'example.com',
      name: 'api.example.com',
      type: 'A',
      desired: { ttl: 300, values: ['192.0.2.1', '192.0.2.2'] },
      status: 'differs',
      servers: [
        {
          server: '192.0.2.53:53',
          status: 'served',
          answer: { kind: 'records', ttl: 300, values: ['192.0.2.1', '192.0.2.2'] },
        },
        {
          server: '198.51.100.53:53',
          status: 'differs',
          why: 'the name does not exist (NXDOMAIN)',
          answer: { kind: 'nxdomain' },
        },
      ],
    });
    expect(doc.notAsked).toHaveLength(1);
  });

  it('shows a served value as text, escapes and all, never acting on it', () => {
    const evil = servedReport([
      { expectation: www, answers: [{ server: 'a:53', answer: { kind: 'cname', target: 'x\u001b[31m.' } }] },
    ]);
    expect(renderServedText(evil)).toContain('(CNAME x\\x1b[31m.)');
  });
});
