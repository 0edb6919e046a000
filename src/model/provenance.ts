/**
 * Where a desired record set came from when the zone's own `records` did not write it: the templates and mirrors
 * it came through, outermost first. `[{ same_as: example.com }, { template: mail-google }]` is a set of the
 * template mail-google that example.com lists, served by a zone that is the same as example.com. A set of the
 * zone's own records has no provenance: its place (`RecordSet.at`) says everything.
 */
export type ReuseStep = { kind: 'template'; name: string } | { kind: 'same_as'; zone: string };

/** Where a planned change's desired value was written, and what it came through: `at` is `file:line:col`. */
export interface ChangeSource {
  at: string;
  via: ReuseStep[];
}

/** `same_as example.com, template mail-google`: the steps as plans print them. */
export function viaText(via: readonly ReuseStep[]): string {
  return via
    .map((step) => (step.kind === 'template' ? `template ${step.name}` : `same_as ${step.zone}`))
    .join(', ');
}

/** `templates/mail.yaml:4:7 via template mail-google`: a change's source as plans print it. */
export function sourceText(source: ChangeSource): string {
  return `${source.at} via ${viaText(source.via)}`;
}

/** The template a set came through, innermost: the decision a reviewer looks at (markdown groups by it). */
export function templateOf(via: readonly ReuseStep[]): string | undefined {
  const step = via.findLast((one) => one.kind === 'template');
  return step?.kind === 'template' ? step.name : undefined;
}
