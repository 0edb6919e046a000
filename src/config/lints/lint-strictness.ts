import { type Diagnostic, isWarning } from '../../model/diagnostic.js';
import type { MergedServices } from '../read/merge-services.js';
import { entryOf, isMap, where } from '../read/positioned.js';

/**
 * What turns warnings into errors: `--strict` on the command line (`LoadOptions.strict`), else `lint: { strict:
 * true }` under `settings`, named with its place. Undefined: warnings stay warnings. A `strict` that is not `true`
 * (false, or a wrong shape the schema reports) turns nothing.
 */
export function strictCause(services: MergedServices, strict: boolean | undefined): string | undefined {
  if (strict) return '--strict';
  const lint = services.lint;
  const entry = lint && isMap(lint.value) ? entryOf(lint.value, 'strict') : undefined;
  if (entry?.value.kind !== 'scalar' || entry.value.value !== true) return undefined;
  return `settings.lint.strict at ${where(entry.keyPos)}`;
}

/**
 * The diagnostics with every warning made an error when `cause` is given, its message saying so (a user who did
 * not write `--strict` learns why a warning stops the run); unchanged otherwise.
 */
export function weighed(diagnostics: readonly Diagnostic[], cause: string | undefined): Diagnostic[] {
  if (!cause) return [...diagnostics];
  return diagnostics.map((d) => {
    if (!isWarning(d)) return d;
    const { severity: _warning, ...error } = d;
    return { ...error, message: `${d.message} (a warning, made an error by ${cause})` };
  });
}

/**
 * The diagnostics with every error made a warning when `reason` is given, its message saying why it does not block
 * (LoadOptions.lintErrorsAsWarnings); unchanged otherwise.
 */
export function asWarnings(diagnostics: readonly Diagnostic[], reason: string | undefined): Diagnostic[] {
  if (!reason) return [...diagnostics];
  return diagnostics.map((d) =>
    isWarning(d) ? d : { ...d, severity: 'warning', message: `${d.message} (an error, ${reason})` },
  );
}
