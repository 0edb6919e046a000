import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, type DocPage, docPages, links, pageOf } from './markdown.js';

/** Every relative link of the docs reaches a file or folder of the repository, and every anchor a heading there. */

const pages = await docPages();
const byPath = new Map(pages.map((page) => [page.path, page]));
/** Each page's anchors, made once: a page is linked to hundreds of times. */
const anchorsByPage = new Map<DocPage, Set<string>>();

function anchorsOf(page: DocPage): Set<string> {
  const made = anchorsByPage.get(page) ?? anchors(page);
  anchorsByPage.set(page, made);
  return made;
}

function broken(page: DocPage): string[] {
  return links(page).flatMap((href) => {
    if (/^[a-z]+:/i.test(href)) return [];
    const [path = '', anchor] = href.split('#');
    const target = path === '' ? page.path : normalize(join(dirname(page.path), decodeURI(path)));
    const linked = path === '' ? page : byPath.get(target);
    if (!linked && !existsSync(target)) return [`${href}: no ${target}`];
    if (anchor === undefined) return [];
    if (!linked) return [`${href}: an anchor into ${target}, which is not a doc page`];
    return anchorsOf(linked).has(anchor) ? [] : [`${href}: no heading #${anchor} in ${target}`];
  });
}

describe('links in the docs', () => {
  it('there are pages and links to check', () => {
    expect(pages.length).toBeGreaterThan(15);
    expect(pages.flatMap(links).length).toBeGreaterThan(100);
  });

  it.each(pages.map((page) => [page.path, page] as const))(
    '%s: every relative link and anchor resolves',
    (_, page) => {
      expect(broken(page)).toEqual([]);
    },
  );

  it('the check finds a missing file, a missing anchor there and on the page itself', () => {
    const probe = pageOf(
      'docs/probe.md',
      '# Probe page\n\n[a](missing.md) [b](cli.md#no-such-heading) [c](cli.md#exit-codes) [d](#probe-page) ' +
        '[e](#elsewhere) [f](https://example.com/x.md) [g](../src/cli)\n',
    );
    expect(broken(probe)).toEqual([
      'missing.md: no docs/missing.md',
      'cli.md#no-such-heading: no heading #no-such-heading in docs/cli.md',
      '#elsewhere: no heading #elsewhere in docs/probe.md',
    ]);
  });
});
