import { describe, expect, it } from 'vitest';
import { computePlan, renderPlanMarkdown, renderPlanText } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { fakeProviders } from '../helpers/fake-providers.js';

/**
 * A name with A-labels (RFC 5890 §2.3.2.1) is shown in plans in Unicode beside the A-labels the wire holds, so that
 * reviewers read `bücher` and see what is written: text and markdown.
 */
function idnPlan() {
  return computePlan(
    oneProviderDesired({
      zones: [desiredZone('xn--bcher-kva.example', { 'www.xn--bcher-kva.example': [['192.0.2.1']] })],
    }),
    oneProviderLive({ zones: { 'xn--bcher-kva.example': liveZone('xn--bcher-kva.example', 1, {}) } }),
    fakeProviders(),
  );
}

describe('plans show names with A-labels in both forms', () => {
  it('text', () => {
    expect(renderPlanText(idnPlan(), { color: false })).toContain(
      '+ www.bücher.example (www.xn--bcher-kva.example) A',
    );
  });

  it('markdown', () => {
    expect(renderPlanMarkdown(idnPlan())).toContain('www.bücher.example (www.xn--bcher-kva.example) A');
  });
});
