import type { Diagnostic } from '../../model/diagnostic.js';
import { diagnosticAt, type PEntry, type PNode, type Position } from '../read/positioned.js';

/** The one placeholder of a template: the using zone's name, without its trailing dot. */
export const ZONE_PLACEHOLDER = '{zone}';

/**
 * A template's record names and values with `{zone}` replaced by `zone` (no trailing dot: `dmarc@{zone}` and
 * `mail.{zone}.` both read as written). Templates have no other syntax, no loops and no conditions: any other `{`
 * is a problem at its place (pushed to `problems`, when given), and the text is left as written. Nodes without the
 * placeholder are returned as they are, so a template's unchanged values are shared by every zone that uses it.
 * Without `keys`, map keys stay as written (the schema check, whose issues are located by the written keys).
 */
export function withZoneName(node: PNode, zone: string, problems?: Diagnostic[], keys = true): PNode {
  switch (node.kind) {
    case 'scalar': {
      if (typeof node.value !== 'string' || !node.value.includes('{')) return node;
      return { ...node, value: replaced(node.value, zone, node.pos, problems) };
    }
    case 'seq': {
      const items = node.items.map((item) => withZoneName(item, zone, problems, keys));
      return items.every((item, i) => item === node.items[i]) ? node : { ...node, items };
    }
    case 'map': {
      const entries = node.entries.map((entry) => entryWithZoneName(entry, zone, problems, keys));
      return entries.every((entry, i) => entry === node.entries[i]) ? node : { ...node, entries };
    }
  }
}

/** One entry of a template's map: its key (a record name) and its value, each with `{zone}` replaced. */
export function entryWithZoneName(entry: PEntry, zone: string, problems?: Diagnostic[], keys = true): PEntry {
  const key = keys && entry.key.includes('{') ? replaced(entry.key, zone, entry.keyPos, problems) : entry.key;
  const value = withZoneName(entry.value, zone, problems, keys);
  return key === entry.key && value === entry.value ? entry : { ...entry, key, value };
}

/** A template's record name for `zone`, its problems already reported once (read-templates.ts). */
export function textWithZoneName(text: string, zone: string): string {
  // Stryker disable next-line StringLiteral,ObjectLiteral: equivalent, text without "{" comes back as is; no problems
  return text.includes('{') ? replaced(text, zone, { file: '', line: 0, col: 0 }, undefined) : text;
}

function replaced(text: string, zone: string, pos: Position, problems: Diagnostic[] | undefined): string {
  // Stryker disable next-line StringLiteral: equivalent, only whether another "{" is left counts
  const rest = text.split(ZONE_PLACEHOLDER).join('');
  if (rest.includes('{')) {
    problems?.push(
      diagnosticAt(
        'EP1222',
        pos,
        `${JSON.stringify(text)} has a "{" that is not ${ZONE_PLACEHOLDER}: a template replaces only ${ZONE_PLACEHOLDER}, ` +
          'the name of the zone that uses it, and has no other syntax',
      ),
    );
    return text;
  }
  return text.split(ZONE_PLACEHOLDER).join(zone);
}
