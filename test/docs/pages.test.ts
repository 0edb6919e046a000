import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_USAGE } from '../../src/cli/exit-codes.js';
import { libraryErrorClasses } from '../support/error-classes.js';
import { docPages, links } from './markdown.js';

/** What the docs promise as a whole: a short front door that leads to every page, and pages that stand alone. */

const pages = await docPages();
const page = (path: string) => {
  const found = pages.find((p) => p.path === path);
  if (!found) throw new Error(`no ${path}`);
  return found;
};

describe('the docs', () => {
  it('README is a front door of at most 200 lines, linking every page of docs/', () => {
    const readme = page('README.md');
    expect(readme.text.split('\n').length).toBeLessThanOrEqual(200);
    const linked = new Set(links(readme).map((href) => normalize(href.split('#')[0] ?? '')));
    const unlinked = pages
      .filter((p) => p.path.startsWith('docs/') && !linked.has(p.path))
      .map((p) => p.path);
    expect(unlinked).toEqual([]);
    expect(linked).toContain('CONTRIBUTING.md');
  });

  it('every page is reachable from the README through links', () => {
    const reached = new Set(['README.md']);
    const queue = ['README.md'];
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      for (const href of links(page(path))) {
        const target = normalize(join(dirname(path), href.split('#')[0] ?? ''));
        if (target.endsWith('.md') && pages.some((p) => p.path === target) && !reached.has(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    expect(pages.map((p) => p.path).filter((path) => !reached.has(path))).toEqual([]);
  });

  it('name no tracker numbers: they mean nothing to a reader', () => {
    const found = pages.flatMap((p) =>
      [...p.text.matchAll(/\bissues? #?\d+\b|\(#\d+\)/gi)].map((m) => `${p.path}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('troubleshooting explains every error class a library call can throw', async () => {
    const text = page('docs/troubleshooting.md').text;
    const names = await libraryErrorClasses();
    expect(names.length).toBeGreaterThan(35);
    expect(names.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
  });

  it('the command line page documents the usage exit code', () => {
    expect(page('docs/cli.md').text).toContain(`| ${EXIT_USAGE} | a usage error`);
  });
});
