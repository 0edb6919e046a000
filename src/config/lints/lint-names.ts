/**
 * The lint errors a record set may be allowed to have, by the name `allow_lints` gives them (docs/lints.md): a live
 * zone may have served one for years, and `edgeplan import` writes such a zone as it is.
 */
export const LINT_NAMES = ['cname-loop', 'ns-cname', 'spf-twice', 'alias-beside-address'] as const;
export type LintName = (typeof LINT_NAMES)[number];
