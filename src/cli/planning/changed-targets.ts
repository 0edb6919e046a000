import { compareStrings } from '../../model/compare.js';
import { normaliseName } from '../../model/names.js';
import type { TargetKind } from '../../model/target.js';

/**
 * `plan --changed-since REF`: which targets a change to the desired-state files can have changed (pure). Each file
 * is compared as YAML values (comments, order and layout decide nothing), over all changed files together, so a
 * renamed file or an entry moved to another file changes nothing:
 * - `zones`, `secondary_zones`, `geo_services` and `waf.webapps` entry by entry: an entry added, removed or
 *   changed changes that target;
 * - `templates` template by template: a template added, removed or changed is a changed template, which changes
 *   the zones that list it (changed-scope.ts: only the desired state knows which those are);
 * - any other top-level key (`settings`, `providers`, one edgeplan does not know yet) added, removed or changed
 *   can change what every target means: everything is planned;
 * - a file that cannot be read as YAML (today or at REF) says nothing of what it changed: everything is planned.
 * A removed entry stays a changed target: a secondary zone or geo service under `manage: all` is then deleted.
 */

/** One changed desired-state file: its YAML value at REF and today; `undefined` where it does not exist. */
export interface FileVersions {
  /** As the reasons show it (relative to the repository root). */
  path: string;
  before: YamlValue;
  after: YamlValue;
}

/** A file's value as plain YAML data, or UNREADABLE (not YAML, or YAML with errors). */
export type YamlValue = unknown;
export const UNREADABLE: unique symbol = Symbol('unreadable');

export interface ChangedTarget {
  /** A target's kind, or `template`: a template, which is no target but changes the zones that use it. */
  kind: TargetKind | 'template';
  /** As targets name it: a zone or secondary zone normalised, a geo service, webapp or template as written. */
  name: string;
}

export type ChangedTargets =
  | { all: false; targets: ChangedTarget[] }
  | { all: true /** Why everything is planned: the first such file and section. */; reason: string };

/** The sections keyed by name, where one entry's change changes that target (or a template's zones) alone. */
const SECTIONS: Readonly<Record<string, { kind: ChangedTarget['kind']; name: (key: string) => string }>> = {
  zones: { kind: 'zone', name: normaliseName },
  secondary_zones: { kind: 'secondary', name: normaliseName },
  geo_services: { kind: 'geo', name: (key) => key },
  'waf.webapps': { kind: 'webapp', name: (key) => key },
  templates: { kind: 'template', name: (key) => key },
};

/**
 * What the changed files say about one target, or one other section: its values in them at REF and today (a zone
 * may span files), each as canonical JSON, and the files that hold it. Compared as collections, so that an entry
 * moved to another file, or a file renamed, changes nothing.
 */
interface Part {
  target?: ChangedTarget;
  section: string;
  before: string[];
  after: string[];
  paths: Set<string>;
}

export function changedTargets(files: readonly FileVersions[]): ChangedTargets {
  const parts = new Map<string, Part>();
  for (const { path, before, after } of files) {
    for (const [side, value] of [
      ['before', before],
      ['after', after],
    ] as const) {
      if (value === UNREADABLE)
        return {
          all: true,
          reason: `${path} ${side === 'before' ? 'at that revision' : 'today'} is not readable YAML`,
        };
      const problem = collect(value, (key, part) => {
        const known = parts.get(key) ?? { ...part, before: [], after: [], paths: new Set<string>() };
        known[side].push(canonicalJson(part.value));
        known.paths.add(path);
        parts.set(key, known);
      });
      if (problem !== null) return { all: true, reason: `${path}: ${problem}` };
    }
  }
  const targets: ChangedTarget[] = [];
  for (const part of parts.values()) {
    if (sameValues(part.before, part.after)) continue;
    if (part.target === undefined) {
      const path = [...part.paths].sort(compareStrings)[0];
      return { all: true, reason: `${path} changes \`${part.section}\`, which every target may depend on` };
    }
    targets.push(part.target);
  }
  targets.sort((a, b) => compareStrings(a.kind, b.kind) || compareStrings(a.name, b.name));
  return { all: false, targets };
}

type Collect = (key: string, part: { target?: ChangedTarget; section: string; value: unknown }) => void;

/** Every part of one file's value: an entry of a keyed section, or another section whole; or why it has none. */
function collect(value: unknown, add: Collect): string | null {
  const root = asMap(value);
  if (root === null) return 'not a map of sections';
  for (const [key, section] of Object.entries(root)) {
    if (key === 'waf') {
      const waf = asMap(section);
      if (waf === null) return '`waf` is not a map';
      for (const [wafKey, wafValue] of Object.entries(waf)) {
        const problem = collectSection(`waf.${wafKey}`, wafValue, add);
        if (problem !== null) return problem;
      }
    } else {
      const problem = collectSection(key, section, add);
      if (problem !== null) return problem;
    }
  }
  return null;
}

function collectSection(section: string, value: unknown, add: Collect): string | null {
  const keyed = Object.hasOwn(SECTIONS, section) ? SECTIONS[section] : undefined;
  if (keyed === undefined) {
    add(`section:${section}`, { section, value });
    return null;
  }
  const entries = asMap(value);
  if (entries === null) return `\`${section}\` is not a map`;
  for (const [key, entry] of Object.entries(entries)) {
    const target = { kind: keyed.kind, name: keyed.name(key) };
    add(`${target.kind}:${target.name}`, { target, section, value: entry });
  }
  return null;
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  const x = [...a].sort(compareStrings);
  const y = [...b].sort(compareStrings);
  return x.length === y.length && x.every((value, i) => value === y[i]);
}

/** JSON with every map's keys sorted: two YAML values that mean the same give the same text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => compareStrings(a, b))) : v,
  );
}

/** A YAML map as a record; an absent or empty file is an empty map; anything else null. */
function asMap(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return {};
  return isRecord(value) ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
