import { createHash, randomBytes } from 'node:crypto';
import { lstat, readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { systemCode } from './system-error.js';

/**
 * The temporary files of atomic writes (write-atomic.ts), and the removal of those a killed run left behind.
 *
 * A temporary file is named `.<file>.edgeplan-<host>-<pid>-<random>.tmp`, beside the file it replaces: `<host>` is
 * a digest of this machine's host name, `<pid>` the process writing it. A file of that name is stale, and removed,
 * only when all of these hold: this machine wrote it; its process is gone (or is this one, which is not writing
 * it); it is a regular file (not a link) owned by the user removing it. A temporary file of a live writer is
 * never touched, whatever its age; a PID reused by another process keeps a stale file until that process ends.
 */

/** Files this process is writing right now (full paths): never stale, whatever their PID says. */
const writing = new Set<string>();

/** This machine, as temporary names say it: the first 8 hex digits of its host name's SHA-256. */
const hostTag = () => createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
const NAME = /^\..*\.edgeplan-([0-9a-f]{8})-([1-9][0-9]{0,9})-[0-9a-f]{12}\.tmp$/;
/** The most of the replaced file's name a temporary name repeats (a name is at most 255 octets). */
const KEPT_NAME = 100;

/** A new temporary name for a write of `path`, in its directory, marked as being written until `done` is called. */
export function claimTempPath(path: string): { temp: string; done: () => void } {
  const name = basename(path).slice(0, KEPT_NAME);
  const temp = join(
    dirname(path),
    `.${name}.edgeplan-${hostTag()}-${process.pid}-${randomBytes(6).toString('hex')}.tmp`,
  );
  writing.add(temp);
  return { temp, done: () => writing.delete(temp) };
}

/**
 * Whether a process of this PID exists: signal 0 reaches it (EPERM: it does, another user's). `probe` sends the
 * signal (injected for tests).
 */
export function processExists(
  pid: number,
  probe: (to: number) => unknown = (to) => process.kill(to, 0),
): boolean {
  try {
    probe(pid);
    return true;
  } catch (error) {
    return systemCode(error) === 'EPERM';
  }
}

/**
 * Removes the stale temporary files of `dir` (see above) and returns their names. `exists` tells whether a PID's
 * process is alive (injected for tests).
 */
export async function removeStaleTemps(dir: string, exists = processExists): Promise<string[]> {
  const removed: string[] = [];
  const host = hostTag();
  // Stryker disable next-line OptionalChaining: getuid is there on every POSIX system; absent on Windows only.
  const user = process.getuid?.();
  for (const name of await readdir(dir)) {
    const match = NAME.exec(name);
    if (!match || match[1] !== host) continue;
    const path = join(dir, name);
    const pid = Number(match[2]);
    if (pid === process.pid ? writing.has(path) : exists(pid)) continue;
    // Stryker disable next-line ArrowFunction: null and undefined both read as "gone" below.
    const info = await lstat(path).catch(() => null);
    // Stryker disable next-line ConditionalExpression: user is undefined on Windows only.
    if (!info?.isFile() || (user !== undefined && info.uid !== user)) continue;
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: only another sweep removing it since lstat tells.
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}
