import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { planLive } from '../../apply/index.js';
import type { DesiredState } from '../../model/dns.js';
import { computePlan, renderPlanJson, renderPlanText } from '../../plan/index.js';
import { type Plan, planHasChanges } from '../../plan/types.js';
import { EXIT_CHANGES, EXIT_ERROR, EXIT_OK, type ExitCode } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { loadOrReport } from '../load.js';
import { type ServiceOptions, useColor } from '../options.js';
import { openServices, usesAnyService } from '../services.js';

export interface PlanOptions extends ServiceOptions {
  out?: string;
}

/** `edgeplan plan [PATH...]`: exit 0 no changes, 2 changes, 1 error. */
export async function planCommand(paths: string[], options: PlanOptions, io: CliIo): Promise<ExitCode> {
  const desired = await loadOrReport(paths, io);
  if (!desired) return EXIT_ERROR;
  const plan = await readPlan(desired, options, io);
  io.stdout(renderPlan(plan, options, io));
  if (options.out) await writeFile(resolve(io.cwd, options.out), renderPlanJson(plan));
  return planHasChanges(plan) ? EXIT_CHANGES : EXIT_OK;
}

/**
 * Opens only the services the desired state mentions (DNS for zones, secondary zones or geo services; WAF for a
 * `waf` section): the others need no credentials.
 */
export async function readPlan(desired: DesiredState, options: ServiceOptions, io: CliIo): Promise<Plan> {
  if (!usesAnyService(desired)) return computePlan(desired, { zones: {} });
  const services = await openServices(desired, options, io);
  try {
    return await planLive(desired, services.readers);
  } finally {
    await services.close();
  }
}

export function renderPlan(plan: Plan, options: ServiceOptions, io: CliIo): string {
  return options.format === 'json'
    ? renderPlanJson(plan)
    : renderPlanText(plan, { color: useColor(options, io) });
}
