import { compareStrings } from './compare.js';

/**
 * "Did you mean" for names that are not found: the candidates nearest to `wanted`, compared case-insensitively by
 * optimal-string-alignment distance (Levenshtein plus swapping two neighbours, the commonest typo). A candidate is
 * close when its distance is at most a third of the longer name (at least `slack`: 2 by default, 1 where names are
 * as short as `mx` and `ns`, which any other two letters are 2 away from), or when one name contains the other
 * (`google` → `Googlebot`). Nearest first, then by name; at most `max`.
 */
export function closestNames(wanted: string, candidates: readonly string[], max = 3, slack = 2): string[] {
  const target = wanted.toLowerCase();
  const scored = [...new Set(candidates)].flatMap((name) => {
    const lower = name.toLowerCase();
    const distance = osaDistance(target, lower);
    const near = distance <= Math.max(slack, Math.floor(Math.max(target.length, lower.length) / 3));
    const contains = target.length >= 3 && (lower.includes(target) || target.includes(lower));
    return near || contains ? [{ name, distance }] : [];
  });
  scored.sort((a, b) => a.distance - b.distance || compareStrings(a.name, b.name));
  return scored.slice(0, max).map((s) => s.name);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions cost 1. */
export function osaDistance(a: string, b: string): number {
  // Row i holds the distances of a's first i letters to each prefix of b; only the last two rows are kept. The
  // row two up is read from row 2 on, so its first value is never used.
  let up = Array.from({ length: b.length + 1 }, (_, j) => j);
  let twoUp = up;
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(cell(up, j) + 1, cell(row, j - 1) + 1, cell(up, j - 1) + cost);
      // A swap of neighbours. At the first letter of either string a[-1] or b[-1] is undefined: no swap.
      if (a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, cell(twoUp, j - 2) + 1);
      row.push(best);
    }
    twoUp = up;
    up = row;
  }
  return cell(up, b.length);
}

/** Every cell read is set; the fallback only satisfies the index type. */
const cell = (row: readonly number[], j: number): number => row[j] ?? 0;
