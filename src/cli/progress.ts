import type { ApplyEvent } from '../apply/types.js';
import type { CliIo } from './io.js';
import { opLabel } from './provider-kinds.js';
import { opsText } from './step-units.js';

/**
 * Apply progress on stderr. In logs (stderr not a TTY) one line per step and per op, so a CI log shows exactly
 * what was sent; on a TTY a single live line that is rewritten, with one permanent line per finished step.
 */
export function progressReporter(io: CliIo): (event: ApplyEvent) => void {
  const live = io.stderrIsTTY;
  const clearLine = () => {
    if (live) io.stderr('\r\x1b[2K');
  };
  return (event) => {
    switch (event.type) {
      case 'step-start':
        if (!live) io.stderr(`${event.id}: start, ${opsText(event.target, event.total)}\n`);
        return;
      case 'op-done': {
        const line = `${event.id}: ${event.done}/${event.total} ${opLabel(event.provider, event.op)}`;
        if (live) {
          clearLine();
          io.stderr(line);
        } else {
          io.stderr(`${line}\n`);
        }
        return;
      }
      case 'step-done': {
        clearLine();
        const o = event.outcome;
        if (o.status === 'applied') io.stderr(`${o.id}: done (${opsText(o.target, o.done)})\n`);
        else if (o.status === 'failed')
          io.stderr(`${o.id}: FAILED at ${o.done + 1}/${o.total} (${opLabel(o.provider, o.failedOp)})\n`);
        else io.stderr(`${o.id}: skipped (${o.blockedBy.join(', ')} did not succeed)\n`);
        return;
      }
    }
  };
}
