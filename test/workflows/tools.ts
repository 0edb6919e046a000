/** Stub `gh` and `npm` on PATH for workflow runs (tool-stub.mjs): canned answers in, recorded calls out. */

import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const STUB = new URL('./tool-stub.mjs', import.meta.url).pathname;

export interface Answer {
  tool: 'gh' | 'npm';
  /** A regex on the arguments joined by spaces; the first answer that matches is used. */
  match: string;
  json?: unknown;
  stdout?: string;
  stderr?: string;
  exit?: number;
}

export interface Call {
  tool: string;
  args: string[];
  /** Contents of the files the call was given (`-F body=@file`, `--body-file file`), by path. */
  files: Record<string, string>;
  /** Names of credential-like variables in the tool's environment. */
  env: string[];
}

export interface Tools {
  /** Goes first on PATH. */
  bin: string;
  /** Artifacts by run id and name, as `<artifacts>/<run>/<name>/`. */
  artifacts: string;
  answer(answers: Answer[]): Promise<void>;
  calls(tool?: string): Promise<Call[]>;
  /** Every file body given to gh calls whose arguments match `pattern`. */
  bodies(pattern: RegExp): Promise<string[]>;
}

export async function makeTools(root: string): Promise<Tools> {
  const bin = join(root, 'bin');
  const state = join(root, 'state');
  const artifacts = join(state, 'artifacts');
  await mkdir(bin, { recursive: true });
  await mkdir(artifacts, { recursive: true });
  await writeFile(join(state, 'calls.jsonl'), '');
  for (const tool of ['gh', 'npm']) {
    await writeFile(join(bin, tool), `#!/bin/sh\nexec node '${STUB}' '${state}' ${tool} "$@"\n`);
    await chmod(join(bin, tool), 0o755);
  }
  const calls = async (tool?: string): Promise<Call[]> =>
    (await readFile(join(state, 'calls.jsonl'), 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line): Call => JSON.parse(line))
      .filter((call) => tool === undefined || call.tool === tool);
  return {
    bin,
    artifacts,
    answer: (answers) => writeFile(join(state, 'answers.json'), JSON.stringify(answers)),
    calls,
    async bodies(pattern) {
      return (await calls('gh'))
        .filter((call) => pattern.test(call.args.join(' ')))
        .flatMap((call) => Object.values(call.files));
    },
  };
}

/** `gh …` lines, arguments joined by spaces, for readable assertions on what a workflow asked GitHub. */
export function ghLines(calls: Call[]): string[] {
  return calls.filter((call) => call.tool === 'gh').map((call) => call.args.join(' '));
}
