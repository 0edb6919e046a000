/**
 * `a/*.test.ts,b/{c,d}.test.ts` → `['a/*.test.ts', 'b/{c,d}.test.ts']`: a comma-separated list of globs, split only
 * at the commas outside braces, so that a brace alternation (`{ask,wait}`) stays one glob (EDGEPLAN_MUTATION_TESTS).
 */
export function globList(text) {
  const globs = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') depth = Math.max(0, depth - 1);
    else if (text[i] === ',' && depth === 0) {
      globs.push(text.slice(start, i));
      start = i + 1;
    }
  }
  globs.push(text.slice(start));
  return globs.filter(Boolean);
}
