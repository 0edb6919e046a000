import { readFileSync } from 'node:fs';
import { parsePlanFile } from '../../../src/plan/index.js';
import { DYN_WAF_OP_SCHEMAS } from './op-schemas.js';
import { refusalProblems } from './refusal-problems.js';

/** The version 1 plan file of fixtures/ (see its README), read and edited as the version 1 tests need. */
export const V1_TEXT = readFileSync(new URL('../fixtures/plan-v1.json', import.meta.url), 'utf8');

export interface V1Step {
  id: string;
  target: string;
  ops: Record<string, unknown>[];
}
export interface V1Json {
  steps: V1Step[];
  zones: Record<string, unknown>[];
  waf: Record<string, unknown>;
  fingerprints: { desired: string; targets: Record<string, unknown>[] };
}

export const readV1 = (text = V1_TEXT) => parsePlanFile(text, 'plan-v1.json', DYN_WAF_OP_SCHEMAS);

/** The fixture's text after `edit`, as someone would edit the JSON by hand. */
export function editedV1(edit: (json: V1Json) => void): string {
  const json = JSON.parse(V1_TEXT);
  edit(json);
  return JSON.stringify(json);
}

/** The problems a refusal lists (one a line after its heading); none when the text is read. */
export function v1Problems(text: string): string[] {
  return refusalProblems(() => readV1(text));
}

export function at<T>(items: readonly T[], index: number): T {
  const item = items.at(index);
  if (item === undefined) throw new Error(`no item ${index} in the fixture`);
  return item;
}
