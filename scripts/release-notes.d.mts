// Types of release-notes.mjs, for its tests (TypeScript).

export interface Release {
  version: string;
  date: string;
  body: string;
}
/** Each dated release section of a changelog, in the order it lists them. */
export function releases(changelog: string): Release[];
/** The notes of `version`, or why there are none. */
export function releaseNotes(
  changelog: string,
  version: string,
  packageVersion: string,
): { notes: string } | { problem: string };
