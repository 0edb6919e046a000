/** Helpers for the team-workflow tests: desired-state files in a temp directory, out-of-band publishes, writes sent. */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUICKSTART, type Sandbox } from '../support/sandbox.js';

/** A temp directory with a copy of the quickstart's desired state (no seed), and a way to add files. */
export async function workDir(): Promise<{
  dir: string;
  config: string;
  write(name: string, text: string): Promise<string>;
  close(): Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'edgeplan-review-'));
  const config = join(dir, 'config');
  await cp(QUICKSTART, config, { recursive: true, filter: (src) => !src.endsWith('sandbox-seed.yaml') });
  return {
    dir,
    config,
    async write(name, text) {
      const path = join(dir, name);
      await writeFile(path, text);
      return path;
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Publishes one extra A record out of band, as another tool would. */
export async function addRecordOutOfBand(
  sandbox: Sandbox,
  zone: string,
  fqdn: string,
  address: string,
): Promise<void> {
  const provider = sandbox.provider();
  await provider.execute({ kind: 'add-record', zone, fqdn, type: 'A', value: address, ttl: 300 });
  await provider.execute({ kind: 'publish', zone });
}

/** The requests that change something: every POST, PUT and DELETE but logging in and out. */
export function writeRequests(sandbox: Sandbox): string[] {
  return sandbox.emulator.requestLog.entries
    .filter((e) => e.method !== 'GET' && !/Session|oauth/.test(e.path))
    .map((e) => `${e.method} ${e.path}`);
}
