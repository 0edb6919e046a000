import { expect, it } from 'vitest';
import { BAD, problems, RECORD_SET_KEYS, TOP_LEVEL_KEYS } from './helpers.js';

it('reports every problem of a file at once, schema and rule problems together, sorted by position', async () => {
  const file = `${BAD}/multi-problem.yaml`;
  expect(await problems(file)).toEqual([
    `${file}:5:29: EP1104 record "www" A: "999.0.0.1" is not an IPv4 address`,
    `${file}:5:46: EP1103 ttl must be an integer between 1 and 2147483647, got 0`,
    `${file}:6:29: EP1108 record "api" A: value 192.0.2.5 is listed twice: also at ${file}:6:18`,
    `${file}:6:41: EP1101 unknown key "tll" in record "api"; did you mean ttl? (expected ${RECORD_SET_KEYS})`,
    `${file}:7:7: EP1106 record name "www.other.org." is not inside zone "example.com"`,
    `${file}:8:7: EP1502 record "_acme-challenge" matches unmanaged glob "_acme-challenge*" of its zone; a name cannot be both managed and unmanaged`,
    `${file}:10:3: EP1106 zone name "exa_mple..org" is not valid: it has an empty label (two dots in a row, or a leading dot)`,
    `${file}:12:17: EP1103 a must list at least one A value, got an empty list`,
    `${file}:13:1: EP1101 unknown key "colour" at the top level (expected ${TOP_LEVEL_KEYS})`,
  ]);
});
