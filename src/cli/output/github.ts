import { appendFile } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { errorText } from '../../config/read/find-files.js';
import { type Diagnostic, isWarning } from '../../model/diagnostic.js';
import { printable } from '../../model/text.js';
import type { CliIo } from '../io.js';

/**
 * GitHub Actions integration, from the environment the runner sets:
 * - `GITHUB_ACTIONS=true`: each problem in the desired state is also printed as a workflow command,
 *   `::error file=…,line=…,col=…::EP1007 message` (`::warning` for a warning), on stdout (the runner reads workflow commands there and on stderr;
 *   stderr when stdout carries JSON), so it shows inline on the pull request; file paths are made relative to
 *   `GITHUB_WORKSPACE` (the repository root);
 * - `GITHUB_STEP_SUMMARY`: the markdown of `plan` and `drift` is appended to that file (the job's summary).
 */
export function reportAnnotations(
  diagnostics: readonly Diagnostic[],
  io: CliIo,
  write: (text: string) => void = io.stdout,
): void {
  if (io.env.GITHUB_ACTIONS !== 'true') return;
  for (const d of diagnostics) {
    const file = workspacePath(d.file, io);
    const level = isWarning(d) ? 'warning' : 'error';
    // A message may quote a live name or value: escaped as the text output shows it, then for the runner.
    write(
      `::${level} file=${property(printable(file))},line=${d.line},col=${d.col}::${d.code} ${data(printable(d.message))}\n`,
    );
  }
}

/** Appends the markdown `summary` makes to the job summary; made only when the job has one. */
export async function appendStepSummary(summary: () => string | Promise<string>, io: CliIo): Promise<void> {
  const path = io.env.GITHUB_STEP_SUMMARY;
  if (!path) return;
  const markdown = await summary();
  // The summary is a courtesy: a runner that cannot take it (a full disk, a removed file) does not fail the command.
  try {
    await appendFile(path, markdown.endsWith('\n') ? `${markdown}\n` : `${markdown}\n\n`);
  } catch (error) {
    io.stderr(`warning: could not append to GITHUB_STEP_SUMMARY (${path}): ${errorText(error)}\n`);
  }
}

function workspacePath(file: string, io: CliIo): string {
  const root = io.env.GITHUB_WORKSPACE ?? io.cwd;
  if (!isAbsolute(file)) return file;
  const inside = relative(root, file);
  return inside.startsWith('..') || isAbsolute(inside) ? file : inside;
}

/** Escaping of the runner's command parser (actions/toolkit `escapeData` / `escapeProperty`). */
function data(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function property(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
