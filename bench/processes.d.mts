// Types of processes.mjs, for the benchmarks written in TypeScript (pdns.ts).
import type { ChildProcess } from 'node:child_process';

/** Runs `node script ...args`; `firstLine` is the first line it prints, parsed as JSON (the caller says its shape). */
export function runNode<T = unknown>(
  script: string,
  args: string[],
): { child: ChildProcess; firstLine: Promise<T> };

export function admin(origin: string, path: string, method?: string): Promise<unknown>;
