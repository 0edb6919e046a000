import { parse } from 'yaml';
import { z } from 'zod';
import type { Acknowledgement } from '../model/acknowledgement.js';

/**
 * The acknowledgement file of `edgeplan drift --ack FILE`: known drift that should not fail the nightly run until
 * a date. YAML (or JSON):
 *
 *   acknowledged:
 *     - target: zone:example.com     # as --target names it; globs allowed (webapp:shop-*)
 *       reason: CDN migration, OPS-123
 *       owner: dns-team
 *       expires: 2026-07-31          # acknowledged through the end of this day (UTC)
 */
const Text = z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' });

const AckSchema = z.strictObject({
  acknowledged: z.array(
    z.strictObject({
      target: Text.regex(/^(zone|secondary|geo|webapp):.+$/, {
        error: 'must be kind:name with kind zone, secondary, geo or webapp',
      }),
      reason: Text,
      owner: Text,
      // YAML reads an unquoted 2026-07-31 as a string with the default schema of `yaml` v2 (core schema).
      expires: z
        .string({ error: 'must be a date YYYY-MM-DD' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' })
        .refine(isCalendarDate, { error: 'is not a calendar date' }),
    }),
    { error: 'must be a list of { target, reason, owner, expires }' },
  ),
});

export class AckFileError extends Error {
  override readonly name = 'AckFileError';
}

/** Parses the file's text; throws AckFileError naming the file and every problem. */
export function parseAckFile(text: string, file: string): Acknowledgement[] {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new AckFileError(`${file}: not YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = AckSchema.safeParse(value ?? { acknowledged: [] });
  if (result.success) return result.data.acknowledged;
  const problems = result.error.issues.map((i) => `${file}: ${i.path.join('.') || '(root)'} ${i.message}`);
  throw new AckFileError(problems.join('\n'));
}

function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
