/**
 * An answer's headers as the providers read them: by name, case-insensitively, null when absent (a fetch `Headers`
 * fits too). The transport hands out Node's own headers this way; building a `Headers` would load the runtime's
 * fetch implementation for nothing.
 */
export interface AnswerHeaders {
  get(name: string): string | null;
}

/** A header holding a non-negative integer (`X-RateLimit-Remaining: 12`); undefined when absent or not one. */
export function intHeader(headers: AnswerHeaders, name: string): number | undefined {
  const value = headers.get(name)?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}
