import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../../../src/model/dns.js';
import type { LiveState } from '../../../src/model/live.js';
import { hasUnprintable } from '../../../src/model/text.js';
import { driftReport, renderDriftText, renderPlanMarkdown, renderPlanText } from '../../../src/plan/index.js';
import { oneProviderDesired, oneProviderLive } from '../../support/one-provider.js';
import { desiredZone, liveZone } from '../helpers/builders.js';
import { reviewPlan } from '../helpers/review-fixture.js';

/**
 * Live strings are printed escaped: a record name or a bot name from the server may hold terminal
 * escapes (OSC title, clear screen) and line breaks that would start a heading or a `<details>` of their own in a
 * pull-request comment.
 */
const EVIL_NAME = 'evil\u001b]0;pwned\u0007\u202e<details>.example.com';
const EVIL_BOT = 'Bot\u001b[2J\r\n# all good';
const at = { file: 'waf.yaml', line: 1, col: 1 };

function plan() {
  const desired: DesiredState = oneProviderDesired({
    zones: [desiredZone('example.com', { 'www.example.com': [['192.0.2.1']] })],
    waf: { webapps: [{ ref: 'shop', at, mode: 'exact', allow: [] }] },
  });
  const live: LiveState = oneProviderLive({
    zones: { 'example.com': liveZone('example.com', 1, { [EVIL_NAME]: [[1, '192.0.2.9', 60]] }) },
    waf: {
      webapps: {
        shop: {
          id: 'a'.repeat(32),
          name: 'shop',
          bots: [{ id: 'b'.repeat(32), name: EVIL_BOT, enabled: true }],
        },
      },
      accountWebapps: ['shop'],
      readRequests: 1,
      rateLimit: null,
    },
  });
  return { plan: reviewPlan(desired, live), desired, live };
}

/** Control characters other than the line breaks the renderer itself puts between lines (model/text.ts). */
const hasControl = (text: string) => hasUnprintable(text.replaceAll('\n', ''));

describe('live strings in rendered plans', () => {
  it('text: escapes, each on its own line, with colours still applied around them', () => {
    const text = renderPlanText(plan().plan, { color: false });
    expect(hasControl(text)).toBe(false);
    expect(text).toContain('- evil\\x1b]0;pwned\\x07\\u202e<details>.example.com A');
    expect(text).toContain('- Bot\\x1b[2J\\r\\n# all good');
    const colored = renderPlanText(plan().plan, { color: true });
    expect(colored).toContain('\u001b[31m- Bot\\x1b[2J');
  });

  it('markdown: no heading, HTML or line break of a live name reaches the comment', () => {
    const markdown = renderPlanMarkdown(plan().plan);
    expect(hasControl(markdown)).toBe(false);
    expect(markdown).not.toMatch(/^#+ all good/m);
    expect(markdown).not.toContain('<details>.example.com');
    expect(markdown).toContain('\\x1b');
  });

  it('drift text: escaped as well', () => {
    const { plan: p } = plan();
    const text = renderDriftText(driftReport(p, [], Date.parse('2026-01-01T00:00:00Z')));
    expect(hasControl(text)).toBe(false);
    expect(text).toContain('\\x1b]0;pwned\\x07\\u202e');
    expect(text).toContain('Bot\\x1b[2J\\r\\n# all good');
  });
});
