import { describe, expect, it } from 'vitest';
import {
  hasUserinfo,
  REDACTED,
  redactBody,
  redactHeaders,
  redactUserinfo,
} from '../../../src/providers/http/redact.js';

describe('redactHeaders', () => {
  it('hides Auth-Token and Authorization whatever their case, keeps the rest', () => {
    expect(
      redactHeaders({ 'Auth-Token': 'abc', authorization: 'Bearer xyz', 'Content-Type': 'application/json' }),
    ).toEqual({ 'Auth-Token': REDACTED, authorization: REDACTED, 'Content-Type': 'application/json' });
  });
});

describe('redactBody', () => {
  it('hides secret fields at any depth of a JSON body', () => {
    const body = JSON.stringify({
      customer_name: 'acme',
      password: 'pw',
      data: { token: 'tok', nested: [{ client_secret: 'cs', access_token: 'at', keep: 1 }] },
    });
    expect(JSON.parse(redactBody(body))).toEqual({
      customer_name: 'acme',
      password: REDACTED,
      data: { token: REDACTED, nested: [{ client_secret: REDACTED, access_token: REDACTED, keep: 1 }] },
    });
  });

  it('hides secret fields of a form body', () => {
    expect(redactBody('grant_type=client_credentials&client_id=id&client_secret=s%26cret')).toBe(
      'grant_type=client_credentials&client_id=id&client_secret=***',
    );
  });

  it('leaves other text and JSON without secrets as they are', () => {
    expect(redactBody('/REST/Job/1/')).toBe('/REST/Job/1/');
    expect(redactBody('{"rdata":{"address":"1.2.3.4"},"ttl":300}')).toBe(
      '{"rdata":{"address":"1.2.3.4"},"ttl":300}',
    );
  });
});

describe('redactUserinfo', () => {
  it('hides a user name alone, and a user name with its password', () => {
    expect(redactUserinfo('https://ops@api.test/REST')).toBe('https://***@api.test/REST');
    expect(redactUserinfo('https://ops:s3cret@api.test:8443/REST/Zone/?a=1')).toBe(
      'https://***@api.test:8443/REST/Zone/?a=1',
    );
  });

  it('hides percent-encoded userinfo and a password with an unencoded @ (the last @ ends it)', () => {
    expect(redactUserinfo('http://us%40er:p%3Ass%2F@127.0.0.1:8787/REST')).toBe(
      'http://***@127.0.0.1:8787/REST',
    );
    expect(redactUserinfo('https://ops:p@ss@w0rd@api.test/REST')).toBe('https://***@api.test/REST');
    // What URL parsers make of that address: the same host, the @ encoded in the password.
    expect(new URL('https://ops:p@ss@w0rd@api.test/REST').host).toBe('api.test');
    expect(redactUserinfo(new URL('https://ops:p@ss@w0rd@api.test/REST').href)).toBe(
      'https://***@api.test/REST',
    );
  });

  it('hides every URL in a message, whatever the scheme case, and keeps the rest of the text', () => {
    expect(
      redactUserinfo(
        'fetch failed: Request cannot be constructed from a URL that includes credentials: ' +
          'HTTPS://a:b@x.test/REST/Session/ (then tried http://c:d@y.test)',
      ),
    ).toBe(
      'fetch failed: Request cannot be constructed from a URL that includes credentials: ' +
        'HTTPS://***@x.test/REST/Session/ (then tried http://***@y.test)',
    );
  });

  it('leaves URLs without userinfo and @ outside an authority as they are', () => {
    for (const text of [
      'https://api.test/REST/Zone/a.test/',
      'https://api.test/path@x?mail=ops@acme.test#a@b',
      'edgeplan-test (ops@acme.test)',
      'GET /REST/Zone/?detail=Y',
    ]) {
      expect(redactUserinfo(text)).toBe(text);
    }
  });
});

describe('hasUserinfo', () => {
  it('is true for a user name, a password or both, false for neither', () => {
    expect(hasUserinfo(new URL('https://ops@api.test/'))).toBe(true);
    expect(hasUserinfo(new URL('https://:pw@api.test/'))).toBe(true);
    expect(hasUserinfo(new URL('https://ops:pw@api.test/'))).toBe(true);
    expect(hasUserinfo(new URL('https://api.test/?u=ops@acme.test'))).toBe(false);
  });
});
