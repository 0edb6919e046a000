import { describe, expect, it } from 'vitest';
import { computePlan, renderPlanJson, renderPlanMarkdown, renderPlanText } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

/** A declared zone whose apex TXT set is shared by value with another tool. */
function sharedPlan() {
  const desired = {
    ...desiredZone(
      'example.com',
      { 'example.com TXT': [['"v=spf1 -all"'], 300] },
      {
        unmanaged: [{ name: '@', types: ['TXT'], value: 'google-site-verification=*' }],
      },
    ),
    manage: 'declared' as const,
    absent: [],
  };
  const live = liveZone('example.com', 9, {
    'example.com TXT': [
      [1, '"google-site-verification=abc"', 300],
      [2, '"v=spf1 include:old -all"', 300],
    ],
    'other.example.com': [[3, '192.0.2.1', 300]],
  });
  return computePlan(
    oneProviderDesired({ zones: [desired] }),
    oneProviderLive({ zones: { 'example.com': live } }),
    fakeProviders(),
  );
}

describe('plans of a shared zone, rendered', () => {
  it('text: the header names the declared mode, an update names the values it keeps', () => {
    const lines = renderPlanText(sharedPlan(), { color: false }).split('\n');
    expect(lines[0]).toMatch(/^example\.com \(serial 9, manage: declared, \d+ API calls?\)$/);
    expect(lines[1]).toBe(
      '  ~ example.com TXT +"v=spf1 -all", −"v=spf1 include:old -all", kept "google-site-verification=abc"',
    );
  });

  it('markdown: the zone note names the mode, the planned value names what is kept', () => {
    const markdown = renderPlanMarkdown(sharedPlan());
    expect(markdown).toContain('serial 9, manage: declared');
    expect(markdown).toContain('; kept "google-site-verification=abc"');
  });

  it('JSON: the header carries manage, the change carries kept', () => {
    const json = JSON.parse(renderPlanJson(sharedPlan()));
    expect(json.zones).toEqual([{ zone: 'example.com', serial: 9, manage: 'declared' }]);
    expect(json.changes[0].kept).toEqual(['"google-site-verification=abc"']);
    expect(json.changes[0].after.values).toEqual(['"google-site-verification=abc"', '"v=spf1 -all"']);
  });
});
