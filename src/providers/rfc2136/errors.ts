import { EdgeplanError } from '../../model/edgeplan-error.js';
import type { ErrorCode } from '../../model/error-codes.js';
import { OutcomeUnknownError } from '../../model/provider.js';

/**
 * A server's refusal or a failure to reach it: what was asked (`UPDATE example.com (message 1 of 2)`, `AXFR
 * example.com`), of which server, and what the server answered. Never holds the TSIG secret.
 */
export class Rfc2136Error extends EdgeplanError {
  override readonly code: ErrorCode = 'EP2401';
  override readonly name: string = 'Rfc2136Error';

  constructor(
    readonly what: string,
    readonly server: string,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`${what} at ${server}: ${detail}`, options);
  }
}

/**
 * The zone's SOA serial is not the one the plan read: someone wrote to the zone between plan and apply (a refused
 * prerequisite, NXRRSET, or a serial read right before the first message). Nothing of the step was applied.
 */
export class Rfc2136ConflictError extends Rfc2136Error {
  override readonly code = 'EP3003';
  override readonly name = 'Rfc2136ConflictError';

  constructor(zone: string, server: string, detail: string) {
    super(`zone ${zone}`, server, `changed since the plan: plan again (${detail})`);
  }
}

/** A message whose answer was lost, and the serial does not say whether it was applied. */
export class Rfc2136OutcomeUnknownError extends OutcomeUnknownError {
  override readonly code = 'EP4004';
  override readonly name = 'Rfc2136OutcomeUnknownError';
}

/**
 * The server answered an UPDATE NOERROR but the zone read back does not hold every set as the message made it: a
 * server takes a message whole yet ignores some of its records without a word (RFC 2136 §3.4.2.2: a CNAME beside
 * other data, data beside a CNAME). `sets` names each set not taken, what it should be and what is served.
 */
export class Rfc2136NotServedError extends Rfc2136Error {
  override readonly code = 'EP2402';
  override readonly name = 'Rfc2136NotServedError';

  constructor(
    what: string,
    server: string,
    readonly sets: readonly string[],
  ) {
    super(
      what,
      server,
      `the server answered NOERROR but does not serve what was sent: ${sets.join('; ')}; a server drops a CNAME ` +
        'beside other data, and data beside a CNAME, without a word (RFC 2136 §3.4.2.2)',
    );
  }
}

/** Which bound of a read was reached: its deadline, its size in octets, its number of records. */
export type Rfc2136Limit = 'deadline' | 'bytes' | 'records';

/**
 * A read that reached one of its bounds (a zone transfer's `transfer_timeout`, `transfer_max_bytes` or
 * `transfer_max_records`, a SOA answer's deadline): a server that trickles, or never ends. Nothing of it was kept.
 */
export class Rfc2136LimitError extends Rfc2136Error {
  override readonly code = 'EP2403';
  override readonly name = 'Rfc2136LimitError';

  constructor(
    what: string,
    server: string,
    readonly limit: Rfc2136Limit,
    detail: string,
  ) {
    super(what, server, `${detail}; nothing of it was kept`);
  }
}

/** One record set larger than an UPDATE message holds: no chain of messages can write it, so it is refused when planned. */
export class Rfc2136SetTooLargeError extends EdgeplanError {
  override readonly code = 'EP2406';
  override readonly name = 'Rfc2136SetTooLargeError';
}
