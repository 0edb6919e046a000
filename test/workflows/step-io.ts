/** A `run:` step's process and the files the runner reads after it: outputs and workflow commands. */

import { spawn } from 'node:child_process';

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  properties: string;
  message: string;
}

/** `shell: bash` as GitHub runs it: `bash --noprofile --norc -eo pipefail FILE`, stdout and stderr as one log. */
export function bash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code: code ?? 1, output });
    });
  });
}

/** `name=value` lines and `name<<DELIMITER` blocks, as the runner reads GITHUB_OUTPUT. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block?.[1] && block[2]) {
      const end = lines.indexOf(block[2], i + 1);
      outputs[block[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

const LEVELS: readonly Annotation['level'][] = ['error', 'warning', 'notice'];

/** The workflow commands that become annotations, `::error file=…,line=…::message`, from a step's output. */
export function parseAnnotations(log: string): Annotation[] {
  return [...log.matchAll(/^::(\w+)(?: (.*?))?::(.*)$/gm)].flatMap((m) => {
    const level = LEVELS.find((l) => l === m[1]);
    return level ? [{ level, properties: (m[2] ?? '').trim(), message: m[3] ?? '' }] : [];
  });
}
