// One benchmark step against a DNS provider, measured in the process that runs it (pdns-client.mjs,
// rfc2136-client.mjs): plan the desired state live, apply it for an apply step, close the provider, then print one
// JSON line: wall and CPU time of that work, the process's peak RSS, the plan's changes and ops, the steps that
// failed, and `extra(plan)` (a provider's own counts). `check`: after an apply that had changes, plan again in the
// same process, as `edgeplan apply` does to prove convergence (`checkChanges`: that plan's changes).
import { applyPlan, IMPLICIT_PROVIDER, planLive, writersOf } from '../dist/index.js';

export async function runMeasuredStep(desired, dns, step, extra = () => ({}), check = false) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const providers = { dns: { [IMPLICIT_PROVIDER.name]: dns } };
  const plan = await planLive(desired, providers);
  const result = step === 'apply' ? await applyPlan(plan, writersOf(providers)) : undefined;
  const changed = check && result && plan.changes.length > 0;
  const checked = changed ? { checkChanges: (await planLive(desired, providers)).changes.length } : {};
  await dns.close();
  const wallMs = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  const failed = result?.steps.filter((s) => s.status !== 'applied') ?? [];
  process.stdout.write(
    `${JSON.stringify({
      wallMs: Math.round(wallMs),
      cpuMs: Math.round((user + system) / 1000),
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      changes: plan.changes.length,
      ops: plan.steps.reduce((sum, s) => sum + s.ops.length, 0),
      ...extra(plan),
      ...checked,
      failed: failed.map((s) => `${s.id}: ${s.error ?? s.status}`),
    })}\n`,
  );
}
