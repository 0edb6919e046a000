import { PlanFileError } from '../../../src/plan/index.js';

/** The problems a plan file's refusal lists (one a line after its heading); none when `read` accepts the file. */
export function refusalProblems(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof PlanFileError)
      return error.message
        .split('\n')
        .slice(1)
        .map((line) => line.trim());
    throw error;
  }
  return [];
}
