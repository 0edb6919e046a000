import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { reportAnnotations } from '../../src/cli/output/github.js';
import { renderWaitText } from '../../src/cli/services/wait-served.js';
import { hasControl, hostileText } from '../plan/helpers/hostile.js';

/**
 * What the CLI prints itself from live data, beside the plan renderers (test/plan/render/render-hostile.property.test.ts):
 * the `--wait-served` report quotes what a lagging server serves, and a GitHub annotation may quote a live name.
 * Whatever they hold, no control character but the line breaks the CLI puts reaches the terminal or the runner,
 * and no live string starts a line of its own.
 */

function capture(env: Record<string, string> = {}): CliIo & { out: () => string } {
  let out = '';
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: () => {},
    env,
    cwd: '.',
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    confirm: async () => false,
    untilShutdown: async () => {},
    out: () => out,
  };
}

describe('live text the CLI prints itself', () => {
  it('--wait-served: a lagging server and what it serves are escaped, one line each', () => {
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, (server, set, why) => {
        const io = capture();
        renderWaitText(
          {
            zones: [
              {
                zone: 'example.com',
                provider: 'dyn',
                sets: 2,
                lagging: [{ server: `s-${server}`, set: `x-${set}`, why: `w-${why}` }],
              },
              { zone: 'example.net', provider: 'dyn', sets: 1, servedAfterMs: 1500, lagging: [] },
            ],
            waitedMs: 30_000,
            done: false,
            rounds: 3,
          },
          'dyn',
          io,
        );
        expect(hasControl(io.out())).toBe(false);
        expect(io.out().split('\n')).toHaveLength(5);
      }),
      { numRuns: 200 },
    );
  });

  it('GitHub annotations: a message quoting a live name is one escaped command', () => {
    fc.assert(
      fc.property(hostileText, (name) => {
        const io = capture({ GITHUB_ACTIONS: 'true' });
        reportAnnotations(
          [
            {
              file: 'dns/zones.yaml',
              line: 3,
              col: 5,
              code: 'EP1608',
              message: `bot "${name}" is not in the catalogue`,
            },
          ],
          io,
        );
        expect(hasControl(io.out().slice(0, -1))).toBe(false);
        expect(io.out()).toMatch(
          /^::error file=dns\/zones\.yaml,line=3,col=5::EP1608 bot "[^\n]*" is not in the catalogue\n$/,
        );
      }),
      { numRuns: 200 },
    );
  });
});
