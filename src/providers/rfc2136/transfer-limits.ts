import type { ProviderOptions } from '../../model/dns-provider-spec.js';
import * as z from '../../model/zod.js';

/**
 * The bounds of one zone transfer (the reads of `plan`, and of an apply settling a lost answer): a server that sends
 * a byte every few seconds, or an endless stream, ends in an Rfc2136LimitError instead of holding the run or its
 * memory. Set per provider in the YAML (docs/rfc2136.md); the defaults take a zone of a few hundred thousand records.
 */
export interface TransferLimits {
  /** How long one transfer may take, from connecting to its closing SOA. */
  deadlineMs: number;
  /** Octets its answers may take in all. */
  maxBytes: number;
  /** Records it may hold. */
  maxRecords: number;
}

export const DEFAULT_TRANSFER_LIMITS: TransferLimits = {
  deadlineMs: 120_000,
  maxBytes: 128 * 1024 * 1024,
  maxRecords: 500_000,
};

/** The provider entry's keys that set them (plugin.ts). */
export const TRANSFER_LIMIT_OPTIONS = {
  transfer_timeout: z
    .number({ error: 'must be a number of seconds' })
    .check(
      z.positive({ error: 'must be more than 0 seconds' }),
      z.maximum(86_400, { error: 'must be at most 86400 seconds (a day)' }),
      z.describe(
        `the seconds one zone transfer may take in all (fractions allowed); default ${DEFAULT_TRANSFER_LIMITS.deadlineMs / 1000}.`,
      ),
    ),
  transfer_max_bytes: z
    .int({ error: 'must be a whole number of octets' })
    .check(
      z.minimum(512, { error: 'must be at least 512 octets' }),
      z.describe(
        `the octets one zone transfer may take; default ${DEFAULT_TRANSFER_LIMITS.maxBytes} (128 MiB).`,
      ),
    ),
  transfer_max_records: z
    .int({ error: 'must be a whole number of records' })
    .check(
      z.minimum(1, { error: 'must be at least 1' }),
      z.describe(`the records one zone transfer may hold; default ${DEFAULT_TRANSFER_LIMITS.maxRecords}.`),
    ),
} as const;

/** The limits an entry's options set (the schema checked them), each absent one at its default. */
export function transferLimitsOf(options: ProviderOptions): TransferLimits {
  const number = (key: keyof typeof TRANSFER_LIMIT_OPTIONS) =>
    typeof options[key] === 'number' ? options[key] : undefined;
  const seconds = number('transfer_timeout');
  return {
    deadlineMs: seconds === undefined ? DEFAULT_TRANSFER_LIMITS.deadlineMs : Math.ceil(seconds * 1000),
    maxBytes: number('transfer_max_bytes') ?? DEFAULT_TRANSFER_LIMITS.maxBytes,
    maxRecords: number('transfer_max_records') ?? DEFAULT_TRANSFER_LIMITS.maxRecords,
  };
}
