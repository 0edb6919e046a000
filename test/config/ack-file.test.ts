import { describe, expect, it } from 'vitest';
import { AckFileError, parseAckFile } from '../../src/config/ack-file.js';

const entry = (fields: string) => `  - { ${fields}, reason: r, owner: o, expires: 2026-07-31 }\n`;
const file = (...entries: string[]) => `acknowledged:\n${entries.join('')}`;

function problems(text: string): string[] {
  try {
    parseAckFile(text, 'ack.yaml');
  } catch (error) {
    if (error instanceof AckFileError) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('the ack file', () => {
  it('reads record-set targets, digests (lower-cased) and whole objects, with their place', () => {
    const acks = parseAckFile(
      file(
        entry('target: "zone:example.com/www A"'),
        entry('target: "zone:*.example.com/_acme-* TXT"'),
        entry('target: zone:example.com, digest: sha256:3F2A9C1B7E4D'),
        entry('target: "webapp:shop-*"'),
        entry('target: "geo:Global / Web"'),
      ),
      'ack.yaml',
    );
    expect(acks.map((a) => [a.target, a.digest, a.at])).toEqual([
      ['zone:example.com/www A', undefined, { file: 'ack.yaml', line: 2, col: 5 }],
      ['zone:*.example.com/_acme-* TXT', undefined, { file: 'ack.yaml', line: 3, col: 5 }],
      ['zone:example.com', 'sha256:3f2a9c1b7e4d', { file: 'ack.yaml', line: 4, col: 5 }],
      ['webapp:shop-*', undefined, { file: 'ack.yaml', line: 5, col: 5 }],
      ['geo:Global / Web', undefined, { file: 'ack.yaml', line: 6, col: 5 }],
    ]);
    expect(parseAckFile('', 'ack.yaml')).toEqual([]);
  });

  it('carries each problem as a diagnostic of its own, sorted by place, its message the same lines', () => {
    const refused = (() => {
      try {
        parseAckFile(file(entry('target: nope'), '  - 3\n'), 'ack.yaml');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AckFileError);
    const { diagnostics, message, code } = refused as AckFileError;
    expect(code).toBe('EP1910');
    expect(diagnostics.map((d) => [d.line, d.col, d.code])).toEqual([
      [2, 15, 'EP1013'],
      [3, 5, 'EP1013'],
    ]);
    expect(message).toBe(
      'ack.yaml:2:15: EP1013 acknowledged.0.target must be kind:name with kind zone, secondary, geo or webapp\n' +
        'ack.yaml:3:5: EP1013 acknowledged.1 must be a map of target, digest, reason, owner, expires, got 3',
    );
  });

  it('refuses a Unicode zone or record-set name without an A-label at its place, with the code point', () => {
    expect(
      problems(
        file(entry('target: "zone:a\\u200db.example/www A"'), entry('target: "zone:example.com/bü* A"')),
      ),
    ).toEqual([
      'ack.yaml:2:15: EP1013 acknowledged.0.target has a name that is not valid: "aU+200Db" is not a valid ' +
        'internationalized label (UTS #46): U+200D is not allowed in names',
      expect.stringContaining(
        'ack.yaml:3:15: EP1013 acknowledged.1.target has a record-set name that is not valid: "bü*" mixes glob',
      ),
    ]);
  });

  it('checks a Unicode record-set name as its A-label: absolute inside the zone, or refused', () => {
    expect(
      parseAckFile(file(entry('target: "zone:bücher.example/café.bücher.example. A"')), 'ack.yaml'),
    ).toHaveLength(1);
    expect(problems(file(entry('target: "zone:bücher.example/café.bücher.example A"')))).toEqual([
      expect.stringContaining(
        'ack.yaml:2:15: EP1013 acknowledged.0.target has a record-set name "xn--caf-dma.xn--bcher-kva.example" ends in',
      ),
    ]);
  });

  it('refuses a whole zone without a digest: it would hide every later difference in the zone', () => {
    expect(problems(file(entry('target: "zone:example.*"')))).toEqual([
      'ack.yaml:2:15: EP1013 acknowledged.0.target "zone:example.*" would acknowledge every difference in the zone, ' +
        'also any that appears later: name the record sets (zone:example.*/www A, globs allowed) or pin the one ' +
        'difference with digest: (drift prints each change with its digest)',
    ]);
  });

  it('reports every problem at once at its place', () => {
    expect(
      problems(
        file(
          entry('target: example.com'),
          entry('target: "zone:example.com/www"'),
          entry('target: "zone:example.com/[www A"'),
          entry('target: "webapp:shop", digest: sha256:abc'),
        ),
      ),
    ).toEqual([
      'ack.yaml:2:15: EP1013 acknowledged.0.target must be kind:name with kind zone, secondary, geo or webapp',
      'ack.yaml:3:15: EP1013 acknowledged.1.target narrows a zone to record sets as zone:<zone>/<name> <TYPE>, e.g. ' +
        'zone:example.com/www A or zone:example.com/@ MX',
      expect.stringMatching(
        /^ack\.yaml:4:15: EP1013 acknowledged\.2\.target has a glob that is not valid: Missing closing/,
      ),
      'ack.yaml:5:38: EP1013 acknowledged.3.digest must be sha256: and at least 12 hex digits of a digest drift printed, got "sha256:abc"',
    ]);
    expect(problems('acknowledged:\n  - { target: "zone:a/b A", expires: 2026-02-30, extra: 1 }\n')).toEqual([
      'ack.yaml:2:5: EP1013 acknowledged.0.owner is missing',
      'ack.yaml:2:5: EP1013 acknowledged.0.reason is missing',
      'ack.yaml:2:38: EP1013 acknowledged.0.expires is not a calendar date, got "2026-02-30"',
      'ack.yaml:2:50: EP1013 acknowledged.0 has an unknown key "extra" (expected target, digest, reason, owner, expires)',
    ]);
    expect(problems('acknowledged: [\n')[0]).toMatch(/^ack\.yaml:\d+:\d+: EP1005 invalid YAML: /);
  });

  it('reads record-set names as record names are written: relative, or absolute inside the zone', () => {
    const acks = parseAckFile(
      file(
        entry('target: "zone:example.com/www.example.com. A"'),
        entry('target: "zone:example.com./_acme-*.Example.com. TXT"'),
        entry('target: "zone:*.com/www.example.com A"'),
      ),
      'ack.yaml',
    );
    expect(acks).toHaveLength(3);
    expect(
      problems(
        file(
          entry('target: "zone:example.com/www.example.com A"'),
          entry('target: "zone:example.com@pdns/example.com MX"'),
          entry('target: "zone:example.com/www.example.org. A"'),
        ),
      ),
    ).toEqual([
      'ack.yaml:2:15: EP1013 acknowledged.0.target has a record-set name "www.example.com" ends in its zone\'s name ' +
        '"example.com" without a trailing dot, so it would be www.example.com.example.com: write "www", or ' +
        '"www.example.com."',
      'ack.yaml:3:15: EP1013 acknowledged.1.target has a record-set name "example.com" ends in its zone\'s name ' +
        '"example.com" without a trailing dot, so it would be example.com.example.com: write "@", or "example.com."',
      'ack.yaml:4:15: EP1013 acknowledged.2.target has a record-set name "www.example.org." is not inside zone "example.com"',
    ]);
  });
});
