import { type LoadOptions, loadDesiredState } from '../config/index.js';
import { formatDiagnostic } from '../model/diagnostic.js';
import type { DesiredState } from '../model/dns.js';
import { plural } from '../model/text.js';
import type { PlanProblemsError } from '../plan/index.js';
import { DYN_CAPABILITIES, DYN_PROVIDER } from '../providers/dyn/index.js';
import { reportAnnotations } from './github.js';
import type { CliIo } from './io.js';

/** The CLI's one DNS provider: what it supports is checked at validation, before any call. */
export const DNS_CAPABILITIES: LoadOptions = { capabilities: DYN_CAPABILITIES, provider: DYN_PROVIDER };

/**
 * Loads and validates the desired state. Names on stderr what below a directory was not loaded, and why. On
 * problems prints every one as `file:line:col: message` on stderr and returns null, before any provider exists,
 * so invalid input can never cause an API call.
 */
export async function loadOrReport(paths: string[], io: CliIo): Promise<DesiredState | null> {
  const result = await loadDesiredState(paths.length > 0 ? paths : ['.'], DNS_CAPABILITIES);
  for (const { path, reason } of result.skipped) io.stderr(`note: ${path} not loaded: ${reason}\n`);
  if (result.ok) return result.desired;
  for (const diagnostic of result.diagnostics) io.stderr(`${formatDiagnostic(diagnostic)}\n`);
  reportAnnotations(result.diagnostics, io);
  io.stderr(`${plural(result.diagnostics.length, 'problem')} found; nothing was sent to any API.\n`);
  return null;
}

/**
 * Desired state that is valid but names a webapp or bot the live service does not have: reported like validation
 * problems, `file:line:col: message` each, found while planning, before any write.
 */
export function reportPlanProblems(error: PlanProblemsError, io: CliIo): void {
  for (const diagnostic of error.diagnostics) io.stderr(`${formatDiagnostic(diagnostic)}\n`);
  reportAnnotations(error.diagnostics, io);
  io.stderr(
    `${plural(error.diagnostics.length, 'problem')} found against live state; nothing was changed.\n`,
  );
}
