import { afterEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../../src/emulator/dyn/sessions.js';
import { fakeClock } from '../../support/fake-clock.js';
import type { Harness } from '../helpers.js';
import { DEMO, SEED, startHarness } from '../helpers.js';

let h: Harness;
afterEach(async () => h?.close());

describe('sessions', () => {
  it('logs in, checks, keeps alive and logs out', async () => {
    h = await startHarness();
    const login = await h.call('POST', '/Session/', { body: DEMO });
    expect(login.status).toBe(200);
    expect(login.contentType).toBe('application/json');
    const data = login.body.data as { token: string; version: string };
    expect(data.version).toBe('3.7.9');
    expect(data.token).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(data.token).toHaveLength(172);
    expect(login.body).toMatchObject({
      status: 'success',
      msgs: [{ INFO: 'login: Login successful', SOURCE: 'BLL', ERR_CD: '', LVL: 'INFO' }],
    });
    expect(Number.isInteger(login.body.job_id)).toBe(true);

    const alive = await h.call('GET', '/Session/', { token: data.token });
    expect(alive.body).toMatchObject({ status: 'success', data: {} });
    expect(alive.body.msgs[0]?.INFO).toBe('isalive: User session is still active');
    expect(alive.body.job_id).not.toBe(login.body.job_id);
    expect((await h.call('PUT', '/Session', { token: data.token })).body.status).toBe('success');

    const out = await h.call('DELETE', '/Session/', { token: data.token });
    expect(out.body).toMatchObject({ status: 'success', data: {} });
    expect(out.body.msgs[0]?.INFO).toBe('logout: Logout successful');
    const after = await h.call('GET', '/Session/', { token: data.token });
    expect(after.status).toBe(400);
    expect(after.body.msgs[0]?.INFO).toBe('login: Bad or expired credentials');
  });

  it('refuses bad credentials with the two documented msgs and no token', async () => {
    h = await startHarness();
    const reply = await h.call('POST', '/Session/', { body: { ...DEMO, password: 'nope' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 'failure', data: {} });
    expect(reply.body.msgs).toEqual([
      {
        INFO: 'login: Credentials you entered did not match those in our database. Please try again',
        SOURCE: 'BLL',
        ERR_CD: 'INVALID_DATA',
        LVL: 'ERROR',
      },
      { INFO: 'login: Login failed', SOURCE: 'BLL', ERR_CD: '', LVL: 'INFO' },
    ]);
  });

  it('names every missing login field', async () => {
    h = await startHarness();
    const reply = await h.call('POST', '/Session/', { body: { customer_name: 'demo' } });
    expect(reply.status).toBe(400);
    expect(reply.body.data).toBeNull();
    expect(reply.body.msgs).toEqual([
      { INFO: 'user_name: required field missing', SOURCE: 'API-A', ERR_CD: 'MISSING_DATA', LVL: 'ERROR' },
      { INFO: 'password: required field missing', SOURCE: 'API-A', ERR_CD: 'MISSING_DATA', LVL: 'ERROR' },
    ]);
  });

  it('uses the seeded credentials', async () => {
    const credentials = { customer_name: 'acme', user_name: 'ops', password: 's3cret' };
    h = await startHarness({ seed: { dns: { credentials } } });
    expect((await h.call('POST', '/Session/', { body: DEMO })).status).toBe(400);
    expect((await h.call('POST', '/Session/', { body: credentials })).body.status).toBe('success');
    expect(h.emulator.credentials).toEqual(credentials);
  });

  it('requires the Auth-Token header and refuses unknown tokens', async () => {
    h = await startHarness();
    const missing = await h.call('GET', '/Zone/');
    expect(missing.status).toBe(400);
    expect(missing.body.status).toBe('failure');
    expect(missing.body.msgs[0]?.INFO).toBe('The Auth-Token HTTP header must be set to make this call');
    const bad = await h.call('GET', '/Zone/', { token: 'bm90LWEtdG9rZW4=' });
    expect(bad.status).toBe(400);
    expect(bad.body.msgs).toEqual([
      { INFO: 'login: Bad or expired credentials', SOURCE: 'BLL', ERR_CD: 'INVALID_DATA', LVL: 'ERROR' },
      { INFO: 'login: There was a problem with your credentials', SOURCE: 'BLL', ERR_CD: '', LVL: 'INFO' },
    ]);
  });

  it('expires idle sessions (inactivity logout), refreshes on use and drops their pending changes', async () => {
    const clock = fakeClock(Date.UTC(2024, 0, 1));
    h = await startHarness({ seed: SEED, sessionIdleMs: 60_000, now: clock.now });
    const token = await h.login();
    clock.advance(50_000);
    const add = await h.call('POST', '/ARecord/example.com/new.example.com/', {
      token,
      body: { rdata: { address: '192.0.2.99' }, ttl: '60' },
    });
    expect(add.body.status).toBe('success');
    clock.advance(50_000); // 100 s after login, 50 s after last use: still alive
    expect((await h.call('GET', '/Session/', { token })).body.status).toBe('success');
    clock.advance(60_000);
    const idle = await h.call('PUT', '/Zone/example.com/', { token, body: { publish: true } });
    expect(idle.status).toBe(400);
    expect(idle.body.msgs[0]).toMatchObject({ INFO: 'login: inactivity logout', ERR_CD: 'INVALID_DATA' });
    expect(idle.body.msgs[1]?.INFO).toBe('login: There was a problem with your credentials');

    const other = await h.login();
    const nodes = await h.call('GET', '/NodeList/example.com/', { token: other });
    expect(nodes.body.data).not.toContain('new.example.com');
    const changes = await h.call('GET', '/ZoneChanges/example.com/', { token: other });
    expect(changes.body.data).toEqual([]);
  });
});

describe('SessionStore sweep', () => {
  it('ends idle sessions without a request naming them', () => {
    const clock = fakeClock(0);
    const store = new SessionStore(1_000, clock.now);
    const a = store.create();
    clock.advance(600);
    store.create();
    clock.advance(600);
    expect(store.sweep()).toBe(1);
    expect(store.size).toBe(1);
    expect(() => store.authenticate(a.token)).toThrowError('login: inactivity logout');
  });
});
