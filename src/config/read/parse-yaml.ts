import {
  type Alias,
  type Document,
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  type Scalar,
} from 'yaml';
import type { Diagnostic } from '../../model/diagnostic.js';
import { count } from '../../model/text.js';
import { fastParseYaml } from './fast-yaml.js';
import {
  diagnosticAt,
  type PEntry,
  type PNode,
  type Position,
  type ScalarValue,
  where,
} from './positioned.js';
import { numberProblem } from './yaml-numbers.js';
import { aliasTargets, directiveProblem, tagProblem } from './yaml-reading.js';

/**
 * Values an alias may add to a file, all aliases together: an anchor repeats a value (a list of addresses shared by
 * names), it does not multiply a file. A desired state that shares lists this way stays far below; an 800-byte file
 * of nested aliases ("billion laughs") would otherwise expand to gigabytes.
 */
export const MAX_ALIAS_VALUES = 100_000;

export interface ParsedFile {
  file: string;
  /** `null` for an empty file, and for a file with YAML errors (it then contributes only those errors). */
  root: PNode | null;
  diagnostics: Diagnostic[];
}

/**
 * Parses one YAML file into positioned values. `file` is the path diagnostics show. Most files are read by the fast
 * reader (fast-yaml.ts); what it does not read, the full reader below does.
 */
export function parseYamlFile(file: string, text: string): ParsedFile {
  const fast = fastParseYaml(file, text);
  return fast ? { file, ...fast } : fullParseYamlFile(file, text);
}

/**
 * The full reader: the `yaml` package's document, every problem of the file at once. `uniqueKeys` is off on
 * purpose: the builder below detects repeated keys itself so that it can name both places, which the parser's own
 * DUPLICATE_KEY error cannot.
 */
export function fullParseYamlFile(file: string, text: string): ParsedFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false });
  const positionOf = (offset: number): Position => ({ file, ...lineCounter.linePos(offset) });

  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    const diagnostics = problems.map((problem) =>
      diagnosticAt('EP1005', positionOf(problem.pos[0]), yamlProblemMessage(problem.code, problem.message)),
    );
    return { file, root: null, diagnostics };
  }
  const directive = directiveProblem(doc);
  if (directive) {
    const at = Math.max(0, text.search(/^%YAML\b/m));
    return { file, root: null, diagnostics: [diagnosticAt('EP1006', positionOf(at), directive)] };
  }
  if (doc.contents === null || hasNoText(doc.contents)) return { file, root: null, diagnostics: [] };

  const diagnostics: Diagnostic[] = [];
  const root = new Builder(doc, positionOf, diagnostics).build(doc.contents);
  return { file, root, diagnostics };
}

function yamlProblemMessage(code: string, message: string): string {
  const text = code === 'MULTIPLE_DOCS' ? 'a file holds one document, but a second one starts here' : message;
  return `invalid YAML: ${text}`;
}

class Builder {
  private readonly aliases: Map<Node, Node>;
  /** Collections being built, to refuse an alias that refers to a value containing it. */
  private readonly open = new Set<Node>();
  /** Aliases being expanded, outermost first, and the values they have added so far (MAX_ALIAS_VALUES). */
  private readonly expanding: Position[] = [];
  private expanded = 0;

  constructor(
    doc: Document,
    private readonly positionOf: (offset: number) => Position,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.aliases = aliasTargets(doc);
  }

  build(node: Node, fallback?: Position): PNode {
    const pos = this.positionAt(node, fallback);
    if (this.expanding.length > 0 && ++this.expanded > MAX_ALIAS_VALUES) {
      if (this.expanded === MAX_ALIAS_VALUES + 1) this.refuseExpansion();
      return nullAt(pos);
    }
    if (isAlias(node)) return this.alias(node, pos);
    const tag = tagProblem(node);
    if (tag) this.diagnostics.push(diagnosticAt('EP1007', pos, tag));
    this.open.add(node);
    try {
      if (isMap(node)) return { kind: 'map', pos, entries: this.entries(node.items) };
      if (isSeq(node)) {
        const items = node.items.map((item) => (isNode(item) ? this.build(item, pos) : nullAt(pos)));
        return { kind: 'seq', pos, items };
      }
      return { kind: 'scalar', pos, value: isScalar(node) ? this.scalar(node, pos, tag === null) : null };
    } finally {
      this.open.delete(node);
    }
  }

  private alias(node: Alias, pos: Position): PNode {
    const target = this.aliases.get(node);
    if (!target || this.open.has(target)) {
      const why = target ? 'refers to a value that contains it' : `has no anchor &${node.source} before it`;
      this.diagnostics.push(diagnosticAt('EP1008', pos, `alias *${node.source} ${why}`));
      return nullAt(pos);
    }
    this.expanding.push(pos);
    try {
      return this.build(target, pos);
    } finally {
      this.expanding.pop();
    }
  }

  private refuseExpansion(): void {
    const [outermost] = this.expanding;
    if (!outermost) return;
    const limit = count(MAX_ALIAS_VALUES);
    this.diagnostics.push(
      diagnosticAt(
        'EP1008',
        outermost,
        `the aliases of this file expand to more than ${limit} values, the limit: an anchor repeats a value, it does not multiply a file`,
      ),
    );
  }

  /**
   * A scalar's value; a number only as decimal digits (yaml-numbers.ts), else a problem at its place (`plain`: not
   * already refused for its tag).
   */
  private scalar(node: Scalar, pos: Position, plain: boolean): ScalarValue {
    const value = scalarValue(node.value);
    if (plain && typeof value === 'number' && typeof node.source === 'string') {
      const problem = numberProblem(node.source, value);
      if (problem) this.diagnostics.push(diagnosticAt('EP1007', pos, problem));
    }
    return value;
  }

  private entries(pairs: unknown[]): PEntry[] {
    const seen = new Map<string, PEntry>();
    for (const pair of pairs) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key;
      if (!isScalar(keyNode)) {
        const pos = isNode(keyNode) ? this.positionAt(keyNode) : this.positionOf(0);
        this.diagnostics.push(diagnosticAt('EP1009', pos, 'a key must be a plain name, not a list or a map'));
        continue;
      }
      const key = typeof keyNode.source === 'string' ? keyNode.source : String(keyNode.value);
      const keyPos = this.positionAt(keyNode);
      const tag = tagProblem(keyNode);
      if (tag) this.diagnostics.push(diagnosticAt('EP1007', keyPos, tag));
      const first = seen.get(key);
      if (first) {
        this.diagnostics.push(
          diagnosticAt('EP1010', keyPos, `duplicate key "${key}": also defined at ${where(first.keyPos)}`),
          diagnosticAt('EP1010', first.keyPos, `duplicate key "${key}": also defined at ${where(keyPos)}`),
        );
        continue;
      }
      const value = isNode(pair.value) ? this.build(pair.value, keyPos) : nullAt(keyPos);
      seen.set(key, { key, keyPos, value });
    }
    return [...seen.values()];
  }

  /** An empty value (`www:` with nothing after it) has no text of its own: it is reported at its key. */
  private positionAt(node: Node, fallback?: Position): Position {
    const range = node.range;
    // Stryker disable next-line LogicalOperator: a node read from text always has its range
    if (!range) return fallback ?? this.positionOf(0);
    if (fallback && range[0] === range[1]) return fallback;
    return this.positionOf(range[0]);
  }
}

/** A document with nothing in it (`---` alone) is none, as an empty file is (and as the fast reader reads it). */
function hasNoText(node: Node): boolean {
  // Stryker disable next-line ArrayDeclaration: a node read from text always has its range
  const [start, end] = node.range ?? [];
  return start === end;
}

function nullAt(pos: Position): PNode {
  return { kind: 'scalar', pos, value: null };
}

function scalarValue(value: unknown): ScalarValue {
  if (
    value === null ||
    // Stryker disable next-line ConditionalExpression,StringLiteral: String() of a string is that string
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return value;
  }
  return String(value);
}
