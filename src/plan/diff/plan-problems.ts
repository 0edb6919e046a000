import { type Diagnostic, formatDiagnostic } from '../../model/diagnostic.js';
import { EdgeplanError } from '../../model/edgeplan-error.js';

/**
 * The desired state is valid on its own but cannot be planned against live state: it names a webapp or a bot the
 * service does not have, or puts records where live data edgeplan does not manage forbids them (live-checks.ts).
 * Each problem points into the YAML like a validation problem; the plan is not computed, so nothing is applied.
 * The CLI prints the diagnostics and exits 1.
 */
export class PlanProblemsError extends EdgeplanError {
  override readonly code = 'EP1920';
  override readonly name = 'PlanProblemsError';

  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
  }
}
