import { describe, expect, it } from 'vitest';
import { redactBody, redactHeaders } from '../../../src/providers/http/redact.js';

describe('redaction of WAF secrets', () => {
  it('hides the client secret of the token request, in every encoding the token endpoint takes', () => {
    expect(redactBody('grant_type=client_credentials&client_id=app&client_secret=s3cr%26t')).toBe(
      'grant_type=client_credentials&client_id=app&client_secret=***',
    );
    expect(redactBody('{"client_id":"app","client_secret":"s3cret"}')).toBe(
      '{"client_id":"app","client_secret":"***"}',
    );
  });

  it('hides access tokens in a token response and the bearer header', () => {
    expect(redactBody('{"access_token":"abc","token_type":"bearer","expires_in":7200}')).toBe(
      '{"access_token":"***","token_type":"bearer","expires_in":7200}',
    );
    expect(redactHeaders({ Authorization: 'Bearer abc', 'User-Agent': 'edgeplan/0.1.0' })).toEqual({
      Authorization: '***',
      'User-Agent': 'edgeplan/0.1.0',
    });
  });
});
