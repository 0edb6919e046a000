import { describe, expect, it } from 'vitest';
import { REDACTED, redactBody, redactHeaders } from '../../src/providers/http/redact.js';

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
