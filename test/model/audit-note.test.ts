import { describe, expect, it } from 'vitest';
import { describePublish, formatAuditNote, parseAuditNote } from '../../src/model/audit-note.js';

const DIGEST = `sha256:${'0'.repeat(64)}`;

describe('audit note', () => {
  it('formats the fields in order, free text last on one line, and reads them back', () => {
    const full = {
      version: '1.2.3',
      planDigest: DIGEST,
      repo: 'acme/dns',
      commit: 'abc123',
      pr: '7',
      text: 'OPS-9\n rollout',
    };
    const line = formatAuditNote(full);
    expect(line).toBe(`edgeplan 1.2.3 plan ${DIGEST} repo acme/dns commit abc123 pr 7 -- OPS-9 rollout`);
    expect(parseAuditNote(line)).toEqual({ ...full, text: 'OPS-9 rollout' });
    expect(formatAuditNote({ version: '1.2.3', planDigest: DIGEST })).toBe(`edgeplan 1.2.3 plan ${DIGEST}`);
    expect(formatAuditNote({ version: '1', planDigest: DIGEST, text: 'x'.repeat(5000) })).toHaveLength(1000);
  });

  it('does not take a note from anything else for one of its own', () => {
    for (const note of [
      '',
      'fixed www by hand',
      'edgeplan',
      'edgeplan 1.0 applied',
      `edgeplan 1.0 plan ${DIGEST} by jane`,
    ]) {
      expect(parseAuditNote(note)).toBeNull();
    }
  });

  it('describes where a publish came from, and when', () => {
    const at = { atMs: Date.parse('2026-11-20T10:00:00Z'), user: 'ci-bot', serial: 12 };
    const ours = `edgeplan 1.2.3 plan ${DIGEST} repo acme/dns commit 0123456789abcdef pr 7`;
    expect(describePublish({ ...at, note: ours })).toBe(
      'edgeplan 1.2.3, commit 0123456789ab pr 7 in acme/dns, 2026-11-20T10:00:00Z by ci-bot (serial 12)',
    );
    expect(describePublish({ ...at, note: 'hotfix', user: '' })).toBe(
      'not by edgeplan, 2026-11-20T10:00:00Z by unknown user (serial 12)',
    );
    expect(describePublish(null)).toBe('no publish recorded in the zone notes');
  });
});
