/**
 * Secrets a hostile or careless server echoes: a login error quoting the request body, an OAuth
 * error quoting the client secret, a token with CR/LF that would split a header (and that the runtime's header error
 * would print). Each server is a small scripted HTTP server on 127.0.0.1; the CLI runs in-process. Nothing printed
 * may hold the password, the client secret or the token.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerSecret, scrubSecrets } from '../../src/providers/http/secrets.js';
import { cli } from '../support/cli.js';

// Time budget: ten times its slowest test (0.7 s in the full suite at load 9 on 2 cores), rounded up.
vi.setConfig({ testTimeout: 10_000, hookTimeout: 10_000 });

const PASSWORD = 'pw-Echoed-S3cret-77';
const CLIENT_SECRET = 'waf-Echoed-S3cret-78';
const TOKEN = 'tok-Split-Header-79';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

async function serve(handler: Handler): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += String(chunk);
    });
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
const dynFailure = (info: string) => ({
  status: 'failure',
  data: {},
  job_id: 1,
  msgs: [{ INFO: info, SOURCE: 'BLL', ERR_CD: 'INVALID_DATA', LVL: 'ERROR' }],
});

let dir: string;
let dnsFile: string;
let wafFile: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edgeplan-hostile-secrets-'));
  dnsFile = join(dir, 'dns.yaml');
  wafFile = join(dir, 'waf.yaml');
  await writeFile(dnsFile, 'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1] }\n');
  await writeFile(
    wafFile,
    'waf:\n  webapps:\n    shop:\n      good_bots: { mode: exact, allow: [Googlebot] }\n',
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const dnsEnv = (origin: string) => ({
  EDGEPLAN_DYN_URL: `${origin}/REST`,
  EDGEPLAN_DYN_CUSTOMER: 'acme',
  EDGEPLAN_DYN_USER: 'ci-bot',
  EDGEPLAN_DYN_PASSWORD: PASSWORD,
});
const wafEnv = (origin: string) => ({
  EDGEPLAN_WAF_URL: `${origin}/api/v3`,
  EDGEPLAN_WAF_CLIENT_ID: 'acme-ci',
  EDGEPLAN_WAF_CLIENT_SECRET: CLIENT_SECRET,
});

function expectNoSecret(output: string): void {
  for (const secret of [PASSWORD, CLIENT_SECRET, TOKEN, encodeURIComponent(CLIENT_SECRET)]) {
    expect(output).not.toContain(secret);
  }
  expect(output).not.toContain('\r');
}

describe('secrets echoed by a server are not printed', () => {
  it('a login error that echoes the request body', async () => {
    const server = await serve((_req, body, res) => json(res, 400, dynFailure(`login: bad request ${body}`)));
    try {
      const run = await cli(['plan', dnsFile, '--verbose'], dnsEnv(server.origin));
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('login: bad request');
      expect(run.stderr).toContain('"password":"***"');
      expectNoSecret(run.stdout + run.stderr);
    } finally {
      await server.close();
    }
  });

  it('an OAuth error that echoes the client secret, form-encoded and as written', async () => {
    const server = await serve((_req, body, res) =>
      json(res, 401, {
        error: 'invalid_client',
        error_description: `${body} (${CLIENT_SECRET}) is not valid`,
      }),
    );
    try {
      const run = await cli(['plan', wafFile, '--verbose'], wafEnv(server.origin));
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).toContain('client_secret=***');
      expectNoSecret(run.stdout + run.stderr);
    } finally {
      await server.close();
    }
  });

  it('a session token with CR/LF is refused when received, without showing it', async () => {
    const server = await serve((req, _body, res) => {
      if (req.method === 'POST')
        json(res, 200, { status: 'success', data: { token: `${TOKEN}\r\nX-Evil: 1` }, msgs: [] });
      else json(res, 400, dynFailure(`unexpected ${req.method} ${req.url} ${req.headers['auth-token']}`));
    });
    try {
      const run = await cli(['plan', dnsFile, '--verbose'], dnsEnv(server.origin));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error EP2104: .*token: not usable in an HTTP header/m);
      expectNoSecret(run.stdout + run.stderr);
    } finally {
      await server.close();
    }
  });

  it('an access token with CR/LF is refused when received, without showing it', async () => {
    const server = await serve((req, _body, res) => {
      if (req.url?.includes('oauth'))
        json(res, 200, { access_token: `${TOKEN}\r\nX-Evil: 1`, expires_in: 7200 });
      else json(res, 400, { error: `unexpected ${req.method} ${req.url} ${req.headers.authorization}` });
    });
    try {
      const run = await cli(['plan', wafFile, '--verbose'], wafEnv(server.origin));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error EP2208: .*access_token: not usable in an HTTP header/m);
      expectNoSecret(run.stdout + run.stderr);
    } finally {
      await server.close();
    }
  });
});

describe('scrubSecrets', () => {
  it('replaces a known secret in every form a server may echo, longest first', () => {
    registerSecret('s3cret/with "quotes" & space');
    registerSecret('s3cret');
    const echoed = [
      's3cret/with "quotes" & space',
      's3cret%2Fwith%20%22quotes%22%20%26%20space',
      's3cret%2Fwith+%22quotes%22+%26+space',
      '{"p":"s3cret/with \\"quotes\\" & space"}',
    ].join(' | ');
    expect(scrubSecrets(echoed)).toBe('*** | *** | *** | {"p":"***"}');
  });

  it('leaves a secret shorter than 4 characters alone: scrubbing it would mangle every text', () => {
    registerSecret('ab');
    expect(scrubSecrets('a cab')).toBe('a cab');
  });
});

describe('server error text', () => {
  it('is printed with its terminal escapes shown, not acted on', async () => {
    const server = await serve((_req, _body, res) =>
      json(res, 400, dynFailure('login: \u001b]0;pwned\u0007\u001b[2Jbad credentials')),
    );
    try {
      const run = await cli(['plan', dnsFile], dnsEnv(server.origin));
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('\\x1b]0;pwned\\x07\\x1b[2Jbad credentials');
      expect(run.stderr).not.toContain('\u001b');
    } finally {
      await server.close();
    }
  });
});
