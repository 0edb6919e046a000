/**
 * The user docs as the docs tests read them: which pages there are, their headings' anchors (as GitHub makes them),
 * their links, and the commands in their shell blocks. Markdown is lexed by `marked`, anchors made by
 * `github-slugger` and shell lines split by `shell-quote`, the libraries GitHub's own rendering agrees with.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, type Token } from 'marked';
import { parse as parseShell } from 'shell-quote';

export interface DocPage {
  /** Relative to the repository root, e.g. `docs/cli.md`. */
  path: string;
  text: string;
  tokens: Token[];
}

/** A command of a shell block: `edgeplan ARGS` (also run through npx) or `npm ARGS`. */
export interface DocCommand {
  page: string;
  line: string;
  program: 'edgeplan' | 'npm';
  args: string[];
  /** The `# exit N` its line ends with, if any. */
  exit?: number;
  /** Run through `npx` (`npx edgeplan`, `npx --no-install edgeplan`), not as a program on PATH. */
  npx: boolean;
}

/** README.md, CONTRIBUTING.md and every page under docs/. */
export async function docPages(): Promise<DocPage[]> {
  const docs = (await readdir('docs', { recursive: true, encoding: 'utf8' }))
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file));
  const paths = ['README.md', 'CONTRIBUTING.md', ...docs.sort()];
  return Promise.all(paths.map(async (path) => pageOf(path, await readFile(path, 'utf8'))));
}

export function pageOf(path: string, text: string): DocPage {
  return { path, text, tokens: new Lexer().lex(text) };
}

/** The anchors of a page's headings, as GitHub makes them (`## Exit codes` → `exit-codes`). */
export function anchors(page: DocPage): Set<string> {
  const slugger = new GithubSlugger();
  return new Set(all(page.tokens).flatMap((t) => (t.type === 'heading' ? [slugger.slug(plain(t))] : [])));
}

/** Every link target of a page, inline and in tables. */
export function links(page: DocPage): string[] {
  return all(page.tokens).flatMap((t) => (t.type === 'link' && 'href' in t ? [String(t.href)] : []));
}

const SHELL = new Set(['sh', 'bash', 'shell', 'console']);
const SEPARATORS = new Set(['&&', '||', ';', '|', '&', '(', ')', '<(']);
const REDIRECTS = new Set(['>', '>>', '<', '>&', '2>']);

/** The commands of a page's shell blocks, in order. */
export function commands(page: DocPage): DocCommand[] {
  const blocks = all(page.tokens).flatMap((t) =>
    t.type === 'code' && 'lang' in t && SHELL.has(String(t.lang)) ? [String(t.text)] : [],
  );
  return blocks.flatMap((block) =>
    block
      .replace(/\\\n/g, ' ')
      .split('\n')
      .flatMap((line) => lineCommands(page.path, line.replace(/^\$ /, ''))),
  );
}

function lineCommands(page: string, line: string): DocCommand[] {
  const segments: string[][] = [[]];
  let exit: number | undefined;
  let redirected = false;
  for (const entry of parseShell(line, (name) => `$${name}`)) {
    if (typeof entry === 'string' || 'pattern' in entry) {
      const word = typeof entry === 'string' ? entry : entry.pattern;
      if (!redirected) segments.at(-1)?.push(word);
      redirected = false;
    } else if ('comment' in entry) {
      const code = /\bexit (\d+)/.exec(entry.comment)?.[1];
      if (code !== undefined) exit = Number(code);
    } else if (SEPARATORS.has(entry.op)) segments.push([]);
    else if (REDIRECTS.has(entry.op)) redirected = true;
  }
  const found = segments.flatMap((words) => command(page, line, words));
  const last = found.at(-1);
  if (last && exit !== undefined) last.exit = exit;
  return found;
}

function command(page: string, line: string, given: string[]): DocCommand[] {
  const words = given.slice(given.findIndex((word) => !/^\w+=/.test(word)));
  const npx = words[0] === 'npx';
  if (npx) words.splice(0, words[1] === '--no-install' ? 2 : 1);
  const [program, ...args] = words;
  if (program === 'edgeplan' || program === 'npm') return [{ page, line, program, args, npx }];
  return [];
}

/** Every token, nested ones (list items, table cells, links inside text) included. */
function all(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) => [token, ...all(children(token))]);
}

function children(token: Token): Token[] {
  const nested: Token[] = [];
  if ('tokens' in token && Array.isArray(token.tokens)) nested.push(...token.tokens);
  if ('items' in token && Array.isArray(token.items)) nested.push(...token.items);
  if (token.type === 'table' && 'header' in token && 'rows' in token) {
    for (const cell of [...token.header, ...token.rows.flat()]) nested.push(...cell.tokens);
  }
  return nested;
}

/** A heading's text without its markdown, as GitHub slugs it. */
function plain(token: Token): string {
  return 'text' in token ? String(token.text).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') : '';
}
