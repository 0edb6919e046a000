import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/io.js';
import { cliLogger } from '../../../src/cli/output/logger.js';
import { printable } from '../../../src/model/text.js';
import { registerSecret, scrubSecrets } from '../../../src/providers/http/secrets.js';

function io(): CliIo & { err: () => string } {
  let err = '';
  return {
    stdout: () => {},
    stderr: (t) => {
      err += t;
    },
    env: {},
    cwd: '.',
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    confirm: async () => false,
    untilShutdown: async () => {},
    err: () => err,
  };
}

describe('cliLogger', () => {
  it('writes every level to stderr with any URL shown without its user name and password', () => {
    const out = io();
    const logger = cliLogger(out, true);
    logger.debug('polling https://ops:log-Pass-1@dyn.test/REST/Job/5/');
    logger.info('emulator on http://ops@127.0.0.1:8787/REST');
    logger.warn('retrying https://ops:log@Pass-2@waf.test/api/v3');
    expect(out.err()).toBe(
      'debug: polling https://***@dyn.test/REST/Job/5/\n' +
        'emulator on http://***@127.0.0.1:8787/REST\n' +
        'warning: retrying https://***@waf.test/api/v3\n',
    );
  });

  it('writes debug lines only with --verbose, and says so to callers that would build one', () => {
    const out = io();
    const quiet = cliLogger(out, false);
    quiet.debug('http → GET /REST/Zone/');
    expect(out.err()).toBe('');
    expect(quiet.debugs).toBe(false);
    expect(cliLogger(out, true).debugs).toBe(true);
  });

  it('escapes what acts on a terminal, after hiding secrets (a secret holding a control character included)', () => {
    const secret = 'key-With\rCR-81';
    registerSecret(secret);
    const out = io();
    const logger = cliLogger(out, false);
    logger.info('geo service "Web\u001b]0;pwned\u0007" read');
    logger.warn(`refused ${secret}`);
    expect(out.err()).toBe('geo service "Web\\x1b]0;pwned\\x07" read\nwarning: refused ***\n');
    expect(scrubSecrets(`shown as ${printable(secret)}`)).toBe('shown as ***');
  });
});
