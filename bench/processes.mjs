// The benchmark's processes: the emulator (emulator-process.mjs) and each client step (client-process.mjs) run in
// their own, so that each one's CPU time and peak memory are its own; each prints one JSON line when ready or done.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export function runNode(script, args) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return {
    child,
    firstLine: once(createInterface({ input: child.stdout }), 'line').then(([l]) => JSON.parse(l)),
  };
}

/** The emulator's admin endpoint (`GET /_emulator/requests`, `process`; `DELETE` clears the request log). */
export async function admin(origin, path, method = 'GET') {
  return (await fetch(`${origin}/_emulator/${path}`, { method })).json();
}
