import {
  boolCoreTag,
  EVENT_ID,
  type Event,
  floatCoreTag,
  getScalarValue,
  intCoreTag,
  NOT_RESOLVED,
  nullCoreTag,
  parseEvents,
  SCALAR_STYLE,
  type ScalarEvent,
  type ScalarTagDefinition,
} from 'js-yaml';
import type { Diagnostic } from '../../model/diagnostic.js';
import { diagnosticAt, type PEntry, type PNode, type Position, type ScalarValue } from './positioned.js';
import { numberProblem } from './yaml-numbers.js';

/**
 * The fast reader of a desired-state file: js-yaml's event stream (offsets into the text, no document tree),
 * turned into positioned values in one pass, each line and column counted once. It reads what desired state is
 * written in: maps, lists, plain and quoted scalars. Anything else returns null, and the full reader
 * (parse-yaml.ts, the `yaml` package: every syntax error of a file at once, anchors and aliases, tags, directives,
 * repeated keys named at both places) reads the file instead, with the diagnostics it always gave:
 * - a syntax error, or more than one document;
 * - an anchor, an alias, a tag, a `%` directive;
 * - a key that is not a scalar, an empty key, a repeated key;
 * - a block scalar (`|`, `>`), whose position is its indicator's.
 * Where both read a file, they give the same values at the same places (test/config/read/fast-yaml.test.ts compares them
 * on every file of the repository and on generated ones). Plain scalars resolve by the YAML 1.2 core schema, as the
 * full reader does; a number not written in decimal digits is reported where it is, as there.
 */
export interface FastParse {
  root: PNode | null;
  diagnostics: Diagnostic[];
}

export function fastParseYaml(file: string, text: string): FastParse | null {
  let events: Event[];
  try {
    events = parseEvents(text, {});
  } catch {
    return null;
  }
  const [document] = events;
  if (document?.type !== EVENT_ID.DOCUMENT || document.directives.length > 0) return null;
  if (events.filter((event) => event.type === EVENT_ID.DOCUMENT).length !== 1) return null;
  const reader = new EventReader(events, text, file);
  try {
    const root = reader.node(undefined);
    // Stryker disable next-line OptionalChaining: js-yaml ends a lone document right after its root
    if (events[reader.next]?.type !== EVENT_ID.POP) return null;
    return { root: isEmpty(events[1]) ? null : root, diagnostics: reader.diagnostics };
  } catch (error) {
    if (error instanceof NeedsFullReader) return null;
    throw error;
  }
}

/** Thrown inside the reader for what only the full reader reads; never escapes fastParseYaml. */
class NeedsFullReader extends Error {}

/** Maps with more entries than this find a repeated key through a set of their keys, not by a scan. */
const SCANNED_KEYS = 8;

class EventReader {
  next = 1;
  readonly diagnostics: Diagnostic[] = [];
  private readonly lines: LineCursor;
  /**
   * Items and entries read whose collection is still being read, innermost last: each collection takes its own
   * off the end, so its list has exactly their length (a list grown by pushes keeps room for 17: a record's map and
   * list hold one each). What lies below a collection's first is never read by it.
   */
  // Stryker disable next-line ArrayDeclaration: see above, an element below every collection's first is never read
  private readonly items: PNode[] = [];
  // Stryker disable next-line ArrayDeclaration: as for items
  private readonly entries: PEntry[] = [];

  constructor(
    private readonly events: readonly Event[],
    private readonly text: string,
    file: string,
  ) {
    this.lines = new LineCursor(text, file);
  }

  /** The node at `next`; an empty scalar is placed at `fallback` (its key, its list), as the full reader does. */
  node(fallback: Position | undefined): PNode {
    const event = this.events[this.next++];
    // Stryker disable next-line LogicalOperator: js-yaml's stream has a node wherever one is read (an empty scalar for an empty value)
    if (!event || event.type === EVENT_ID.DOCUMENT || event.type === EVENT_ID.POP)
      throw new NeedsFullReader();
    if (event.type === EVENT_ID.ALIAS || event.anchorStart !== -1 || event.tagStart !== -1)
      throw new NeedsFullReader();
    if (event.type === EVENT_ID.SCALAR) return this.scalar(event, fallback);
    const pos = this.lines.at(event.start);
    if (event.type === EVENT_ID.SEQUENCE) {
      const first = this.items.length;
      // Stryker disable next-line OptionalChaining: a collection's events always end with its POP
      while (this.events[this.next]?.type !== EVENT_ID.POP) {
        const item = this.node(pos);
        this.items.push(item);
      }
      this.next++;
      return { kind: 'seq', pos, items: this.items.splice(first) };
    }
    const first = this.entries.length;
    let keys: Set<string> | undefined;
    // Stryker disable next-line OptionalChaining: a collection's events always end with its POP
    while (this.events[this.next]?.type !== EVENT_ID.POP) {
      const keyEvent = this.events[this.next++];
      // Stryker disable next-line OptionalChaining: the loop reads a key only where the map has one (not at its POP)
      if (keyEvent?.type !== EVENT_ID.SCALAR || keyEvent.anchorStart !== -1 || keyEvent.tagStart !== -1)
        throw new NeedsFullReader();
      if (keyEvent.valueStart === -1 || isBlock(keyEvent)) throw new NeedsFullReader();
      const key = getScalarValue(this.text, keyEvent);
      // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: a speed choice; the scan and the set find the same keys
      if (this.entries.length - first > SCANNED_KEYS) {
        keys ??= new Set(this.entries.slice(first).map((entry) => entry.key));
        if (keys.has(key)) throw new NeedsFullReader();
        keys.add(key);
      } else if (this.readBefore(first, key)) throw new NeedsFullReader();
      const keyPos = this.lines.at(startOf(keyEvent));
      const value = this.node(keyPos);
      this.entries.push({ key, keyPos, value });
    }
    this.next++;
    return { kind: 'map', pos, entries: this.entries.splice(first) };
  }

  /** Whether the map whose entries start at `first` has read `key` already. */
  private readBefore(first: number, key: string): boolean {
    // Stryker disable next-line EqualityOperator,OptionalChaining: past the end there is no entry, before it always one
    for (let at = first; at < this.entries.length; at++) if (this.entries[at]?.key === key) return true;
    return false;
  }

  private scalar(event: ScalarEvent, fallback: Position | undefined): PNode {
    if (isEmpty(event)) return { kind: 'scalar', pos: fallback ?? this.lines.at(0), value: null };
    if (isBlock(event)) throw new NeedsFullReader();
    const pos = this.lines.at(startOf(event));
    const text = getScalarValue(this.text, event);
    const value = event.style === SCALAR_STYLE.PLAIN ? corePlain(text) : text;
    if (typeof value === 'number') {
      const problem = numberProblem(text, value);
      if (problem) this.diagnostics.push(diagnosticAt(pos, problem));
    }
    return { kind: 'scalar', pos, value };
  }
}

/** An empty scalar: no text (`www:` with nothing after it). */
function isEmpty(event: Event | undefined): boolean {
  // Stryker disable next-line OptionalChaining: the root's event is there once a root was read, a scalar's always
  return event?.type === EVENT_ID.SCALAR && event.valueStart === -1;
}

function isBlock(event: ScalarEvent): boolean {
  return event.style === SCALAR_STYLE.LITERAL_BLOCK || event.style === SCALAR_STYLE.FOLDED_BLOCK;
}

/** Where a scalar is written: its opening quote, for a quoted one. */
function startOf(event: ScalarEvent): number {
  return event.style === SCALAR_STYLE.PLAIN ? event.valueStart : event.valueStart - 1;
}

/** The core schema's implicit tags, in its order of resolution. */
const CORE_TAGS: readonly ScalarTagDefinition<ScalarValue>[] = [
  nullCoreTag,
  boolCoreTag,
  intCoreTag,
  floatCoreTag,
];

/** A plain scalar's value by the YAML 1.2 core schema: null, a boolean, a number, or the text. */
function corePlain(text: string): ScalarValue {
  for (const tag of CORE_TAGS) {
    const value = tag.resolve(text, false, tag.tagName);
    if (value !== NOT_RESOLVED) return value;
  }
  return text;
}

/**
 * Line and column of offsets met in increasing order (document order), counted in one pass over the text: each
 * newline is passed once. An offset behind the last one (none in document order) starts the count again.
 */
class LineCursor {
  private line = 1;
  private lineStart = 0;
  private scanned = 0;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  at(offset: number): Position {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: the reader asks in document order, so no offset is behind
    if (offset < this.scanned) {
      this.line = 1;
      this.lineStart = 0;
      this.scanned = 0;
    }
    for (let nl = this.text.indexOf('\n', this.scanned); nl !== -1 && nl < offset; ) {
      this.line++;
      this.lineStart = nl + 1;
      nl = this.text.indexOf('\n', nl + 1);
    }
    this.scanned = offset;
    return { file: this.file, line: this.line, col: offset - this.lineStart + 1 };
  }
}
