import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { type PdnsServer, pdnsMissing, startPdnsServer } from '../providers/pdns/server.js';
import { type Rfc2136Server, serversMissing, startServer } from '../providers/rfc2136/servers.js';
import { github, REPO, settings, withScenarios } from './fixture.js';
import { MERGE, PR, planRun, pullRequest, pullRequestEvent, pushEvent } from './github-events.js';
import type { Table } from './run-workflow.js';
import { type Answer, ghLines } from './tools.js';
import { type Files, git, makeOrigin } from './workspace.js';

// Time budget: ten times its slowest test (38 s: three workflows, nine edgeplan runs and a BIND reload, at load 15
// on 2 cores), rounded up; starting pdns_server or named waits up to 15 s.
vi.setConfig({ testTimeout: 400_000, hookTimeout: 60_000 });

/**
 * The example workflows for each kind of DNS provider, from the pull request to the nightly check, against real
 * servers: PowerDNS (its HTTP API), BIND 9 over RFC 2136 with TSIG, and zone files that BIND serves once the deploy
 * hook installs them. Each runs plan.yml on the pull request, apply.yml on its merge (with the plan reviewed), then
 * drift.yml (drift, then verify against the server): in sync, and served as desired.
 */

const t = withScenarios();
const BASE: Files = { 'README.md': '# dns\n' };
const PLAN_RUN = 5001;

/** The repository variables and secrets of the providers, beside the Dyn and WAF ones docs/github-actions.md sets. */
function table(vars: Record<string, string>, secrets: Record<string, string>) {
  const base = settings(t.scenario.sandbox);
  return { vars: { ...base.vars, ...vars }, secrets: { ...base.secrets, ...secrets } };
}

const reviewed: Answer[] = [
  { tool: 'gh', match: `^api repos/${REPO}/commits/${MERGE}/pulls `, json: [pullRequest(PR, true)] },
  {
    tool: 'gh',
    match: '^run list --workflow plan.yml ',
    json: [planRun(PLAN_RUN, 'success', '2026-11-22T09:00:00Z')],
  },
  {
    tool: 'gh',
    match: `^api repos/${REPO}/actions/runs/${PLAN_RUN}/artifacts `,
    json: {
      artifacts: [{ name: `edgeplan-plan-pr-${PR}`, expired: false, expires_at: '2026-12-22T09:00:00Z' }],
    },
  },
];
const quiet: Answer[] = [
  { tool: 'gh', match: '^run list --workflow apply.yml ', json: [{ databaseId: 60, status: 'completed' }] },
  { tool: 'gh', match: '^api repos/acme/dns/issues\\?state=open', json: [] },
];
const accepted: Answer[] = [
  { tool: 'gh', match: '^api repos/acme/dns/issues/7/comments --paginate', json: [] },
  { tool: 'gh', match: '^api --method POST ', stdout: '' },
  { tool: 'npm', match: '^ci$' },
];

interface Flow {
  secrets: Pick<Table, 'vars' | 'secrets'>;
  /** The pull request: the repository before it (`base`) and after it (`files`), both without the project files. */
  base: Files;
  files: Files;
  /** A bare repository holding `base` then `files` on main, when apply.yml must push to it (zone files). */
  origin?: string;
}

/** plan.yml on the pull request, apply.yml on its merge, drift.yml on main as the apply left it. */
async function pullRequestToNightly(flow: Flow) {
  const pr = github('pull_request', pullRequestEvent(), MERGE, `refs/pull/${PR}/merge`);
  await t.scenario.tools.answer([...accepted]);
  const { plan } = await t.scenario.run('plan.yml', {
    runId: PLAN_RUN,
    table: { github: pr, ...flow.secrets, inputs: {} },
    files: flow.files,
    base: flow.base,
  });
  expect(plan?.result, plan?.log).toBe('success');
  const [comment = ''] = await t.scenario.tools.bodies(/--method POST repos\/acme\/dns\/issues\/7\/comments/);

  await t.scenario.tools.answer([...reviewed, ...accepted]);
  const push = github('push', pushEvent(), MERGE, 'refs/heads/main');
  const from = flow.origin ? { origin: flow.origin } : { files: flow.files };
  const applied = await t.scenario.run('apply.yml', {
    runId: 6001,
    table: { github: push, ...flow.secrets, inputs: { allow_unsafe: null } },
    ...from,
  });
  expect(applied.apply?.result, applied.apply?.log).toBe('success');
  expect(applied.apply?.log).toContain('Converged: a new plan shows no changes.');

  await t.scenario.tools.answer([...quiet, ...accepted]);
  const nightly = github('schedule', { schedule: '17 3 * * *' }, 'e'.repeat(40), 'refs/heads/main');
  const checked = await t.scenario.run('drift.yml', {
    runId: 7001,
    table: { github: nightly, ...flow.secrets, inputs: {} },
    ...from,
  });
  expect(checked.drift?.result, checked.drift?.log).toBe('success');
  expect(checked.drift?.summary).toContain(
    '## edgeplan drift\n\nNo drift. Live state matches the desired state.',
  );
  expect(checked.verify?.result, checked.verify?.log).toBe('success');
  expect(checked.verify?.summary).toMatch(/\d+ record sets? served as desired by every server\./);
  // In sync: the open issues were looked up, and nothing was opened, edited or closed.
  expect(ghLines(await t.scenario.tools.calls()).filter((line) => /^(issue|label) /.test(line))).toEqual([]);
  return { comment, apply: applied.apply };
}

const pdnsSkip = pdnsMissing();
describe.skipIf(pdnsSkip !== null)(`PowerDNS${pdnsSkip ? ` (skipped: ${pdnsSkip})` : ''}`, () => {
  it('plans on the pull request, applies on merge, then finds no drift and the zone served', async () => {
    const server: PdnsServer = await startPdnsServer();
    try {
      const providers =
        'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY, ' +
        'nameservers: [ns1.example.net.] }\n';
      const zone = (records: string) => `zones:\n  pdns.test:\n    create: {}\n    records:\n${records}`;
      const { comment } = await pullRequestToNightly({
        secrets: table(
          {
            EDGEPLAN_READ_PDNS_URL: server.webUrl,
            EDGEPLAN_PDNS_URL: server.webUrl,
            EDGEPLAN_NAMESERVERS: `127.0.0.1:${server.dnsPort}`,
          },
          { EDGEPLAN_READ_PDNS_API_KEY: server.apiKey, EDGEPLAN_PDNS_API_KEY: server.apiKey },
        ),
        base: BASE,
        files: {
          ...BASE,
          'dns/providers.yaml': providers,
          'dns/zones.yaml': zone('      www: { a: [192.0.2.10] }\n'),
        },
      });
      expect(comment).toContain('pdns.test');
      expect(comment).not.toContain(server.apiKey);
    } finally {
      await server.stop();
    }
  });
});

const serversSkip = serversMissing();
const BIND_PROVIDER =
  'providers:\n  bind: { type: rfc2136, server_env: EDGEPLAN_BIND_SERVER, tsig_env: EDGEPLAN_BIND_TSIG }\n';

describe.skipIf(serversSkip !== null)(
  `BIND 9 over RFC 2136${serversSkip ? ` (skipped: ${serversSkip})` : ''}`,
  () => {
    it('plans with the key that reads, applies with the key that updates, then no drift and the zone served', async () => {
      const server: Rfc2136Server = await startServer('bind', [{ zone: 'bind.test' }]);
      try {
        const records = '      www: { a: [192.0.2.20] }\n      "@": { txt: ["v=spf1 -all"] }\n';
        const { comment } = await pullRequestToNightly({
          secrets: table(
            {
              EDGEPLAN_BIND_SERVER: `127.0.0.1:${server.port}`,
              EDGEPLAN_NAMESERVERS: `127.0.0.1:${server.port}`,
            },
            { EDGEPLAN_READ_BIND_TSIG: server.keyText, EDGEPLAN_BIND_TSIG: server.keyText },
          ),
          base: BASE,
          files: {
            ...BASE,
            'dns/providers.yaml': BIND_PROVIDER,
            'dns/zones.yaml': `zones:\n  bind.test:\n    records:\n${records}`,
          },
        });
        expect(comment).toContain('bind.test');
        expect(comment).not.toContain(server.keyText.split(':')[2]);
      } finally {
        await server.stop();
      }
    });
  },
);

describe.skipIf(serversSkip !== null)(`zone files${serversSkip ? ` (skipped: ${serversSkip})` : ''}`, () => {
  const ZONE = 'files.test';
  const FILE = `dns/zones/${ZONE}.zone`;
  const HAND_WRITTEN = [
    '$TTL 3600',
    `@ IN SOA ns1.example.net. hostmaster.${ZONE}. 2026010101 3600 600 86400 300`,
    '@ IN NS ns1.example.net.',
    '; the web server',
    'www IN A 192.0.2.10',
    'old IN A 192.0.2.99',
    '',
  ].join('\n');
  const providers = 'providers:\n  files: { type: zonefile, directory: zones/ }\n';
  const zone = (records: string) => `zones:\n  ${ZONE}:\n    providers: [files]\n    records:\n${records}`;

  it('the PR shows the files’ diff; the merge commits them to main and deploys them; no drift, served', async () => {
    const server = await startServer('bind', [{ zone: ZONE, updates: false }]);
    try {
      // The deploy hook of the examples, as a repository keeps it: its settings point at the test's BIND.
      const example = await readFile('examples/github-actions/deploy-zone-files.sh', 'utf8');
      const hook = example
        .replace(/^ZONE_DIR=.*$/m, `ZONE_DIR=${server.dir}`)
        .replace(/^PORT=.*$/m, `PORT=${server.port}`);
      expect(hook).not.toBe(example);
      // rndc, as the runner on the primary has it: BIND reloads its changed zone files on SIGHUP.
      await writeFile(join(t.scenario.tools.bin, 'rndc'), `#!/bin/sh\nkill -HUP ${server.pid}\n`);
      await chmod(join(t.scenario.tools.bin, 'rndc'), 0o755);

      const before = {
        'dns/providers.yaml': providers,
        'dns/zones.yaml': zone('      www: { a: [192.0.2.10] }\n      old: { a: [192.0.2.99] }\n'),
        [FILE]: HAND_WRITTEN,
        'deploy.sh': hook,
      };
      const after = {
        ...before,
        'dns/zones.yaml': zone('      www: { a: [192.0.2.10] }\n      api: { a: [192.0.2.20] }\n'),
      };
      const origin = await makeOrigin(join(t.suite.root, `origin-${Date.now()}`), [before, after]);
      const merged = (await git(origin, 'rev-parse', 'main')).stdout.trim();

      const { comment } = await pullRequestToNightly({
        secrets: table(
          {
            EDGEPLAN_ZONEFILE_PROVIDER: 'files',
            EDGEPLAN_DEPLOY_HOOK: 'deploy.sh',
            EDGEPLAN_NAMESERVERS: `127.0.0.1:${server.port}`,
          },
          {},
        ),
        base: before,
        files: after,
        origin,
      });

      // The pull request's comment: the plan, then the zone file as the apply will write it.
      expect(comment).toContain('<summary>Zone files after the apply (git diff)</summary>');
      expect(comment).toMatch(/^-old\s+IN\s+A\s+192\.0\.2\.99$/m);
      expect(comment).toMatch(/^\+api\s+(3600\s+)?IN\s+A\s+192\.0\.2\.20$/m);
      // main: the merge, then the zone file the apply wrote, committed by the bot, nothing else.
      const log = (await git(origin, 'log', '--format=%s', `${merged}..main`)).stdout;
      expect(log).toBe('edgeplan: zone files as applied from f0e1d2c [skip ci]\n');
      expect((await git(origin, 'diff', '--name-only', merged, 'main')).stdout).toBe(`${FILE}\n`);
      // The merged pull request hears of it: applied, committed, deployed.
      const committed = (await git(origin, 'rev-parse', '--short=7', 'main')).stdout.trim();
      const [report] = await t.scenario.tools.bodies(/-F body=@report\.md/);
      expect(report).toContain(`\nZone files committed to main as ${committed}, and deployed.\n`);
      // BIND serves the file the hook installed.
      expect(await readFile(join(server.dir, `${ZONE}.zone`), 'utf8')).toBe(
        (await git(origin, 'show', `main:${FILE}`)).stdout,
      );
    } finally {
      await server.stop();
    }
  });
});
