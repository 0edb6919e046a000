/**
 * Issue 13 part 5: the account of an apply is always true and always printed. A publish whose outcome is unknown
 * is reported so, never as "unchanged"; a check plan that fails after the apply still lets the report out, with the
 * failed check apart.
 */
import { describe, expect, it } from 'vitest';
import { type ApplyCommandOptions, executePlan } from '../../../src/cli/commands/execute-plan.js';
import type { CliIo } from '../../../src/cli/io.js';
import { renderApplyReport } from '../../../src/cli/output/apply-report.js';
import { RateCounts } from '../../../src/cli/output/rate-counts.js';
import type { OpenServices } from '../../../src/cli/services/services.js';
import { applyPlan } from '../../../src/engine/index.js';
import { OutcomeUnknownError, type ProviderOp, type StepWriter } from '../../../src/model/provider.js';
import { PLAN_FORMAT_VERSION, type Plan } from '../../../src/plan/types.js';

const add = {
  kind: 'add-record',
  zone: 'a.test',
  fqdn: 'www.a.test',
  type: 'A',
  value: '192.0.2.1',
  ttl: 300,
};
const publish = { kind: 'publish', zone: 'a.test' };

function planOf(): Plan {
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    summary: { create: 1, update: 0, delete: 0, zones: 1 },
    zones: [{ zone: 'a.test', provider: 'dyn', serial: 7 }],
    changes: [],
    steps: [
      {
        id: 'zone:a.test',
        kind: 'zone',
        provider: 'dyn',
        target: { kind: 'zone', name: 'a.test', provider: 'dyn' },
        after: [],
        ops: [add, publish],
      },
    ],
  };
}

/** A writer that fails the publish with `error`, and records what it was asked. */
function writer(failPublish?: Error): StepWriter & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async execute(op: ProviderOp) {
      calls.push(op.kind);
      if (op.kind === 'publish' && failPublish) throw failPublish;
    },
    async discard() {
      calls.push('discard');
      return undefined;
    },
  };
}

function cliIo(): CliIo & { out: () => string } {
  let out = '';
  return {
    stdout: (t) => {
      out += t;
    },
    stderr: () => {},
    env: {},
    cwd: '.',
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    confirm: async () => false,
    untilShutdown: async () => {},
    out: () => out,
  };
}

const options = {
  yes: true,
  concurrency: 1,
  allowUnsafe: false,
  format: 'text',
  color: false,
  verbose: false,
} satisfies ApplyCommandOptions;

function services(w: StepWriter): OpenServices {
  return {
    providers: {},
    writers: new Map([['dyn', w]]),
    waf: undefined,
    rates: new RateCounts(() => {}),
    close: async () => {},
    handOverInterrupts: () => {},
  };
}

describe('the apply report', () => {
  it('says "outcome unknown" for a publish no read could settle, not "unchanged"', async () => {
    const result = await applyPlan(
      planOf(),
      new Map([['dyn', writer(new OutcomeUnknownError('answer lost'))]]),
    );
    expect(result.steps[0]).toMatchObject({ status: 'failed', outcomeUnknown: true });
    const text = renderApplyReport(result);
    expect(text).toContain('outcome unknown: it may or may not have taken effect');
    expect(text).not.toContain('live records of this zone are unchanged');
  });

  it('is printed when the check plan after the apply fails, with the failed check apart', async () => {
    const io = cliIo();
    const code = await executePlan(planOf(), services(writer()), options, io, async () => {
      throw new Error('GET /REST/Zone/: HTTP 500 after 4 attempts');
    });
    expect(code).toBe(1);
    expect(io.out()).toContain('✓ zone:a.test');
    expect(io.out()).toContain('Applied 1 step (1 zone publish).');
    expect(io.out()).toContain(
      'Could not verify: the check plan after the apply failed: GET /REST/Zone/: HTTP 500 after 4 attempts',
    );
  });

  it('in JSON too: the result, converged null and the reason', async () => {
    const io = cliIo();
    await executePlan(planOf(), services(writer()), { ...options, format: 'json' }, io, async () => {
      throw new Error('disk full');
    });
    const doc = JSON.parse(io.out());
    expect(doc.result.ok).toBe(true);
    expect(doc.converged).toBeNull();
    expect(doc.verifyError).toBe('disk full');
  });
});
