/**
 * Reading a zone file with BIND's `named-checkzone` (bind9-utils): an independent parser of RFC 1035 files, for
 * the tests of the zonefile provider. `-D` prints the zone as BIND loaded it, one record per line, names absolute;
 * each value is read back into its canonical form by its type's parser, so that it compares with desired state.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findProgram, missingPrograms } from '../../support/programs.js';
import { type Answer, parseLine } from '../pdns/dig.js';

const run = promisify(execFile);

/** Why named-checkzone cannot run here (to skip with), or null; throws in CI, where `.ci/run` installs it. */
export function checkzoneMissing(): string | null {
  return missingPrograms(['named-checkzone'], 'apt-get install -y bind9-utils');
}

export interface Checked {
  /** named-checkzone accepted the file (exit 0). */
  ok: boolean;
  /** Its messages (errors, warnings, `OK`). */
  output: string;
  /** Every record it loaded, as dig-style lines. */
  dump: string;
}

/**
 * `named-checkzone -D` on `file` for `zone`: whether BIND loads it, and the zone as loaded. Integrity checks are
 * those of names inside the zone (`-i local`: glue, in-zone NS and MX targets); NS names are not looked up.
 */
export async function checkZone(zone: string, file: string): Promise<Checked> {
  const program = findProgram('named-checkzone') ?? 'named-checkzone';
  const args = ['-D', '-o', '-', '-i', 'local', '-n', 'ignore', zone, file];
  try {
    const { stdout, stderr } = await run(program, args, { maxBuffer: 64 * 1024 * 1024 });
    return { ok: true, output: stderr, dump: stdout };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stderr ?? ''}${failed.stdout ?? ''}`, dump: '' };
  }
}

/** Every record BIND loads from `file`, but the SOA and the apex NS (the zone's own); throws when it refuses it. */
export async function checkedRecords(zone: string, file: string): Promise<Answer[]> {
  const checked = await checkZone(zone, file);
  if (!checked.ok) throw new Error(`named-checkzone refuses ${file}:\n${checked.output}`);
  return checked.dump
    .split('\n')
    .flatMap((line) => parseLine(line) ?? [])
    .filter((record) => record.type !== 'SOA' && !(record.type === 'NS' && record.fqdn === zone));
}
