import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../../src/config/index.js';
import { formatDiagnostic } from '../../../src/model/diagnostic.js';
import { cli } from '../../support/cli.js';
import { DYN_LIKE, tempTree } from '../helpers.js';

/**
 * Secrets stay with their service: a provider entry names only `EDGEPLAN_` variables, each for one role of one
 * provider, and never a variable edgeplan reads for another role.
 */

async function problems(providers: string): Promise<string[]> {
  const dir = await tempTree({ 'desired.yaml': `providers:\n${providers}zones: {}\n` });
  const file = join(dir, 'desired.yaml');
  const result = await loadDesiredState([dir], DYN_LIKE);
  return result.ok ? [] : result.diagnostics.map((d) => formatDiagnostic(d).replaceAll(`${file}:`, ''));
}

const PREFIX = 'must be the name of an environment variable that starts with EDGEPLAN_';
const ONE_ROLE = 'a variable serves one role of one provider only';

describe('the variables a provider entry names', () => {
  it("start with EDGEPLAN_: another tool's variable (GITHUB_TOKEN, a CI's URL) is never read", async () => {
    expect(
      await problems(
        '  pdns: { type: powerdns, url_env: GITHUB_SERVER_URL, api_key_env: GITHUB_TOKEN }\n' +
          '  dyn: { type: dyn, url_env: GITHUB_API_URL, password_env: edgeplan_dyn_password }\n',
      ),
    ).toEqual([
      `2:36: url_env ${PREFIX}, got "GITHUB_SERVER_URL"`,
      `2:68: api_key_env ${PREFIX}, got "GITHUB_TOKEN"`,
      `3:30: url_env ${PREFIX}, got "GITHUB_API_URL"`,
      `3:60: password_env ${PREFIX}, got "edgeplan_dyn_password"`,
    ]);
  });

  it("are never a variable edgeplan reads for another role: the WAF secret, Dyn's password or address", async () => {
    expect(
      await problems(
        '  pdns: { type: powerdns, url_env: EDGEPLAN_DYN_URL, api_key_env: EDGEPLAN_WAF_CLIENT_SECRET }\n' +
          '  dyn: { type: dyn, user_env: EDGEPLAN_DYN_PASSWORD, password_env: EDGEPLAN_NOTE }\n',
      ),
    ).toEqual([
      `2:36: url_env: EDGEPLAN_DYN_URL is the default API address of dyn providers, and ${ONE_ROLE}: name a variable of its own for the server address of provider "pdns"`,
      `2:67: api_key_env: EDGEPLAN_WAF_CLIENT_SECRET is the WAF client secret, and ${ONE_ROLE}: name a variable of its own for the API key of provider "pdns"`,
      `3:31: user_env: EDGEPLAN_DYN_PASSWORD is the default password of dyn providers, and ${ONE_ROLE}: name a variable of its own for the user name of provider "dyn"`,
      `3:68: password_env: EDGEPLAN_NOTE is the note added to every publish, and ${ONE_ROLE}: name a variable of its own for the password of provider "dyn"`,
    ]);
  });

  it("may name a dyn provider's own defaults, and each provider's own variables", async () => {
    expect(
      await problems(
        '  dyn: { type: dyn, url_env: EDGEPLAN_DYN_URL, password_env: EDGEPLAN_DYN_PASSWORD }\n' +
          '  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS_URL, api_key_env: EDGEPLAN_PDNS_API_KEY }\n',
      ),
    ).toEqual([]);
  });

  it('serve one role: one variable for two keys of one provider is refused at both', async () => {
    expect(
      await problems('  pdns: { type: powerdns, url_env: EDGEPLAN_PDNS, api_key_env: EDGEPLAN_PDNS }\n'),
    ).toEqual([
      `2:36: url_env: EDGEPLAN_PDNS is also the API key of provider "pdns" (api_key_env at 2:64), and ${ONE_ROLE}`,
      `2:64: api_key_env: EDGEPLAN_PDNS is also the server address of provider "pdns" (url_env at 2:36), and ${ONE_ROLE}`,
    ]);
  });

  it("of one provider: a variable another reads by default is refused where it is named, and at the other's name", async () => {
    expect(
      await problems(
        '  main: { type: dyn }\n' +
          '  second: { type: dyn, url_env: EDGEPLAN_DYN2_URL, customer_env: EDGEPLAN_DYN2_CUSTOMER, user_env: EDGEPLAN_DYN_USER }\n',
      ),
    ).toEqual([
      `2:3: provider "main" reads EDGEPLAN_DYN_USER, EDGEPLAN_DYN_PASSWORD by default, which provider "second" reads too; ${ONE_ROLE}: give it its own user_env, password_env`,
      `3:3: provider "second" reads EDGEPLAN_DYN_PASSWORD by default, which provider "main" reads too; ${ONE_ROLE}: give it its own password_env`,
      `3:100: user_env: EDGEPLAN_DYN_USER is also the user name of provider "main" (its user_env by default), and ${ONE_ROLE}`,
    ]);
  });
});

describe('through the CLI', () => {
  let server: Server;
  let requests = 0;
  let url: string;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests += 1;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a desired state that routes the WAF secret to another address sends nothing anywhere', async () => {
    const dir = await tempTree({
      'desired.yaml':
        'providers:\n  pdns: { type: powerdns, url_env: EDGEPLAN_ELSEWHERE, api_key_env: EDGEPLAN_WAF_CLIENT_SECRET }\n' +
        'zones:\n  example.com: { records: { www: { a: [192.0.2.1] } } }\n',
    });
    const env = { EDGEPLAN_ELSEWHERE: url, EDGEPLAN_WAF_CLIENT_SECRET: 'waf-secret-never-sent' };
    const run = await cli(['plan', dir], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('api_key_env: EDGEPLAN_WAF_CLIENT_SECRET is the WAF client secret');
    expect(run.stderr).not.toContain('waf-secret-never-sent');
    expect(requests).toBe(0);
  });
});
