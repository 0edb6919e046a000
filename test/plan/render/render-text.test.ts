import { describe, expect, it } from 'vitest';
import { computePlan, renderPlanText } from '../../../src/plan/index.js';
import type { Plan, PlanStep } from '../../../src/plan/types.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { FAKE_DNS, fakeProviders } from '../helpers/fake-providers.js';

function examplePlan(): Plan {
  return computePlan(
    oneProviderDesired({
      zones: [
        desiredZone('example.com', {
          'api.example.com': [['192.0.2.21', '192.0.2.20']],
          'www.example.com': [['192.0.2.2', '192.0.2.3'], 60],
          'web.example.com CNAME': [['web.example.net.'], 300],
          'example.com MX': [['10 mx1.example.com.', '20 mx2.example.com.'], 300],
          'example.com TXT': [['"v=spf1 mx -all"'], 300],
        }),
        desiredZone('new.example.org', { 'new.example.org': [['198.51.100.7']] }),
      ],
    }),
    oneProviderLive({
      zones: {
        'example.com': liveZone('example.com', 41, {
          'old.example.com': [[1, '192.0.2.9', 300]],
          'www.example.com': [
            [2, '192.0.2.1', 300],
            [3, '192.0.2.2', 300],
          ],
          'web.example.com': [[4, '192.0.2.7', 300]],
          'example.com MX': [[5, '10 mx1.example.com.', 300]],
          'example.com TXT': [[6, '"v=spf1 mx -all"', 3600]],
        }),
        'new.example.org': null,
      },
    }),
    fakeProviders(),
  );
}

describe('renderPlanText', () => {
  it('states the expected duration of the apply at each budget: requests ÷ rate', () => {
    // Every call, and one read after them.
    const requests = (steps: readonly PlanStep[]) => steps.reduce((n, step) => n + step.ops.length, 0) + 1;
    const text = (limit: number, windowMs: number) =>
      renderPlanText(examplePlan(), {
        color: false,
        paces: [{ provider: FAKE_DNS, service: 'DNS', budget: { limit, windowMs }, requests }],
      })
        .trimEnd()
        .split('\n')
        .at(-1);
    // 11 calls and the read: 12 requests.
    expect(text(300, 60_000)).toBe('Apply: 12 DNS requests, ≈ 2 s at 300 requests/min.');
    expect(text(3, 60_000)).toBe('Apply: 12 DNS requests, ≈ 4 min at 3 requests/min.');
    expect(text(5, 10_000)).toBe('Apply: 12 DNS requests, ≈ 24 s at 5 requests per 10 s.');
    expect(text(2, 3_600_000)).toBe('Apply: 12 DNS requests, ≈ 6 h at 2 requests/hour.');
    const other = { provider: 'other', service: 'X', budget: { limit: 1, windowMs: 1_000 }, requests };
    expect(renderPlanText(examplePlan(), { color: false, paces: [other] })).toBe(
      renderPlanText(examplePlan(), { color: false }),
    );
  });

  it('states the requests alone for a provider that does not pace', () => {
    const requests = (steps: readonly PlanStep[]) => steps.reduce((n, step) => n + step.ops.length, 0) + 1;
    const lines = renderPlanText(examplePlan(), {
      color: false,
      paces: [{ provider: FAKE_DNS, service: 'DNS', requests }],
    }).split('\n');
    expect(lines.slice(-3)).toEqual([
      'Plan: 4 to create, 3 to update, 2 to delete in 2 zones (2 publishes).',
      'Apply: 12 DNS requests.',
      '',
    ]);
    // Two providers with steps: each line names its provider.
    const plan = examplePlan();
    const both = {
      ...plan,
      steps: [...plan.steps, ...plan.steps.map((step) => ({ ...step, provider: 'other' }))],
    };
    const other = { provider: 'other', service: 'DNS', budget: { limit: 300, windowMs: 60_000 }, requests };
    const paces = [{ provider: FAKE_DNS, service: 'DNS', requests }, other];
    expect(renderPlanText(both, { color: false, paces }).trimEnd().split('\n').slice(-2)).toEqual([
      `Apply: 12 DNS requests to ${FAKE_DNS}.`,
      'Apply: 12 DNS requests to other, ≈ 2 s at 300 requests/min.',
    ]);
  });

  it('renders each record set with its type and values, zone headers with API call counts, and the summary', () => {
    expect(renderPlanText(examplePlan(), { color: false })).toBe(
      [
        'example.com (serial 41, 8 API calls)',
        '  + api.example.com A ttl 3600 192.0.2.20, 192.0.2.21',
        '  ~ example.com MX +20 mx2.example.com.',
        '  ~ example.com TXT ttl 3600→300',
        '  - old.example.com A ttl 300 192.0.2.9',
        '  - web.example.com A ttl 300 192.0.2.7',
        '  + web.example.com CNAME ttl 300 web.example.net.',
        '  ~ www.example.com A ttl 300→60, +192.0.2.3, −192.0.2.1',
        'new.example.org (new zone, 3 API calls)',
        '  + zone new.example.org default ttl 3600, contact hostmaster@new.example.org, serial increment',
        '  + new.example.org A ttl 3600 198.51.100.7',
        '',
        'Plan: 4 to create, 3 to update, 2 to delete in 2 zones (2 publishes).',
        '',
      ].join('\n'),
    );
  });

  it('shows mixed live TTLs, leaves out an unchanged TTL, and uses the singular for one zone', () => {
    const plan = computePlan(
      oneProviderDesired({
        zones: [
          desiredZone('example.com', {
            'a.example.com': [['192.0.2.1', '192.0.2.2'], 60],
            'b.example.com': [['192.0.2.5'], 300],
          }),
        ],
      }),
      oneProviderLive({
        zones: {
          'example.com': liveZone('example.com', 7, {
            'a.example.com': [
              [1, '192.0.2.1', 300],
              [2, '192.0.2.2', 60],
              [3, '192.0.2.3', 300],
            ],
            'b.example.com': [[4, '192.0.2.4', 300]],
            'c.example.com': [
              [5, '192.0.2.1', 60],
              [6, '192.0.2.2', 300],
            ],
          }),
        },
      }),
      fakeProviders(),
    );
    expect(renderPlanText(plan, { color: false })).toBe(
      [
        'example.com (serial 7, 4 API calls)',
        '  ~ a.example.com A ttl 300 (mixed)→60, −192.0.2.3',
        '  ~ b.example.com A +192.0.2.5, −192.0.2.4',
        '  - c.example.com A ttl 60 (mixed) 192.0.2.1, 192.0.2.2',
        '',
        'Plan: 0 to create, 2 to update, 1 to delete in 1 zone (1 publish).',
        '',
      ].join('\n'),
    );
  });

  it('says so when there is nothing to do', () => {
    const plan = computePlan(oneProviderDesired({ zones: [] }), oneProviderLive({ zones: {} }));
    expect(renderPlanText(plan, { color: true })).toBe('No changes. Live state matches the desired state.\n');
  });

  it('colours create green, update yellow, delete red only when asked', () => {
    const colored = renderPlanText(examplePlan(), { color: true });
    expect(colored).toContain('\u001b[31m- old.example.com A ttl 300 192.0.2.9\u001b[39m');
    expect(colored).toContain('\u001b[32m+ api.example.com A ttl 3600 192.0.2.20, 192.0.2.21\u001b[39m');
    expect(colored).toContain('\u001b[33m~ www.example.com A ttl 300→60, +192.0.2.3, −192.0.2.1\u001b[39m');
    expect(renderPlanText(examplePlan(), { color: false })).not.toContain('\u001b[');
  });
});
