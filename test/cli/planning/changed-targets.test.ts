import { describe, expect, it } from 'vitest';
import { exactPattern, scopeOfChanges } from '../../../src/cli/planning/changed-scope.js';
import { changedTargets, type FileVersions, UNREADABLE } from '../../../src/cli/planning/changed-targets.js';
import type { DesiredState } from '../../../src/model/dns.js';
import { IMPLICIT_PROVIDER } from '../../../src/model/dns-provider-spec.js';
import { parseTargets } from '../../../src/plan/index.js';
import { changedSinceLine } from '../../../src/plan/render/changed-since.js';
import type { Plan } from '../../../src/plan/types.js';
import { DYN } from '../../support/one-provider.js';

const file = (before: unknown, after: unknown, path = 'dns/a.yaml'): FileVersions => ({
  path,
  before,
  after,
});
const www = (address: string) => ({ records: { www: { a: [address] } } });

describe('changedTargets: which targets a change to the desired-state files can change', () => {
  it('names the zones whose entries differ, normalised; equal entries (other key order) are unchanged', () => {
    const before = {
      zones: { 'A.example.': www('192.0.2.1'), 'b.example': { default_ttl: 60, ...www('192.0.2.2') } },
    };
    const after = {
      zones: { 'a.example': www('192.0.2.9'), 'b.example': { ...www('192.0.2.2'), default_ttl: 60 } },
    };
    expect(changedTargets([file(before, after)])).toEqual({
      all: false,
      targets: [{ kind: 'zone', name: 'a.example' }],
    });
  });

  it('an entry added, removed, or of another section kind is a changed target of its kind', () => {
    const before = { zones: { 'gone.example': www('192.0.2.1') }, geo_services: { 'Global Web': { x: 1 } } };
    const after = {
      zones: { 'new.example': www('192.0.2.1') },
      geo_services: { 'Global Web': { x: 1 } },
      secondary_zones: { 'partner.example': { masters: ['192.0.2.53'] } },
      waf: { webapps: { shop: { good_bots: [] } } },
    };
    expect(changedTargets([file(before, after)])).toEqual({
      all: false,
      targets: [
        { kind: 'secondary', name: 'partner.example' },
        { kind: 'webapp', name: 'shop' },
        { kind: 'zone', name: 'gone.example' },
        { kind: 'zone', name: 'new.example' },
      ],
    });
  });

  it('a zone moved to another file, or a renamed file, changes nothing; a zone split differently does', () => {
    const moved = [
      file({ zones: { 'a.example': www('192.0.2.1') } }, undefined, 'dns/old.yaml'),
      file(undefined, { zones: { 'a.example': www('192.0.2.1') } }, 'dns/new.yaml'),
    ];
    expect(changedTargets(moved)).toEqual({ all: false, targets: [] });
    const split = [
      file(
        { zones: { 'a.example': { records: { www: 1, api: 2 } } } },
        { zones: { 'a.example': { records: { www: 1 } } } },
        'dns/one.yaml',
      ),
      file(undefined, { zones: { 'a.example': { records: { api: 2 } } } }, 'dns/two.yaml'),
    ];
    expect(changedTargets(split)).toEqual({ all: false, targets: [{ kind: 'zone', name: 'a.example' }] });
  });

  it('a change to any other section, or to waf outside webapps, plans everything and says which file', () => {
    expect(
      changedTargets([
        file(
          { settings: { safety: { zone_create: true } } },
          { settings: { safety: { zone_create: false } } },
          'dns/settings.yaml',
        ),
      ]),
    ).toEqual({
      all: true,
      reason: 'dns/settings.yaml changes `settings`, which every target may depend on',
    });
    expect(changedTargets([file({}, { providers: { pdns: { type: 'pdns' } } })])).toMatchObject({
      all: true,
    });
    expect(changedTargets([file({ waf: { other: 1 } }, { waf: {} })])).toEqual({
      all: true,
      reason: 'dns/a.yaml changes `waf.other`, which every target may depend on',
    });
    // Unchanged settings beside a changed zone: the zone alone.
    const same = { settings: { lint: {} } };
    expect(changedTargets([file({ ...same, zones: {} }, { ...same, zones: { 'a.example': {} } })])).toEqual({
      all: false,
      targets: [{ kind: 'zone', name: 'a.example' }],
    });
  });

  it('a file that is not readable YAML, or not a map, says nothing of what changed: everything', () => {
    expect(changedTargets([file(UNREADABLE, {})])).toEqual({
      all: true,
      reason: 'dns/a.yaml at that revision is not readable YAML',
    });
    expect(changedTargets([file({}, UNREADABLE)])).toEqual({
      all: true,
      reason: 'dns/a.yaml today is not readable YAML',
    });
    expect(changedTargets([file({}, ['a'])])).toEqual({
      all: true,
      reason: 'dns/a.yaml: not a map of sections',
    });
    expect(changedTargets([file({}, { zones: ['a'] })])).toEqual({
      all: true,
      reason: 'dns/a.yaml: `zones` is not a map',
    });
    expect(changedTargets([file({}, { waf: 3 })])).toEqual({
      all: true,
      reason: 'dns/a.yaml: `waf` is not a map',
    });
    // An empty file (null) is an empty map; `__proto__` as a section is just another section.
    expect(changedTargets([file(null, undefined)])).toEqual({ all: false, targets: [] });
    expect(changedTargets([file({}, JSON.parse('{"__proto__": {"x": 1}}'))])).toMatchObject({ all: true });
  });
});

describe('changedTargets: templates, entry by entry', () => {
  const mx = (host: string) => ({ '@': { mx: [{ preference: 10, exchange: host }] } });
  it('names a changed, added or removed template; an equal one (other key order) or a moved one changes nothing', () => {
    const before = {
      templates: { 'mail-google': mx('aspmx.l.google.com.'), caa: { '@': { caa: [1] } }, gone: mx('x.') },
    };
    const after = {
      templates: { caa: { '@': { caa: [1] } }, 'mail-google': mx('smtp.google.com.'), added: mx('y.') },
    };
    expect(changedTargets([file(before, after)])).toEqual({
      all: false,
      targets: [
        { kind: 'template', name: 'added' },
        { kind: 'template', name: 'gone' },
        { kind: 'template', name: 'mail-google' },
      ],
    });
    const moved = [
      file({ templates: { caa: { '@': { caa: [1] } } } }, undefined, 'dns/old.yaml'),
      file(undefined, { templates: { caa: { '@': { caa: [1] } } } }, 'dns/templates.yaml'),
    ];
    expect(changedTargets(moved)).toEqual({ all: false, targets: [] });
    expect(changedTargets([file({}, { templates: ['a'] })])).toEqual({
      all: true,
      reason: 'dns/a.yaml: `templates` is not a map',
    });
  });
});

/** Zones on the providers they name (`providers:`), or all on the implicit one when none names any. */
const desired = (
  zones: { zone: string; providers?: string[]; sameAs?: string; templates?: string[] }[],
): DesiredState => {
  const named = [...new Set(zones.flatMap((z) => z.providers ?? []))];
  return {
    zones: zones.map((z) => ({
      ...z,
      providers: z.providers ?? [DYN],
      recordSets: [],
      unmanaged: [],
      absent: [],
    })),
    dnsProviders:
      named.length > 0 ? named.map((name) => ({ name, type: name, options: {} })) : [IMPLICIT_PROVIDER],
  } as unknown as DesiredState;
};
const since = { ref: 'main', commit: 'c'.repeat(40) };

describe('scopeOfChanges: the changed targets as a saved plan scope', () => {
  it('patterns for exactly the changed targets, on every provider; the rest left out; removed ones kept', () => {
    const state = desired([
      { zone: 'a.example', providers: ['dyn', 'pdns'] },
      { zone: 'b.example', providers: ['dyn'] },
      { zone: 'c.example', providers: ['dyn'] },
    ]);
    const scope = scopeOfChanges(
      state,
      {
        all: false,
        targets: [
          { kind: 'zone', name: 'a.example' },
          { kind: 'geo', name: 'Gone*' },
        ],
      },
      since,
      undefined,
    );
    expect(scope).toEqual({
      patterns: ['zone:a.example@dyn', 'zone:a.example@pdns', 'geo:Gone\\*'],
      changedSince: { ...since, leftOut: ['zone:b.example@dyn', 'zone:c.example@dyn'] },
    });
    const parsed = parseTargets(scope.patterns ?? []);
    expect(parsed.matches({ kind: 'geo', name: 'Gone*' })).toBe(true);
    expect(parsed.matches({ kind: 'geo', name: 'Gone wild' })).toBe(false);
  });

  it('kept to --target; nothing changed: an empty scope; everything changed: no scope of its own', () => {
    const state = desired([{ zone: 'a.example' }, { zone: 'b.example' }, { zone: 'c.org' }]);
    const changed = {
      all: false as const,
      targets: [
        { kind: 'zone' as const, name: 'a.example' },
        { kind: 'zone' as const, name: 'c.org' },
      ],
    };
    expect(scopeOfChanges(state, changed, since, parseTargets(['zone:*.example']))).toEqual({
      patterns: ['zone:a.example'],
      changedSince: { ...since, leftOut: ['zone:b.example'] },
    });
    expect(scopeOfChanges(state, { all: false, targets: [] }, since, undefined).patterns).toEqual([]);
    expect(scopeOfChanges(state, { all: true, reason: 'r' }, since, undefined)).toEqual({
      patterns: null,
      changedSince: { ...since, all: 'r', leftOut: [] },
    });
  });

  it('takes a zone same_as a changed zone as changed: it serves what changed', () => {
    const state = desired([
      { zone: 'a.example' },
      { zone: 'b.example', sameAs: 'a.example' },
      { zone: 'c.example', sameAs: 'd.example' },
      { zone: 'd.example' },
    ]);
    const changed = { all: false as const, targets: [{ kind: 'zone' as const, name: 'a.example' }] };
    expect(scopeOfChanges(state, changed, since, undefined)).toEqual({
      patterns: ['zone:a.example', 'zone:b.example'],
      changedSince: { ...since, leftOut: ['zone:c.example', 'zone:d.example'] },
    });
  });

  it('takes the zones that list a changed template as changed, and their mirrors; no pattern for the template', () => {
    const state = desired([
      { zone: 'a.example', templates: ['caa', 'mail-google'] },
      { zone: 'b.example', templates: ['caa'] },
      { zone: 'c.example' },
      { zone: 'd.example', sameAs: 'a.example' },
      { zone: 'e.example', sameAs: 'b.example', templates: ['mail-google'] },
      { zone: 'f.example', sameAs: 'b.example' },
    ]);
    const changed = { all: false as const, targets: [{ kind: 'template' as const, name: 'mail-google' }] };
    expect(scopeOfChanges(state, changed, since, undefined)).toEqual({
      patterns: ['zone:a.example', 'zone:d.example', 'zone:e.example'],
      changedSince: { ...since, leftOut: ['zone:b.example', 'zone:c.example', 'zone:f.example'] },
    });
    // A removed template no zone lists any more plans nothing; --target still narrows the zones.
    const gone = { all: false as const, targets: [{ kind: 'template' as const, name: 'gone' }] };
    expect(scopeOfChanges(state, gone, since, undefined).patterns).toEqual([]);
    expect(scopeOfChanges(state, changed, since, parseTargets(['zone:a.*'])).patterns).toEqual([
      'zone:a.example',
    ]);
  });

  it('exactPattern escapes every glob character', () => {
    const name = 'a*b?[c]{d}(e)!f+g@h|i^j$k,l\\m';
    const pattern = exactPattern({ kind: 'geo', name });
    expect(parseTargets([pattern]).matches({ kind: 'geo', name })).toBe(true);
    expect(parseTargets([pattern]).matches({ kind: 'geo', name: 'axb?[c]{d}(e)!f+g@h|i^j$k,l\\m' })).toBe(
      false,
    );
  });
});

describe('changedSinceLine: the plan header', () => {
  const plan = (changedSince?: Plan['changedSince']) => ({ changedSince }) as Plan;
  it('names the left-out targets, at most ten, and counts the rest; or why everything was planned', () => {
    expect(changedSinceLine(plan())).toBeNull();
    const leftOut = Array.from({ length: 12 }, (_, i) => `zone:z${i}.example`);
    expect(changedSinceLine(plan({ ...since, leftOut }))).toBe(
      `Changed since main (cccccccccccc): 12 targets left out, not read, nothing they depend on changed: ${leftOut.slice(0, 10).join(', ')}, … and 2 more.`,
    );
    expect(changedSinceLine(plan({ ...since, leftOut: ['zone:a'] }))).toBe(
      'Changed since main (cccccccccccc): 1 target left out, not read, nothing they depend on changed: zone:a.',
    );
    expect(changedSinceLine(plan({ ...since, leftOut: leftOut.slice(0, 10) }))).not.toContain('more');
    expect(changedSinceLine(plan({ ...since, leftOut: [] }))).toBe(
      'Changed since main (cccccccccccc): every target planned, all of them changed.',
    );
    expect(changedSinceLine(plan({ ...since, all: 'x changes `settings`', leftOut: [] }))).toBe(
      'Changed since main (cccccccccccc): every target planned, x changes `settings`.',
    );
  });
});
