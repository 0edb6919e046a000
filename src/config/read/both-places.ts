import type { Diagnostic } from '../../model/diagnostic.js';
import { diagnosticAt, type PEntry, type Position, where } from './positioned.js';

/** One of two places that say the same thing: `text` is how each place spells it. */
export interface Place {
  text: string;
  pos: Position;
}

/** A map entry as a place: its key as written, at the key. */
export function entryPlace(entry: PEntry): Place {
  return { text: entry.key, pos: entry.keyPos };
}

/** A duplicate is reported at both places, each message naming the other place. */
export function bothPlaces(a: Place, b: Place, message: (self: Place, other: Place) => string): Diagnostic[] {
  return [diagnosticAt(a.pos, message(a, b)), diagnosticAt(b.pos, message(b, a))];
}

export function namedTwice(what: string, context = '') {
  return (self: Place, other: Place) => {
    const spelling = self.text === other.text ? '' : ` as "${other.text}"`;
    return `${what} "${self.text}"${context} is also defined at ${where(other.pos)}${spelling}`;
  };
}
