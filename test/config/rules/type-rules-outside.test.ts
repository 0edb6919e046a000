import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problems, tempTree } from '../helpers.js';

/** The delegation rule looks only inside the record's zone: names outside it are the name rule's problem alone. */
describe('records below a delegation, outside the zone', () => {
  it('an NS and a record below it, both outside the zone, are each refused once as outside', async () => {
    const dir = await tempTree({
      'dns.yaml':
        'zones:\n  example.com:\n    records:\n      other.org.: { ns: [ns1.example.net.] }\n' +
        '      www.other.org.: { a: [192.0.2.1] }\n',
    });
    expect((await problems(join(dir, 'dns.yaml'))).map((line) => line.replaceAll(`${dir}/`, ''))).toEqual([
      'dns.yaml:4:7: record name "other.org." is not inside zone "example.com"',
      'dns.yaml:5:7: record name "www.other.org." is not inside zone "example.com"',
    ]);
  });
});
