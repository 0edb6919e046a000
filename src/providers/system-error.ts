/** The `code` of a system error (`ENOENT`, `EPERM`); undefined for anything else thrown. */
export function systemCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
