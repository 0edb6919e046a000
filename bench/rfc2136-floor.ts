/**
 * RFC 2136 at the message floor (run by `npm run bench:bind` after its BIND/PowerDNS table): the messages and octets
 * edgeplan sends to BIND 9 and to Knot for a fill (1,000 or 10,000 A records into an empty zone), a no-op apply and a
 * 10 % change, each apply as `edgeplan apply` runs it (plan, the UPDATEs with their read-backs, the check plan), next
 * to `nsupdate` (BIND's own client, the floor: the UPDATE messages alone, over TCP) on the same BIND and octoDNS's
 * figures where they were measured (it cannot be installed here). Everything goes through a counting TCP proxy
 * (test/providers/rfc2136/fault-proxy.ts): messages sent, UPDATE messages and their octets, and all octets both ways.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Fault, opcodeOf, startFaultProxy } from '../test/providers/rfc2136/fault-proxy.js';
import { type Rfc2136Server, startServer } from '../test/providers/rfc2136/servers.js';
import { findProgram } from '../test/support/programs.js';
import { runNode } from './processes.mjs';

export const FLOOR_SIZES = [1_000, 10_000];
const STEPS = [
  { name: 'fill', changed: 0 },
  { name: 'no-op', changed: 0 },
  { name: '10 % update', changed: 0.1 },
] as const;

/** octoDNS's figures (messages, UPDATE KB) as the issue measured them on this kind of machine; '' where none. */
const OCTODNS: Record<string, string> = {
  '10000 fill': '11 msgs',
  '10000 10 % update': '38.8 KB UPDATE',
};

interface Counted {
  messages: number;
  updates: number;
  updateOctets: number;
  octets: number;
}

const floorZone = (kind: string, count: number) => `${kind}${count}.floor.example`;

const address = (i: number, changed: boolean) => `10.${changed ? 1 : 0}.${(i >> 8) & 255}.${i & 255}`;

/** `count` A records r00000…, the first `changed` share of them with other addresses. */
function desired(zone: string, count: number, changed: number): string {
  const lines = Array.from(
    { length: count },
    (_, i) => `      r${String(i).padStart(5, '0')}: { a: [${address(i, i < count * changed)}] }`,
  );
  return `zones:\n  ${zone}:\n    default_ttl: 300\n    records:\n${lines.join('\n')}\n`;
}

/** The nsupdate script of a step: the fill in messages of 2,500 records, the change in one; none for a no-op. */
function nsupdateScript(
  port: number,
  zone: string,
  count: number,
  step: (typeof STEPS)[number],
): string | null {
  const name = (i: number) => `r${String(i).padStart(5, '0')}.${zone}`;
  const head = `server 127.0.0.1 ${port}\nzone ${zone}\n`;
  if (step.name === 'no-op') return null;
  if (step.name === 'fill') {
    const sends: string[] = [];
    for (let from = 0; from < count; from += 2_500) {
      const adds = Array.from({ length: Math.min(2_500, count - from) }, (_, k) => from + k).map(
        (i) => `update add ${name(i)} 300 A ${address(i, false)}`,
      );
      sends.push(`${adds.join('\n')}\nsend\n`);
    }
    return head + sends.join('');
  }
  const changes = Array.from({ length: count * step.changed }, (_, i) => [
    `update delete ${name(i)} A`,
    `update add ${name(i)} 300 A ${address(i, true)}`,
  ]).flat();
  return `${head}${changes.join('\n')}\nsend\n`;
}

async function counting(server: Rfc2136Server, run: (port: number) => Promise<void>): Promise<Counted> {
  const counted = { messages: 0, updates: 0, updateOctets: 0 };
  const proxy = await startFaultProxy(server.port, (request): Fault => {
    counted.messages += 1;
    if (opcodeOf(request) === 5) {
      counted.updates += 1;
      counted.updateOctets += request.length;
    }
    return 'pass';
  });
  try {
    await run(proxy.port);
    const { up, down } = proxy.octets();
    return { ...counted, octets: up + down };
  } finally {
    await proxy.close();
  }
}

function nsupdate(script: string, keyText: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(findProgram('nsupdate') ?? 'nsupdate', ['-v', '-y', keyText], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`nsupdate exited ${code}: ${errors.slice(0, 400)}`)),
    );
    child.stdin?.end(script);
  });
}

const kb = (octets: number) => `${(octets / 1000).toFixed(1)} KB`;

/** The floor table's rows, and the problems (a failed step, a check plan that is not empty, past nsupdate + 10 %). */
export async function floorRows(dir: string): Promise<{ rows: string[]; problems: string[] }> {
  const rows: string[] = [];
  const problems: string[] = [];
  const floors = new Map<string, Counted>();
  const zones = FLOOR_SIZES.flatMap((count) =>
    ['ep', 'ns'].map((kind) => ({ zone: floorZone(kind, count) })),
  );
  for (const kind of ['bind', 'knot'] as const) {
    const server = await startServer(kind, zones);
    try {
      for (const count of FLOOR_SIZES)
        for (const step of STEPS) {
          const zone = floorZone('ep', count);
          const file = join(dir, `floor-${kind}-${count}-${step.name.replace(/\W/g, '')}.yaml`);
          await writeFile(file, desired(zone, count, step.changed));
          let figures: { failed: string[]; checkChanges?: number; ops: number } | undefined;
          const ours = await counting(server, async (port) => {
            const config = join(dir, 'floor-client.json');
            const common = { paths: [file], step: 'apply', check: true, host: '127.0.0.1', port };
            await writeFile(config, JSON.stringify({ ...common, keyText: server.keyText }));
            figures = await runNode<typeof figures>('bench/rfc2136-client.mjs', [config]).firstLine;
          });
          const where = `${kind} ${count} ${step.name}`;
          if (figures?.failed.length) problems.push(`${where}: failed ${figures.failed.join('; ')}`);
          if ((figures?.checkChanges ?? 0) !== 0) problems.push(`${where}: the check plan has changes`);
          const script = kind === 'bind' ? nsupdateScript(0, floorZone('ns', count), count, step) : null;
          if (script !== null)
            floors.set(
              `${count} ${step.name}`,
              await counting(server, (port) =>
                nsupdate(script.replace('127.0.0.1 0', `127.0.0.1 ${port}`), server.keyText),
              ),
            );
          const floor = floors.get(`${count} ${step.name}`);
          if (floor && ours.updateOctets > floor.updateOctets * 1.1)
            problems.push(`${where}: UPDATE octets ${ours.updateOctets}, nsupdate ${floor.updateOctets}`);
          const server_ = kind === 'bind' ? 'BIND 9' : 'Knot';
          rows.push(
            `| ${count.toLocaleString('en')} | ${step.name} | ${server_} | ${ours.messages} | ${ours.updates} | ${kb(ours.updateOctets)} | ${kb(ours.octets)} | ${floor ? `${floor.messages} / ${floor.updates} / ${kb(floor.updateOctets)}` : '0 / 0 / 0'} | ${kind === 'bind' ? (OCTODNS[`${count} ${step.name}`] ?? '') : ''} |`,
          );
        }
    } finally {
      await server.stop();
    }
  }
  return { rows, problems };
}

export const FLOOR_HEADER = [
  '| records | step | server | messages | UPDATEs | UPDATE octets | all octets | nsupdate (BIND): messages / UPDATEs / octets | octoDNS |',
  '|---|---|---|---|---|---|---|---|---|',
];
