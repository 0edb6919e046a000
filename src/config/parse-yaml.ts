import {
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
} from 'yaml';
import type { Diagnostic } from '../model/diagnostic.js';
import {
  diagnosticAt,
  type PEntry,
  type PNode,
  type Position,
  type ScalarValue,
  where,
} from './positioned.js';

export interface ParsedFile {
  file: string;
  /** `null` for an empty file, and for a file with YAML errors (it then contributes only those errors). */
  root: PNode | null;
  diagnostics: Diagnostic[];
}

/**
 * Parses one YAML file into positioned values. `file` is the path diagnostics show.
 *
 * `uniqueKeys` is off on purpose: the builder below detects repeated keys itself so that it can name both places,
 * which the parser's own DUPLICATE_KEY error cannot.
 */
export function parseYamlFile(file: string, text: string): ParsedFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false });
  const positionOf = (offset: number): Position => ({ file, ...lineCounter.linePos(offset) });

  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    const diagnostics = problems.map((problem) =>
      diagnosticAt(positionOf(problem.pos[0]), yamlProblemMessage(problem.code, problem.message)),
    );
    return { file, root: null, diagnostics };
  }
  if (doc.contents === null) return { file, root: null, diagnostics: [] };

  const diagnostics: Diagnostic[] = [];
  const root = new Builder(doc, positionOf, diagnostics).build(doc.contents);
  return { file, root, diagnostics };
}

function yamlProblemMessage(code: string, message: string): string {
  const text = code === 'MULTIPLE_DOCS' ? 'a file holds one document, but a second one starts here' : message;
  return `invalid YAML: ${text}`;
}

class Builder {
  constructor(
    private readonly doc: Document,
    private readonly positionOf: (offset: number) => Position,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** Collections being built, to refuse an alias that refers to a value containing it. */
  private readonly open = new Set<Node>();

  build(node: Node, fallback?: Position): PNode {
    const pos = this.positionAt(node, fallback);
    if (isAlias(node)) {
      const target = node.resolve(this.doc);
      if (target && !this.open.has(target)) return this.build(target, pos);
      this.diagnostics.push(diagnosticAt(pos, `alias *${node.source} refers to a value that contains it`));
      return nullAt(pos);
    }
    this.open.add(node);
    try {
      if (isMap(node)) return { kind: 'map', pos, entries: this.entries(node.items) };
      if (isSeq(node)) {
        const items = node.items.map((item) => (isNode(item) ? this.build(item, pos) : nullAt(pos)));
        return { kind: 'seq', pos, items };
      }
      return { kind: 'scalar', pos, value: isScalar(node) ? scalarValue(node.value) : null };
    } finally {
      this.open.delete(node);
    }
  }

  private entries(pairs: unknown[]): PEntry[] {
    const seen = new Map<string, PEntry>();
    for (const pair of pairs) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key;
      if (!isScalar(keyNode)) {
        const pos = isNode(keyNode) ? this.positionAt(keyNode) : this.positionOf(0);
        this.diagnostics.push(diagnosticAt(pos, 'a key must be a plain name, not a list or a map'));
        continue;
      }
      const key = typeof keyNode.source === 'string' ? keyNode.source : String(keyNode.value);
      const keyPos = this.positionAt(keyNode);
      const first = seen.get(key);
      if (first) {
        this.diagnostics.push(
          diagnosticAt(keyPos, `duplicate key "${key}": also defined at ${where(first.keyPos)}`),
          diagnosticAt(first.keyPos, `duplicate key "${key}": also defined at ${where(keyPos)}`),
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
    if (!range) return fallback ?? this.positionOf(0);
    if (fallback && range[0] === range[1]) return fallback;
    return this.positionOf(range[0]);
  }
}

function nullAt(pos: Position): PNode {
  return { kind: 'scalar', pos, value: null };
}

function scalarValue(value: unknown): ScalarValue {
  if (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return value;
  }
  return String(value);
}
