/**
 * "Did you mean" for names that are not found: the candidates nearest to `wanted`, compared case-insensitively by
 * optimal-string-alignment distance (Levenshtein plus swapping two neighbours, the commonest typo). A candidate is
 * close when its distance is at most a third of the longer name (at least 2), or when one name contains the other
 * (`google` → `Googlebot`). Nearest first, then by name; at most `max`.
 */
export function closestNames(wanted: string, candidates: readonly string[], max = 3): string[] {
  const target = wanted.toLowerCase();
  const scored = [...new Set(candidates)].flatMap((name) => {
    const lower = name.toLowerCase();
    const distance = osaDistance(target, lower);
    const near = distance <= Math.max(2, Math.floor(Math.max(target.length, lower.length) / 3));
    const contains = target.length >= 3 && (lower.includes(target) || target.includes(lower));
    return near || contains ? [{ name, distance }] : [];
  });
  scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, max).map((s) => s.name);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions cost 1. */
export function osaDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  const at = (i: number, j: number) => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
}
