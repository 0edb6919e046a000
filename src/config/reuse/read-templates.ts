import { type Diagnostic, pushAll } from '../../model/diagnostic.js';
import { bothPlaces, entryPlace, namedTwice } from '../read/both-places.js';
import { diagnosticAt, entryOf, isMap, isSeq, type PEntry, type PNode } from '../read/positioned.js';
import { withZoneName } from './zone-text.js';

/** A template as a file defines it: its name's entry, whose value maps record names to their sets. */
export interface Template {
  name: string;
  entry: PEntry;
  /** The record names of the template, as written (`{zone}` not yet replaced). */
  records: PEntry[];
}

export interface ReadTemplates {
  byName: ReadonlyMap<string, Template>;
  diagnostics: Diagnostic[];
}

/**
 * The `templates:` maps of every file, by name. A template is defined in one place: unlike a zone it does not span
 * files, since its sets are one decision that zones share. A name defined twice is a problem at both places, and
 * the first one counts. Values the schema refused (a template that is not a map) give a template with no records.
 */
export function readTemplates(roots: readonly PNode[]): ReadTemplates {
  const byName = new Map<string, Template>();
  const diagnostics: Diagnostic[] = [];
  for (const root of roots) {
    const templates = isMap(root) ? entryOf(root, 'templates')?.value : undefined;
    if (!isMap(templates)) continue;
    for (const entry of templates.entries) {
      const first = byName.get(entry.key);
      if (first) {
        pushAll(
          diagnostics,
          bothPlaces('EP1011', entryPlace(entry), entryPlace(first.entry), namedTwice('template')),
        );
        continue;
      }
      const records = isMap(entry.value) ? entry.value.entries : [];
      byName.set(entry.key, { name: entry.key, entry, records });
      pushAll(diagnostics, templateProblems(entry));
    }
  }
  return { byName, diagnostics };
}

/**
 * What is wrong in a template whatever zone uses it, reported once (not once per zone): a `{` that is not `{zone}`
 * (zone-text.ts), and `override`, which only a zone's own sets may say.
 */
function templateProblems(template: PEntry): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  // Stryker disable next-line StringLiteral: equivalent, only the problems are kept, never the text for this name
  withZoneName(template.value, 'zone.example', diagnostics);
  const records = isMap(template.value) ? template.value.entries : [];
  for (const record of records) {
    // Stryker disable next-line ArrayDeclaration: equivalent, a set that is no map is the schema's; strings skipped
    const items = isMap(record.value) ? [record.value] : isSeq(record.value) ? record.value.items : [];
    for (const item of items) {
      const override = isMap(item) ? entryOf(item, 'override') : undefined;
      if (override)
        diagnostics.push(
          diagnosticAt(
            'EP1223',
            override.keyPos,
            `override in template "${template.key}": only a zone's own sets replace a template's; remove it here`,
          ),
        );
    }
  }
  return diagnostics;
}
