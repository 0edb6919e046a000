/**
 * Kills the process (SIGKILL, by itself) at an exact point of its writes: loaded into a child `edgeplan` with
 * `NODE_OPTIONS=--import=<this file>`, it counts the file-system calls that change files in one directory and dies
 * right before the chosen one, as a kill from outside would land there. So a crash test names the point it kills
 * at (the 3rd call: the new file's fsync) instead of hoping a timer hits it.
 *
 * EDGEPLAN_TEST_KILL_DIR   the directory (absolute) whose calls count: opens for writing, writes, chmod, chown,
 *                          fsync (of a file or of the directory), close after writing, rename, rm, readdir
 * EDGEPLAN_TEST_KILL_AT    the call to die at (1 is the first); 0 or absent: never (the run only counts)
 * EDGEPLAN_TEST_KILL_TORN  `1`: when that call writes a file, half of its text is written first (a torn write)
 * EDGEPLAN_TEST_KILL_LOG   a file each counted call is appended to (`3 sync-file`), the fatal one last
 *
 * Node's `fs/promises` functions and FileHandle methods are wrapped, and `syncBuiltinESMExports` makes the
 * `import { rename } from 'node:fs/promises'` bindings of the code under test see the wrappers.
 */
import { appendFileSync } from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { resolve, sep } from 'node:path';

const dir = process.env.EDGEPLAN_TEST_KILL_DIR;
const at = Number(process.env.EDGEPLAN_TEST_KILL_AT ?? 0);
const torn = process.env.EDGEPLAN_TEST_KILL_TORN === '1';
const log = process.env.EDGEPLAN_TEST_KILL_LOG;

if (dir) {
  let count = 0;
  /** Handles opened on paths in the directory: what the file is (`temp`, `dir`, `file`) and whether for writing. */
  const handles = new WeakMap();
  const inside = (path) => {
    const full = resolve(String(path));
    return full === dir || full.startsWith(`${dir}${sep}`);
  };

  const die = () => {
    process.kill(process.pid, 'SIGKILL');
    // The signal is delivered at once; should it not be, nothing after this point may run.
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  };
  /** Counts a call; true when it is the one to die at (the caller may do part of it first). */
  const counted = (what) => {
    count += 1;
    if (log) appendFileSync(log, `${count} ${what}\n`);
    return count === at;
  };

  const open = fsp.open;
  fsp.open = async (path, flags = 'r', ...rest) => {
    const writing = typeof flags === 'number' ? (flags & 3) !== 0 : /[wa+]/.test(flags);
    if (inside(path) && writing && counted('open-write')) die();
    const handle = await open(path, flags, ...rest);
    if (!inside(path)) return handle;
    handles.set(handle, { writing, dir: resolve(String(path)) === dir });
    // `close` is each handle's own property, not the prototype's.
    const close = handle.close;
    handle.close = function (...args) {
      if (writing && counted('close')) die();
      return close.apply(this, args);
    };
    return handle;
  };

  const probe = await open(process.execPath, 'r');
  const FileHandle = Object.getPrototypeOf(probe);
  await probe.close();

  const wrap = (name, label, when = () => true) => {
    const original = FileHandle[name];
    FileHandle[name] = async function (...args) {
      const seen = handles.get(this);
      if (seen && when(seen) && counted(label(seen))) {
        if (torn && name === 'writeFile') {
          const text = String(args[0]);
          await original.call(this, text.slice(0, Math.floor(text.length / 2)));
        }
        die();
      }
      return original.apply(this, args);
    };
  };
  wrap(
    'writeFile',
    () => 'write',
    (seen) => seen.writing,
  );
  wrap(
    'write',
    () => 'write',
    (seen) => seen.writing,
  );
  wrap('chmod', () => 'chmod');
  wrap('chown', () => 'chown');
  wrap('sync', (seen) => (seen.dir ? 'sync-dir' : 'sync-file'));
  wrap('datasync', (seen) => (seen.dir ? 'sync-dir' : 'sync-file'));

  for (const [name, label] of [
    ['rename', 'rename'],
    ['rm', 'rm'],
    ['unlink', 'rm'],
    ['readdir', 'readdir'],
    ['writeFile', 'write'],
  ]) {
    const original = fsp[name];
    fsp[name] = async (path, ...rest) => {
      if (inside(path) && counted(label)) die();
      return original(path, ...rest);
    };
  }
  syncBuiltinESMExports();
}
