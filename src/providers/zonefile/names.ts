/**
 * Domain names as a zone file writes them (RFC 1035 §5.1): absolute when they end in an unescaped dot, `@` for the
 * current origin, anything else relative to it. Names keep their escapes (`a\.b`, `\065`): only the reader of a
 * record type decides what it accepts.
 */

/** The root origin, as `absoluteName` takes and gives origins: absolute, with the trailing dot. */
export const ROOT = '.';

/** `name` made absolute against `origin` (absolute, trailing dot): `@` is the origin, `.` the root. */
export function absoluteName(name: string, origin: string): string {
  if (name === '@') return origin;
  if (isAbsolute(name)) return name;
  return origin === ROOT ? `${name}.` : `${name}.${origin}`;
}

/** Ends in a dot that is not escaped (`a\.` is relative: its dot belongs to the label). */
export function isAbsolute(name: string): boolean {
  if (!name.endsWith('.')) return false;
  const backslashes = /\\*$/.exec(name.slice(0, -1))?.[0].length ?? 0;
  return backslashes % 2 === 0;
}

/** An absolute name (trailing dot) as the model names it: lower case, no trailing dot (the root: empty). */
export function modelName(absolute: string): string {
  return absolute === ROOT ? '' : absolute.slice(0, -1).toLowerCase();
}

/**
 * The labels of an absolute name, root first (`www.example.com.` → `com`, `example`, `www`), split at unescaped
 * dots, lower case: the key of DNS's canonical order (RFC 4034 §6.1) as zone files are usually sorted.
 */
export function reversedLabels(absolute: string): string[] {
  const labels: string[] = [];
  let current = '';
  for (let i = 0; i < absolute.length; i++) {
    const c = absolute.charAt(i);
    if (c === '\\') {
      current += absolute.slice(i, i + 2);
      i += 1;
    } else if (c === '.') {
      if (current !== '') labels.push(current.toLowerCase());
      current = '';
    } else current += c;
  }
  if (current !== '') labels.push(current.toLowerCase());
  return labels.reverse();
}
