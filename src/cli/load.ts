import { loadDesiredState } from '../config/index.js';
import { formatDiagnostic } from '../model/diagnostic.js';
import type { DesiredState } from '../model/dns.js';
import { plural } from './apply-report.js';
import type { CliIo } from './io.js';

/**
 * Loads and validates the desired state. On problems prints every one as `file:line:col: message` on stderr and
 * returns null, before any provider exists, so invalid input can never cause an API call.
 */
export async function loadOrReport(paths: string[], io: CliIo): Promise<DesiredState | null> {
  const result = await loadDesiredState(paths.length > 0 ? paths : ['.']);
  if (result.ok) return result.desired;
  for (const diagnostic of result.diagnostics) io.stderr(`${formatDiagnostic(diagnostic)}\n`);
  io.stderr(`${plural(result.diagnostics.length, 'problem')} found; nothing was sent to any API.\n`);
  return null;
}
