/**
 * One flow of `edgeplan` against one real DNS provider, for the integration tests that write a desired state,
 * validate, apply and plan it, then ask what is served: a zone file directory (`zonefile`, read back by BIND's
 * `named-checkzone`), BIND 9 or Knot (`rfc2136`, asked with dig) or PowerDNS (`powerdns`, asked with dig).
 *
 * `describeFlow(kind, title, setup, body)` is a `describe` whose hooks start what the kind needs: a server for the
 * describe's tests (started once, stopped after them), and a temp directory every run works in. A zone file
 * directory is made afresh before each test instead, with the zone files `setup.zones` gives. Where the programs a
 * kind needs are missing, the describe is skipped saying why (an error in CI: support/programs.ts).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normaliseName } from '../../src/model/names.js';
import { type Answer, ask, parseLine, servedSerial } from '../providers/pdns/dig.js';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import {
  type Rfc2136Server,
  serversMissing,
  startServer,
  type ZoneSetup,
} from '../providers/rfc2136/servers.js';
import { checkZone, checkzoneMissing } from '../providers/zonefile/checkzone.js';
import { type CliRun, cli } from './cli.js';

export type FlowKind = 'zonefile' | 'bind' | 'knot' | 'pdns';

/** The two RFC 2136 servers, for a file that runs the same describe on each. */
export const RFC2136_SERVERS = ['bind', 'knot'] as const;

/** How a test title names where the flow runs. */
export const FLOW_NAMES: Readonly<Record<FlowKind, string>> = {
  zonefile: 'a zone file',
  bind: 'BIND 9',
  knot: 'Knot',
  pdns: 'PowerDNS',
};

export interface FlowSetup {
  /**
   * The zones there are before the first run: for `zonefile` the files `zones/<zone>.zone` (`text` required), for
   * BIND and Knot the zones the server serves (servers.ts: `text`, or an SOA and apex NS only). PowerDNS starts with
   * none: a desired state creates its zones (`create: {}`).
   */
  zones?: readonly ZoneSetup[];
}

/** The server a kind runs on: none for a zone file. */
export type ServerOf<K extends FlowKind> = K extends 'pdns'
  ? PdnsServer
  : K extends 'zonefile'
    ? never
    : Rfc2136Server;

export interface ProviderFlow<K extends FlowKind = FlowKind> {
  readonly kind: K;
  /** The provider's name in `providers:`, as plans and messages show it (`zone:x@<name>`). */
  readonly name: string;
  /** `providers:` with the one entry of this provider, to put in front of a desired state's `zones:`. */
  readonly providers: string;
  /** The directory every run works in (its cwd): files are named relative to it. */
  readonly dir: string;
  /** The environment of every run: the provider's address and credentials. */
  readonly env: Record<string, string>;
  /** The server's DNS port on 127.0.0.1 (BIND, Knot, PowerDNS); a zone file has none. */
  readonly port: number;
  /** The running server, for what only it offers (its key, its API). */
  readonly server: ServerOf<K>;
  /** Writes `text` as `file` in the directory; returns `file`. */
  write(file: string, text: string): Promise<string>;
  /** `edgeplan <argv>` in this process, in the directory, with the provider's environment. */
  run(argv: readonly string[]): Promise<CliRun>;
  /**
   * `file` validated (exit 0), applied with `--yes` and `applyArgs` (exit 0), and planned again with no changes
   * (exit 0): the apply's run and the plan's, for what they printed.
   */
  converge(file: string, ...applyArgs: string[]): Promise<{ apply: CliRun; plan: CliRun }>;
  /**
   * What is served for each question (no recursion; only records of the asked name and type): dig for a server;
   * for a zone file, what named-checkzone loads from `zones/<zone>.zone` (failing when it refuses the file).
   */
  ask(zone: string, questions: readonly { fqdn: string; type: string }[]): Promise<Answer[]>;
  /** The serial of the zone's SOA as served (the SOA's canonical value leaves it out). */
  serial(zone: string): Promise<number>;
  /**
   * A desired state of `zone` on this provider and on a zone file beside it (`files`, directory `zones`), the zone
   * file written from `text`, with the one record set `records` (YAML of a zone's `records:`): its file's name.
   */
  beside(zone: string, text: string, records: string): Promise<string>;
  /** The text of the zone file `zones/<zone>.zone` (zonefile). */
  zoneFile(zone: string): Promise<string>;
}

/** A describe of `title` whose tests get a flow on `kind` (the hooks above); skipped where `kind` cannot run. */
export function describeFlow<K extends FlowKind>(
  kind: K,
  title: string,
  setup: FlowSetup,
  body: (flow: ProviderFlow<K>) => void,
): void {
  const missing =
    kind === 'zonefile' ? checkzoneMissing() : kind === 'pdns' ? pdnsMissing() : serversMissing();
  if (missing !== null) {
    describe.skip(`${title} (skipped: ${missing})`, () => {
      it.skip('not run', () => {});
    });
    return;
  }
  describe(title, () => {
    const state = kind === 'zonefile' ? zoneFileState(setup) : serverState(kind, setup);
    body(flowOf(kind, state));
  });
}

/** What the hooks made, read by the flow once they have run. */
interface FlowState {
  dir(): string;
  server(): Rfc2136Server | PdnsServer | undefined;
}

function zoneFileState({ zones = [] }: FlowSetup): FlowState {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edgeplan-flow-zonefile-'));
    // A repository: the provider keeps its files in one (docs/providers/zonefile.md).
    await mkdir(join(dir, '.git'));
    await mkdir(join(dir, 'zones'));
    for (const { zone, text } of zones) {
      if (text === undefined) throw new Error(`zone ${zone}: a zone file needs its text`);
      await writeFile(join(dir, 'zones', `${zone}.zone`), text);
    }
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));
  return { dir: () => dir, server: () => undefined };
}

function serverState(kind: 'bind' | 'knot' | 'pdns', { zones = [] }: FlowSetup): FlowState {
  if (kind === 'pdns' && zones.length > 0) throw new Error('PowerDNS starts with no zones: create them');
  let dir = '';
  let server: Rfc2136Server | PdnsServer | undefined;
  beforeAll(async () => {
    server = kind === 'pdns' ? await startPdnsServer() : await startServer(kind, zones);
    dir = await mkdtemp(join(tmpdir(), `edgeplan-flow-${kind}-`));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return { dir: () => dir, server: () => server };
}

function flowOf<K extends FlowKind>(kind: K, state: FlowState): ProviderFlow<K> {
  const started = () => {
    const server = state.server();
    if (!server) throw new Error(`${FLOW_NAMES[kind]} is not started`);
    return server;
  };
  const port = () => {
    const server = started();
    return 'dnsPort' in server ? server.dnsPort : server.port;
  };
  const zonePath = (zone: string) => join(state.dir(), 'zones', `${zone}.zone`);
  const { name, entry } = PROVIDER_ENTRIES[kind];
  const flow: ProviderFlow<K> = {
    kind,
    name,
    providers: `providers:\n  ${name}: ${entry}\n`,
    get dir() {
      return state.dir();
    },
    get env() {
      return kind === 'zonefile' ? {} : environment(started());
    },
    get port() {
      return port();
    },
    get server() {
      // The server serverState started for this kind.
      return started() as ServerOf<K>;
    },
    async write(file, text) {
      await writeFile(join(state.dir(), file), text);
      return file;
    },
    run: (argv) => cli([...argv], flow.env, { cwd: state.dir() }),
    async converge(file, ...applyArgs) {
      const valid = await flow.run(['validate', file]);
      expect(valid.code, valid.stdout + valid.stderr).toBe(0);
      const apply = await flow.run(['apply', file, '--yes', ...applyArgs]);
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      const plan = await flow.run(['plan', file]);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      return { apply, plan };
    },
    async ask(zone, questions) {
      if (kind !== 'zonefile') return ask(port(), questions);
      const asked = new Set(questions.map(({ fqdn, type }) => `${normaliseName(fqdn)} ${type}`));
      return (await loaded(zone, zonePath(zone))).filter(({ fqdn, type }) => asked.has(`${fqdn} ${type}`));
    },
    async serial(zone) {
      if (kind !== 'zonefile') return servedSerial(port(), zone);
      const checked = await checkZone(zone, zonePath(zone));
      expect(checked.ok, checked.output).toBe(true);
      const soa = checked.dump.split('\n').find((line) => /^\S+\s+\d+\s+IN\s+SOA\s/.test(line));
      return Number(soa?.split(/\s+/)[6]);
    },
    async beside(zone, text, records) {
      await mkdir(join(state.dir(), 'zones'), { recursive: true });
      await writeFile(zonePath(zone), text);
      return flow.write(
        'beside.yaml',
        `${flow.providers}  files: { type: zonefile, directory: zones }\n` +
          `zones:\n  ${zone}:\n    providers: [${name}, files]\n    records:\n      ${records}\n`,
      );
    },
    zoneFile: (zone) => readFile(zonePath(zone), 'utf8'),
  };
  return flow;
}

/** Each kind's entry in `providers:`, its credentials named by the variables `environment` sets. */
const PROVIDER_ENTRIES: Readonly<Record<FlowKind, { name: string; entry: string }>> = {
  zonefile: { name: 'files', entry: '{ type: zonefile, directory: zones }' },
  bind: {
    name: 'dns',
    entry: '{ type: rfc2136, server_env: EDGEPLAN_DNS_SERVER, tsig_env: EDGEPLAN_DNS_TSIG }',
  },
  knot: {
    name: 'dns',
    entry: '{ type: rfc2136, server_env: EDGEPLAN_DNS_SERVER, tsig_env: EDGEPLAN_DNS_TSIG }',
  },
  pdns: {
    name: 'pdns',
    entry:
      '{ type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, nameservers: [ns1.example.net.] }',
  },
};

function environment(server: Rfc2136Server | PdnsServer): Record<string, string> {
  if ('webUrl' in server) return { EDGEPLAN_PDNS_URL: server.webUrl, EDGEPLAN_PDNS_API_KEY: server.apiKey };
  return { EDGEPLAN_DNS_SERVER: `127.0.0.1:${server.port}`, EDGEPLAN_DNS_TSIG: server.keyText };
}

/** Every record named-checkzone loads from `file`; fails the test when it refuses the file. */
async function loaded(zone: string, file: string): Promise<Answer[]> {
  const checked = await checkZone(zone, file);
  expect(checked.ok, checked.output).toBe(true);
  return checked.dump.split('\n').flatMap((line) => parseLine(line) ?? []);
}
