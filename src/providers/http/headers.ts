/** A header holding a non-negative integer (`X-RateLimit-Remaining: 12`); undefined when absent or not one. */
export function intHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name)?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}
