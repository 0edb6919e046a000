import type { Diagnostic } from '../../model/diagnostic.js';
import {
  type CachePurge,
  type DesiredBotRef,
  type DesiredWaf,
  type DesiredWebapp,
  GOOD_BOTS_MODES,
  type GoodBotsMode,
} from '../../model/waf.js';
import { bothPlaces, entryPlace, namedTwice } from '../read/both-places.js';
import {
  diagnosticAt,
  entryOf,
  isMap,
  isSeq,
  type PEntry,
  type PNode,
  type Position,
  where,
} from '../read/positioned.js';

export interface WafLoadResult {
  /** Undefined when no file has a `waf` section: the WAF service is then not used at all. */
  desired: DesiredWaf | undefined;
  diagnostics: Diagnostic[];
}

/**
 * The `waf` sections of all files (in load order) as desired state, with the rules that need more than one value:
 * a webapp may be named once across all files (names and ids compared case-insensitively), and a bot once per
 * webapp (case-insensitively). Each duplicate is reported at both places. Values the schema rejected are skipped;
 * the schema reports them. Every desired value keeps its position, because whether a webapp or a bot exists is
 * only known against the live catalogue, at plan time, and those problems must point into the YAML too.
 */
export function loadWafSections(roots: readonly PNode[]): WafLoadResult {
  const diagnostics: Diagnostic[] = [];
  const byKey = new Map<string, PEntry>();
  const webapps: DesiredWebapp[] = [];
  let present = false;
  for (const root of roots) {
    const waf = isMap(root) ? entryOf(root, 'waf') : undefined;
    if (!waf) continue;
    present = true;
    const section = isMap(waf.value) ? entryOf(waf.value, 'webapps')?.value : undefined;
    for (const entry of isMap(section) ? section.entries : []) {
      const key = entry.key.toLowerCase();
      const first = byKey.get(key);
      if (first) {
        diagnostics.push(...bothPlaces(entryPlace(entry), entryPlace(first), namedTwice('webapp')));
        continue;
      }
      byKey.set(key, entry);
      const webapp = toWebapp(entry, diagnostics);
      if (webapp) webapps.push(webapp);
    }
  }
  webapps.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  return { desired: present ? { webapps } : undefined, diagnostics };
}

function toWebapp(entry: PEntry, diagnostics: Diagnostic[]): DesiredWebapp | undefined {
  const goodBots = isMap(entry.value) ? entryOf(entry.value, 'good_bots')?.value : undefined;
  if (!isMap(goodBots)) return undefined;
  const modeValue = entryOf(goodBots, 'mode')?.value;
  const mode = modeValue?.kind === 'scalar' && isMode(modeValue.value) ? modeValue.value : 'exact';
  const allowNode = entryOf(goodBots, 'allow')?.value;
  const allow: DesiredBotRef[] = [];
  const seen = new Map<string, { text: string; pos: Position }>();
  for (const item of isSeq(allowNode) ? allowNode.items : []) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string' || item.value === '') continue;
    const first = seen.get(item.value.toLowerCase());
    if (first) {
      const spelling = first.text === item.value ? '' : ` as "${first.text}"`;
      const message = `bot "${item.value}" is listed twice for webapp "${entry.key}": also at ${where(first.pos)}${spelling}`;
      diagnostics.push(diagnosticAt(item.pos, message));
      continue;
    }
    seen.set(item.value.toLowerCase(), { text: item.value, pos: item.pos });
    allow.push({ ref: item.value, at: item.pos });
  }
  const purge = purgeAfterApply(
    isMap(entry.value) ? entryOf(entry.value, 'purge_after_apply')?.value : undefined,
  );
  return { ref: entry.key, at: entry.keyPos, mode, allow, ...(purge ? { purgeAfterApply: purge } : {}) };
}

/** `purge_after_apply`: `true` purges the whole cache, `{ paths }` those paths; anything else (checked by the schema) none. */
function purgeAfterApply(node: PNode | undefined): CachePurge | undefined {
  if (node?.kind === 'scalar') return node.value === true ? { paths: [] } : undefined;
  const paths = isMap(node) ? entryOf(node, 'paths')?.value : undefined;
  if (!isSeq(paths)) return undefined;
  const list = paths.items.flatMap((item) =>
    item.kind === 'scalar' && typeof item.value === 'string' ? [item.value] : [],
  );
  return list.length > 0 ? { paths: list } : undefined;
}

function isMode(value: unknown): value is GoodBotsMode {
  return GOOD_BOTS_MODES.some((mode) => mode === value);
}
