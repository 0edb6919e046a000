import { readFileSync } from 'node:fs';

/** The package version; src/cli and dist/cli both sit two levels below package.json. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
