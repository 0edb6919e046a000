import { type Document, isAlias, isNode, type Node, visit } from 'yaml';

/**
 * How edgeplan reads YAML beyond the parser: one meaning per text. YAML 1.2 reads `0x10` as 16, `0o17` as 15 and
 * `1e3` as 1000, YAML 1.1 (`%YAML 1.1`) also `017` as 15 and `1:30` as 90, and tags (`!!int "0x10"`) change what a
 * value is. A TTL, a preference or a port written that way would be applied as a number nobody wrote. So a number
 * is accepted only in decimal digits (yaml-numbers.ts), the 1.1 directive and tags other than `!!str` (which keeps
 * the text as written) are refused, each at its place.
 */

const CORE_TAG_PREFIX = 'tag:yaml.org,2002:';
const STRING_TAG = `${CORE_TAG_PREFIX}str`;

/** Why a node's explicit tag is refused (`!!int`, `!!binary`, `!!set`, a local `!tag`), or null. */
export function tagProblem(node: Node): string | null {
  const tag = node.tag;
  if (tag === undefined || tag === STRING_TAG) return null;
  const shown = tag.startsWith(CORE_TAG_PREFIX) ? `!!${tag.slice(CORE_TAG_PREFIX.length)}` : tag;
  return `tag ${shown} is not accepted: tags change what a value means; write the value plainly (in quotes for text)`;
}

/** Why the document's `%YAML` directive is refused (any version but 1.2), or null. */
export function directiveProblem(doc: Document): string | null {
  // Stryker disable next-line OptionalChaining: a parsed document always has its directives, and they their %YAML
  const yaml = doc.directives?.yaml;
  // Stryker disable next-line OptionalChaining: as above
  if (!yaml?.explicit || yaml.version === '1.2') return null;
  return `%YAML ${yaml.version} is not accepted: edgeplan reads YAML 1.2 only (YAML 1.1 reads 017 as 15 and 1:30 as 90); remove the directive`;
}

/**
 * What each alias of `doc` refers to: the node of the last anchor of that name before it, in document order, found
 * in one pass. (The parser's `Alias.resolve` searches the document for every alias: quadratic, minutes for a file
 * of a few thousand aliases.)
 */
export function aliasTargets(doc: Document): Map<Node, Node> {
  const anchors = new Map<string, Node>();
  const targets = new Map<Node, Node>();
  visit(doc, (_key, node) => {
    // Stryker disable next-line ConditionalExpression: a pair or document is no alias and has no anchor either
    if (!isNode(node)) return;
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target) targets.set(node, target);
    } else if (node.anchor) {
      anchors.set(node.anchor, node);
    }
  });
  return targets;
}
