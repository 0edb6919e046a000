#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { liveCompilerFlags, sizedCompilerFlags, startCompilerFlags } from './compiler-policy.js';
import { heapFlags } from './heap-policy.js';

// The heap's and the compiler's settings first, before the code that grows the heap loads (heap-policy.ts,
// compiler-policy.ts).
const context = { v8: process.versions.v8, execArgv: process.execArgv };
const compiler = startCompilerFlags(process.argv[2], context);
const flags = [heapFlags(context), compiler].filter((flag) => flag !== '').join(' ');
if (flags !== '') setFlagsFromString(flags);
// Only --verbose prints stack traces (run.ts): the shipped CLI is a bundle (scripts/bundle-cli.mjs), and its
// source maps, read only when turned on before the code loads, map them to the TypeScript lines. Reading them
// costs about 0.1 s, which no other run pays.
if (process.argv.includes('--verbose')) process.setSourceMapsEnabled(true);
// No top-level await: the shipped chunks are CommonJS modules (scripts/bundle-cli.mjs).
void main();

/** Loads the runner, runs the command line, and ends the process with its exit code once its output is written. */
async function main(): Promise<void> {
  const { processIo } = await import('./io.js');
  const { runCli } = await import('./run.js');
  // V8's compiler, memory mode and heap growth again once a command has read its YAML, or the live zones, and knows
  // the run's size (compiler-policy.ts).
  const setSized = (sized: string) => {
    if (sized !== '') setFlagsFromString(sized);
  };
  const sizeRun = (characters: number) => setSized(sizedCompilerFlags(characters, flags));
  const sizeLive = (records: number) => setSized(liveCompilerFlags(records, flags));
  const code = await runCli(process.argv.slice(2), { ...processIo(), sizeRun, sizeLive });
  // The run is over once runCli returns. A command that failed on one service may leave work of the other under
  // way (a rate-limit wait of up to 120 s, a change being polled, a keep-alive socket): the process ends here, once
  // what it printed is written, instead of after them.
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}
