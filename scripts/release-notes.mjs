// `node scripts/release-notes.mjs [VERSION]`: the CHANGELOG.md section of a release (default: package.json's
// version), without its heading: the notes of its GitHub release (docs/releasing.md). Exits 1, saying why, when
// CHANGELOG.md has no dated section for that version, or when package.json's version is not the newest release.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Each `## [X.Y.Z] - YYYY-MM-DD` section, newest first, as CHANGELOG.md lists them: version, date, body. */
export function releases(changelog) {
  return [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map((m) => {
    const rest = changelog.slice((m.index ?? 0) + m[0].length);
    const end = rest.search(/^(## |\[[^\]]+\]: )/m);
    return { version: m[1], date: m[2], body: (end === -1 ? rest : rest.slice(0, end)).trim() };
  });
}

/** The notes of `version`, or why there are none. */
export function releaseNotes(changelog, version, packageVersion) {
  const all = releases(changelog);
  const release = all.find((r) => r.version === version);
  if (!release) return { problem: `CHANGELOG.md has no section "## [${version}] - YYYY-MM-DD"` };
  if (all[0]?.version !== packageVersion)
    return { problem: `package.json's version ${packageVersion} is not the newest release of CHANGELOG.md` };
  return { notes: `${release.body}\n` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { version: packageVersion } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  const changelog = await readFile(join(ROOT, 'CHANGELOG.md'), 'utf8');
  const result = releaseNotes(changelog, process.argv[2] ?? packageVersion, packageVersion);
  if ('problem' in result) {
    process.stderr.write(`release-notes: ${result.problem}\n`);
    process.exit(1);
  }
  process.stdout.write(result.notes);
}
