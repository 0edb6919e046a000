/**
 * Zone tasks (help.dyn.com, Get one DNS task API): the service's background work on a zone, named by the
 * `task_id` that a publish, a zone-file upload or a secondary-zone change answers with. `GET /Task/<task_id>/`
 * returns `{task_id, name, customer_name, zone_name, status, step_count, total_steps, blocking, message, debug,
 * created_ts, modified_ts}`. The emulator does the work while it answers the request that starts it, so every
 * task it reports has ended: `complete`. Tasks belong to the account, not to a session.
 */
export interface TaskState {
  task_id: string;
  name: string;
  customer_name: string;
  zone_name: string;
  status: 'complete';
  step_count: number;
  total_steps: number;
  blocking: 'N';
  message: string;
  debug: string;
  created_ts: number;
  modified_ts: number;
}

/** Ended tasks kept for `GET /Task/<id>/`; the oldest are forgotten beyond this. */
const MAX_TASKS = 10_000;

export class TaskStore {
  private readonly tasks = new Map<string, TaskState>();
  private lastId = 230_000_000;

  constructor(
    private readonly now: () => number,
    private readonly customer: () => string,
  ) {}

  /** Records a task that ended with `message`; returns its id (a string of digits, as the service sends it). */
  ended(name: string, zone: string, message = ''): string {
    const id = String(++this.lastId);
    const ts = Math.floor(this.now() / 1000);
    this.tasks.set(id, {
      task_id: id,
      name,
      customer_name: this.customer(),
      zone_name: zone,
      status: 'complete',
      step_count: 1,
      total_steps: 1,
      blocking: 'N',
      message,
      debug: '',
      created_ts: ts,
      modified_ts: ts,
    });
    if (this.tasks.size > MAX_TASKS) {
      const oldest = this.tasks.keys().next().value;
      if (oldest !== undefined) this.tasks.delete(oldest);
    }
    return id;
  }

  get(id: string): TaskState | undefined {
    return this.tasks.get(id);
  }
}
