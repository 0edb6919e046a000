import { describe, expect, it } from 'vitest';
import { fastParseYaml } from '../../../src/config/read/fast-yaml.js';
import { parseYamlFile } from '../../../src/config/read/parse-yaml.js';
import { readYamlFile } from '../../../src/config/read/read-yaml.js';

/**
 * readYamlFile (the commands' reader, which loads the full reader only when needed) gives what parseYamlFile
 * gives, for a file the fast reader reads and for each kind of file it leaves to the full reader.
 */
const FAST = 'zones:\n  example.com:\n    records:\n      www: { a: [192.0.2.1], ttl: 017 }\n';
const FULL = {
  anchors: 'shared: &ips [192.0.2.1]\nzones:\n  example.com:\n    records:\n      www: { a: *ips }\n',
  'a syntax error': 'zones: [\n',
  'a tag': 'ttl: !!int "0x10"\n',
  'a block scalar': 'note: |\n  two\n  lines\n',
  'a directive': '%YAML 1.1\n---\nttl: 017\n',
};

describe('readYamlFile', () => {
  it('reads with the fast reader what it reads, its problems included', async () => {
    expect(fastParseYaml('a.yaml', FAST)).not.toBeNull();
    const read = await readYamlFile('a.yaml', FAST);
    expect(read).toEqual(parseYamlFile('a.yaml', FAST));
    expect(read.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('leading zero')]);
  });

  it.each(Object.entries(FULL))('reads a file with %s as the full reader does', async (_kind, text) => {
    expect(fastParseYaml('b.yaml', text)).toBeNull();
    const read = await readYamlFile('b.yaml', text);
    expect(read).toEqual(parseYamlFile('b.yaml', text));
    expect(read.file).toBe('b.yaml');
  });
});
