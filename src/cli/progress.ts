import type { ApplyEvent } from '../apply/types.js';
import type { CliIo } from './io.js';
import { opLabel } from './op-label.js';

/**
 * Apply progress on stderr. In logs (stderr not a TTY) one line per zone and per step, so a CI log shows exactly
 * what was sent; on a TTY a single live line that is rewritten, with one permanent line per finished zone.
 */
export function progressReporter(io: CliIo): (event: ApplyEvent) => void {
  const live = io.stderrIsTTY;
  const clearLine = () => {
    if (live) io.stderr('\r\x1b[2K');
  };
  return (event) => {
    switch (event.type) {
      case 'zone-start':
        if (!live) io.stderr(`${event.zone}: start, ${event.total} API calls\n`);
        return;
      case 'op-done': {
        const line = `${event.zone}: ${event.done}/${event.total} ${opLabel(event.op)}`;
        if (live) {
          clearLine();
          io.stderr(line);
        } else {
          io.stderr(`${line}\n`);
        }
        return;
      }
      case 'zone-done': {
        clearLine();
        const o = event.outcome;
        io.stderr(
          o.status === 'applied'
            ? `${o.zone}: published (${o.done} API calls)\n`
            : `${o.zone}: FAILED at ${o.done + 1}/${o.total} (${opLabel(o.failedOp)}), not published\n`,
        );
        return;
      }
    }
  };
}
